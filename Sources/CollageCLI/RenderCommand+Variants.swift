import Collage

/// `collage render DOC -o 'out/${variant}.jpg'` and `--variant NAME`
/// (docs/format.md "Variants"): one render per variant the document
/// declares, each with the variable `variant` set. `render` expands only
/// `${variant}` and `${page}` in OUT (`RenderCommand+Pages`); a variant's
/// name is letters, digits and `_`, so the outputs stay in OUT's folder (the
/// batch output-folder rule holds by construction).
extension RenderCommand {
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
        let output = options.outputPath
        let templated = output.contains("${variant}")
        // Standard input is read once: its variants are not looked at (a '${variant}' or --variant needs a file).
        guard document != "-" else {
            guard !templated && flag == nil else { return usage("variants need a document file, not standard input") }
            return executePages(document: document, options: options, pipeline: pipeline)
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
            return executePages(document: document, options: options, pipeline: pipeline)
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
        let runs = chosen.map { name in
            var one = options
            one.variables[DocumentVariants.variable] = name
            // OUT for one variant: `${variant}` replaced by its name.
            one.outputPath = output.split(separator: "${variant}", omittingEmptySubsequences: false).joined(separator: name)
            return Run(options: one, note: "in variant '\(name)'")
        }
        // Every variant is checked before any is written: a later variant's error leaves no partial set.
        if runs.count > 1, let status = checkEveryRun(document: document, runs, pipeline: pipeline, what: "variant") { return status }
        return renderEveryRun(runs) { executePages(document: document, options: $0, pipeline: pipeline) }
    }

    /// One render of several a command line asks for (variants, pages): its
    /// options (variables and OUT set) and the note its errors carry.
    struct Run {
        var options: RenderOptions
        var note: String
    }

    /// Checks every run as `check` would (`CollageRenderer.check`), printing
    /// the errors with the run's note; nil when none has an error, else the
    /// status to exit with (nothing is written then).
    static func checkEveryRun(document: String, _ runs: [Run], pipeline: PipelineFlags, what: String) -> ExitStatus? {
        let policy: PathPolicy?
        do throws(CollageError) { policy = try pipeline.policy() } catch { return error.report(command: "render") }
        var failed = false
        for run in runs {
            let options = run.options
            var request = CollageRenderer.CheckRequest()
            request.variables = options.variables
            request.format = options.format
            request.outputPath = options.outputPath
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
                    error.notes.append(run.note)
                    return error
                }
                if !errors.isEmpty { DiagnosticPrinter.print(errors, source: source); failed = true }
            } catch {
                return error.report(command: "render")
            }
        }
        guard failed else { return nil }
        Console.err("\(document): error: nothing written: every \(what) must render before any is written\n")
        return .failure
    }

    /// Renders each run in order (stopping at a usage error); the last failure's status.
    static func renderEveryRun(_ runs: [Run], render: (RenderOptions) -> ExitStatus) -> ExitStatus {
        var status = ExitStatus.success
        for run in runs {
            let result = render(run.options)
            if result != .success { status = result }
            if result == .usage { break }
        }
        return status
    }
}
