import Collage

/// `collage render DOC -o 'book-${page}.jpg'` (docs/print.md "Templated
/// -o"): a document of several pages (`pages:`, `paginate:`) writes one file
/// per page, `${page}` in OUT replaced by the page's number (1, 2, … 12, no
/// padding); a PDF (`-o book.pdf`) holds every page in one file. `${page}` is digits, so the outputs stay in OUT's folder (the
/// batch output-folder rule holds by construction). A raster file holds one
/// page: several pages and no `${page}` is a usage error. Every page is
/// checked before any is written, as variants are.
extension RenderCommand {
    /// `${page}` in OUT: the page's number from 1 (`1` for a single-page document).
    static let pageVariable = "${page}"

    /// OUT with `${page}` replaced by `page`.
    static func outputPath(_ output: String, page: Int) -> String {
        output.split(separator: pageVariable, omittingEmptySubsequences: false).joined(separator: String(page))
    }

    /// Renders every page of one document (one variant of it, when
    /// `options.variables` chooses one).
    static func executePages(document: String, options: RenderOptions, pipeline: PipelineFlags) -> ExitStatus {
        let policy = try? pipeline.policy()
        let count = document == "-" || options.variables[DocumentPages.variable] != nil ? 1
            : DocumentInput.file(document).pageCount(variables: options.variables, root: policy)
        guard count > 1 else {
            var one = options
            one.outputPath = outputPath(options.outputPath, page: Int(options.variables[DocumentPages.variable] ?? "") ?? 1)
            return execute(document: document, options: one, pipeline: pipeline)
        }
        // A PDF holds every page: one file, no ${page}.
        if (options.format ?? OutputFormat(extensionOf: options.outputPath))?.isVector == true,
           !options.outputPath.contains(pageVariable) {
            return executePDF(document: document, pages: count, options: options, pipeline: pipeline)
        }
        guard options.outputPath.contains(pageVariable) else {
            let output = options.outputPath
            if output == "-" {
                return usage("\(document) has \(count) pages and -o - writes one image: choose it with --set page=N, "
                             + "write them all as one PDF (--format pdf), or one file per page with -o 'out-${page}.png'")
            }
            let dot = output.lastIndex(of: ".").map { output[..<$0] + "-${page}" + output[$0...] } ?? Substring(output + "-${page}")
            return usage("\(document) has \(count) pages and -o '\(output)' names one file: add ${page} to -o to write "
                         + "one file per page (-o '\(dot)')")
        }
        if pipeline.depfile != nil {
            return usage("--depfile names one output: \(document) has \(count) pages; render them without --depfile")
        }
        let runs = (1...count).map { page in
            var one = options
            one.variables[DocumentPages.variable] = String(page)
            one.outputPath = outputPath(options.outputPath, page: page)
            return Run(options: one, note: "on page \(page)")
        }
        if let status = checkEveryRun(document: document, runs, pipeline: pipeline, what: "page") { return status }
        return renderEveryRun(runs) { execute(document: document, options: $0, pipeline: pipeline) }
    }
}

extension RenderCommand {
    /// Every page of `document` in one PDF (`CollageRenderer.writePDF`):
    /// every page is read and checked before anything is written, and the
    /// file is written whole or not at all.
    static func executePDF(document: String, pages count: Int, options: RenderOptions, pipeline: PipelineFlags) -> ExitStatus {
        if pipeline.depfile != nil {
            return usage("--depfile with a PDF of \(count) pages is not supported yet; render without --depfile")
        }
        do throws(CollageError) {
            CollageRenderer.warmUpFonts()
            let policy = try pipeline.policy()
            try OutputPreflight.folder(of: options.outputPath)
            var specs: [Spec] = []
            for page in 1...count {
                var variables = options.variables
                variables[DocumentPages.variable] = String(page)
                let spec = try DocumentInput.file(document).load(variables: variables, root: policy)
                try policy?.check(spec)
                try CollageRenderer.preflight(spec: spec, inputs: [document] + spec.photos.map(\.path), options: options)
                specs.append(spec)
            }
            let inputs = [document] + specs.flatMap { $0.photos.map(\.path) }
            let written = try CollageRenderer.writePDF(pages: specs, inputs: inputs, options: options)
            if options.outputPath == "-" { Console.write(bytes: written.standardOutput, to: 1) }
            DiagnosticPrinter.print(written.warnings, source: specs[0].source)
            return .success
        } catch {
            return error.report(command: "render")
        }
    }
}
