import Collage

/// `collage render DOC -o 'out/${variant}.jpg'` and `--variant NAME`
/// (docs/format.md "Variants"): one render per variant the document
/// declares, each with the variable `variant` set. `render` expands only
/// `${variant}` and `${page}` in OUT: a document has one page, so `${page}`
/// is `1` (multi-page output is a later issue); a variant's name is letters, digits and `_`, so the
/// outputs stay in OUT's folder (the batch output-folder rule holds by
/// construction).
extension RenderCommand {
    /// `${page}` in OUT: the page's number from 1; every document has one page.
    static let pageVariable = "${page}"

    static func executeVariants(document: String, only: String?, options: RenderOptions,
                                pipeline: PipelineFlags) -> ExitStatus {
        var options = options
        options.outputPath = options.outputPath.split(separator: pageVariable, omittingEmptySubsequences: false)
            .joined(separator: "1")
        let output = options.outputPath
        let templated = output.contains("${variant}")
        guard templated || only != nil else { return execute(document: document, options: options, pipeline: pipeline) }
        guard document != "-" else { return usage("variants need a document file, not standard input") }
        guard let text = FileSystem.contents(of: document) else {
            return execute(document: document, options: options, pipeline: pipeline)   // reports the unreadable file
        }
        let names = DocumentVariants.names(text: text, file: document)
        guard !names.isEmpty else {
            Console.err("\(document): error: the document declares no 'variants', so there is no "
                        + (only.map { "variant '\($0)'" } ?? "'${variant}' for -o") + "\n")
            return .failure
        }
        var chosen = names
        if let only {
            guard names.contains(only) else {
                Console.err("\(document): error: the document has no variant '\(only)'\nnote: its variants: \(names.joined(separator: ", "))\n")
                return .failure
            }
            chosen = [only]
        }
        if chosen.count > 1, pipeline.depfile != nil {
            return usage("--depfile names one output: give --variant NAME to render one variant with a depfile")
        }
        var status = ExitStatus.success
        for name in chosen {
            var one = options
            one.variables[DocumentVariants.variable] = name
            one.outputPath = output.split(separator: "${variant}", omittingEmptySubsequences: false).joined(separator: name)
            let result = execute(document: document, options: one, pipeline: pipeline)
            if result != .success { status = result }
            if result == .usage { break }
        }
        return status
    }
}
