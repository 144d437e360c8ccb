import Collage

/// `collage render` in a pipeline: `-` for standard input and output,
/// `--root`, `--depfile`.
extension RenderCommand {
    /// Renders `document` (a path, or `-` for standard input) and prints its
    /// warnings or errors; returns the exit status.
    static func execute(document: String, options: RenderOptions, pipeline: PipelineFlags) -> ExitStatus {
        var options = options
        options.progress = ProgressBar.forPhotos()
        defer { if options.progress != nil { ProgressBar.clear() } }
        let toStdout = options.outputPath == "-"
        if toStdout && options.format == nil {
            return usage("-o - writes to standard output and needs --format png, --format jpeg or --format webp")
        }
        if toStdout && pipeline.depfile != nil {
            return usage("--depfile needs an output file to name, not -o -")
        }
        do throws(CollageError) {
            CollageRenderer.warmUpFonts()
            let policy = try pipeline.policy()
            let input: DocumentInput = document == "-" ? try DocumentInput.standardInput() : .file(document)
            let spec = try input.load(variables: options.variables)
            try policy?.check(spec)
            let prepared = try CollageRenderer.prepare(spec: spec)
            let inputs = [input.path].compactMap { $0 } + spec.photos.map(\.path)
            if let depfile = pipeline.depfile {
                try Depfile.refuse(depfile, outputs: [options.outputPath], inputs: inputs + prepared.inputFiles)
            }
            let warnings: [Diagnostic]
            if toStdout {
                let encoded = try CollageRenderer.encode(prepared, inputs: inputs, options: options)
                Console.write(bytes: encoded.bytes, to: 1)
                warnings = encoded.warnings
            } else {
                warnings = try CollageRenderer.render(prepared, inputs: inputs, options: options).warnings
            }
            DiagnosticPrinter.print(warnings, source: spec.source)
            if let depfile = pipeline.depfile {
                let rule = Depfile.Rule(target: options.outputPath,
                                        prerequisites: [input.path].compactMap { $0 } + prepared.inputFiles)
                try Depfile.write(Depfile.text([rule], workingDirectory: WorkingDirectory.path), to: depfile)
            }
            return .success
        } catch {
            return error.report(command: "render")
        }
    }
}
