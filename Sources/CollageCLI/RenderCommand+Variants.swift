import Collage
#if canImport(Glibc)
import Glibc
#endif

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
    ///
    /// All or nothing (README "Rules": outputs appear whole or not at all):
    /// each run writes a staged file beside its output (`stagedPath`), and
    /// the staged files are renamed into place only once every run has
    /// succeeded; at the first failure the staged ones are removed, and the
    /// files already at the outputs are left as they were.
    static func renderEveryRun(_ runs: [Run], render: (RenderOptions) -> ExitStatus) -> ExitStatus {
        var staged: [(staged: String, output: String)] = []
        var status = ExitStatus.success
        for run in runs {
            var options = run.options
            // An output still holding ${page} (a variant of a document of pages) is staged page by page inside.
            let stage = !run.options.outputPath.contains(pageVariable)
            if stage { options.outputPath = stagedPath(run.options.outputPath) }
            let result = render(options)
            guard result == .success else { status = result; break }
            if stage { staged.append((options.outputPath, run.options.outputPath)) }
        }
        guard status == .success else {
            for file in staged { unlink(file.staged) }
            Console.err("error: nothing written: every output of this render must succeed before any is written\n")
            return status
        }
        for (index, file) in staged.enumerated() where rename(file.staged, file.output) != 0 {
            let reason = String(cString: strerror(errno))
            for rest in staged[index...] { unlink(rest.staged) }
            Console.err("error: cannot write '\(file.output)': \(reason)\n")
            return .failure
        }
        return .success
    }

    /// A hidden file beside `output` with its extension (so the format it
    /// implies is the same): `out/.book-3.partial-PID.jpg`.
    static func stagedPath(_ output: String) -> String {
        let folder = output.lastIndex(of: "/").map { String(output[...$0]) } ?? ""
        let name = String(output[(output.lastIndex(of: "/").map { output.index(after: $0) } ?? output.startIndex)...])
        let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 }
        let stem = dot.map { String(name[..<$0]) } ?? name, ext = dot.map { String(name[$0...]) } ?? ""
        return "\(folder).\(stem).partial-\(getpid())\(ext)"
    }
}
