import Collage

/// `collage render` in a pipeline: `-` for standard input and output,
/// `--root`, `--depfile`.
extension RenderCommand {
    /// Renders `document` (a path, or `-` for standard input) and prints its
    /// warnings or errors; returns the exit status.
    static func execute(document: String, options: RenderOptions, pipeline: PipelineFlags) -> ExitStatus {
        var options = options
        options.progress = ProgressBar.forPhotos()
        // The bar's line is cleared before anything else is printed.
        let clearBar = { if options.progress != nil { ProgressBar.clear() } }
        let toStdout = options.outputPath == "-"
        if toStdout && pipeline.depfile != nil {
            return usage("--depfile needs an output file to name, not -o -")
        }
        do throws(CollageError) {
            CollageRenderer.warmUpFonts()
            let policy = try pipeline.policy()
            // The output is checked before anything is read (issue 13 §5).
            try OutputPreflight.folder(of: options.outputPath)
            let input: DocumentInput = document == "-" ? try DocumentInput.standardInput() : .file(document)
            let spec = try input.load(variables: options.variables, root: policy)
            // A file's pages are rendered one by one (`executePages`); from standard input, one page is chosen.
            if spec.pageCount > 1, options.variables[DocumentPages.variable] == nil {
                return usage("the document on standard input has \(spec.pageCount) pages and render writes one of them: "
                             + "choose it with --set page=N, or render the document from a file with -o 'out-${page}.png'")
            }
            if toStdout && options.format == nil && spec.output.format == nil {
                return usage(OutputFormat.standardOutputNeedsDocumentFormat)
            }
            try policy?.check(spec)
            let inputs = [input.path].compactMap { $0 } + spec.photos.map(\.path)
            try CollageRenderer.preflight(spec: spec, inputs: inputs, options: options)
            let depfile = pipeline.depfile, output = options.outputPath
            // The photos decode while the text is set; the depfile's path is
            // checked against the inputs (fonts too) before anything is written.
            let check: @Sendable (CollageRenderer.Prepared) throws(CollageError) -> Void = { prepared throws(CollageError) in
                if let depfile { try Depfile.refuse(depfile, outputs: [output], inputs: inputs + prepared.inputFiles) }
            }
            let prepared: CollageRenderer.Prepared
            let warnings: [Diagnostic]
            if toStdout {
                let (done, encoded) = try CollageRenderer.prepareAndEncode(spec: spec, inputs: inputs, options: options,
                                                                           check: check)
                Console.write(bytes: encoded.bytes, to: 1)
                (prepared, warnings) = (done, encoded.warnings)
            } else {
                // JPEG and PNG stream to the file as they are encoded.
                let (done, report) = try CollageRenderer.prepareAndWrite(spec: spec, inputs: inputs, options: options,
                                                                         check: check)
                (prepared, warnings) = (done, report.warnings)
            }
            clearBar()
            DiagnosticPrinter.print(warnings, source: spec.source)
            if let depfile = pipeline.depfile {
                let rule = Depfile.Rule(target: options.outputPath,
                                        prerequisites: [input.path].compactMap { $0 } + prepared.inputFiles)
                try Depfile.write(Depfile.text([rule], workingDirectory: WorkingDirectory.path), to: depfile)
            }
            return .success
        } catch {
            clearBar()
            return error.report(command: "render")
        }
    }
}
