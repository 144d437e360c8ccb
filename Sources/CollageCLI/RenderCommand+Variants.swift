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

    /// The placeholders `render` expands in OUT.
    static let outputPlaceholders = ["${variant}", pageVariable]

    /// A usage message for a `${NAME}` in OUT that `render` does not expand; nil when there is none.
    static func unknownPlaceholder(in output: String) -> String? {
        for piece in output.split(separator: "${", omittingEmptySubsequences: false).dropFirst() {
            guard let end = piece.firstIndex(of: "}") else { continue }
            let placeholder = "${" + piece[...end]
            if !outputPlaceholders.contains(placeholder) {
                return "-o '\(output)': \(placeholder) does not expand; render expands only ${variant} and ${page} in OUT"
                    + " (document variables such as --set apply inside the document, not to OUT)"
            }
        }
        return nil
    }

    /// The variant `--variant NAME` or `--set variant=NAME` chooses; a usage error for both.
    static func chosenVariant(flag: String?, variables: [String: String]) throws(Arguments.UsageError) -> String? {
        if let flag, variables[DocumentVariants.variable] != nil {
            throw Arguments.UsageError(message: "give the variant once: --variant \(flag) or --set variant=NAME, not both")
        }
        return flag ?? variables[DocumentVariants.variable]
    }

    /// The usage message for a document with variants and none chosen.
    static func noVariantChosen(_ document: String, names: [String], output: String?) -> String {
        let example = output.map { "-o '\($0.hasSuffix(".png") ? String($0.dropLast(4)) : $0)-${variant}.png'" } ?? ""
        return "\(document) has variants (\(names.joined(separator: ", "))): pass --variant NAME for one"
            + (output == nil ? "" : ", or add ${variant} to -o to write every variant (\(example))")
    }

    static func executeVariants(document: String, only flag: String?, options: RenderOptions,
                                pipeline: PipelineFlags) -> ExitStatus {
        var options = options
        let only: String?
        do throws(Arguments.UsageError) {
            only = try chosenVariant(flag: flag, variables: options.variables)
        } catch {
            return usage(error.message)
        }
        if let message = unknownPlaceholder(in: options.outputPath) { return usage(message) }
        options.outputPath = options.outputPath.split(separator: pageVariable, omittingEmptySubsequences: false)
            .joined(separator: "1")
        let output = options.outputPath
        let templated = output.contains("${variant}")
        // Standard input is read once: its variants are not looked at (a '${variant}' or --variant needs a file).
        guard document != "-" else {
            guard !templated && flag == nil else { return usage("variants need a document file, not standard input") }
            return execute(document: document, options: options, pipeline: pipeline)
        }
        guard let text = FileSystem.contents(of: document) else {
            return execute(document: document, options: options, pipeline: pipeline)   // reports the unreadable file
        }
        let names = DocumentVariants.names(text: text, file: document)
        guard !names.isEmpty else {
            guard !templated && flag == nil else {
                return usage("\(document) declares no 'variants', so there is no "
                             + (flag.map { "variant '\($0)'" } ?? "'${variant}' for -o")
                             + ": remove " + (flag == nil ? "${variant} from -o" : "--variant"))
            }
            return execute(document: document, options: options, pipeline: pipeline)
        }
        var chosen = names
        if let only {
            guard names.contains(only) else {
                return usage("\(document) has no variant '\(only)'; its variants: \(names.joined(separator: ", "))")
            }
            chosen = [only]
        } else if !templated {
            return usage(noVariantChosen(document, names: names, output: output))
        }
        if chosen.count > 1, pipeline.depfile != nil {
            return usage("--depfile names one output: give --variant NAME to render one variant with a depfile")
        }
        /// OUT for one variant: `${variant}` replaced by its name.
        func outputPath(for name: String) -> String {
            output.split(separator: "${variant}", omittingEmptySubsequences: false).joined(separator: name)
        }
        // Every variant is checked before any is written: a later variant's error leaves no partial set.
        if chosen.count > 1 {
            let policy: PathPolicy?
            do throws(CollageError) { policy = try pipeline.policy() } catch { return error.report(command: "render") }
            var failed = false
            for name in chosen {
                var request = CollageRenderer.CheckRequest()
                request.variables = options.variables
                request.variables[DocumentVariants.variable] = name
                request.format = options.format
                request.outputPath = outputPath(for: name)
                request.maxPixels = options.maxPixels
                request.maxMemory = options.maxMemory
                request.fast = options.fast
                request.lenient = options.lenient
                request.strict = options.strict
                request.policy = policy
                do throws(CollageError) {
                    let (diagnostics, source) = try CollageRenderer.check(input: .file(document), request)
                    let errors = diagnostics.filter { $0.severity == .error }.map { error in
                        var error = error
                        error.notes.append("in variant '\(name)'")
                        return error
                    }
                    if !errors.isEmpty { DiagnosticPrinter.print(errors, source: source); failed = true }
                } catch {
                    return error.report(command: "render")
                }
            }
            if failed {
                Console.err("\(document): error: nothing written: every variant must render before any is written\n")
                return .failure
            }
        }
        var status = ExitStatus.success
        for name in chosen {
            var one = options
            one.variables[DocumentVariants.variable] = name
            one.outputPath = outputPath(for: name)
            let result = execute(document: document, options: one, pipeline: pipeline)
            if result != .success { status = result }
            if result == .usage { break }
        }
        return status
    }
}
