import Collage

/// `collage check DOC...`: validates documents as far as a render would go
/// without decoding pixels: the document, every photo's existence and header
/// (size, orientation), the layout and the text (fonts, shaping).
enum CheckCommand {
    static let help = """
    Usage: collage check DOC... [options]

    Checks each collage document (`-` reads one from standard input, named
    <stdin> in messages) without rendering it: the document itself,
    that every photo exists and its header reads (no pixels are decoded),
    the layout and the text. Prints every problem like a compiler, in source
    order, and `DOC: ok` for each document without errors.

    Options:
      --diagnostics text|json   how to print problems (default text, on stderr);
                                json prints one array on stdout with every
                                document's diagnostics: objects with file, line,
                                column, severity, kind, message, notes
      --set NAME=VALUE          set a document variable (repeatable)
      --variant NAME            check only the document's variant NAME; without
                                it, a document with `variants` is checked in
                                every variant (${variant} set to each name, each
                                problem noted "in variant 'NAME'"), and an
                                overlay that leaves the canvas in some variants
                                but not others is a warning
                                (a document of several pages is checked page by
                                page, each problem noted "on page N" and, in
                                json, given "pages": [N]; --set page=N checks one)
      --format \(OutputFormat.choices)    check against this output format (as render)
      -o, --output OUT          only to infer the format from OUT's extension,
                                as render does; nothing is written
      --max-pixels N            the decoded-pixel budget per photo, as render's
                                (default 100000000)
      --lenient                 as render's (truncated photos show only when
                                decoding, which check does not do)
      --max-memory SIZE         as render's (512M, 2G, 300MiB): with a JPEG or
                                PNG output known, a photo that cannot fit the
                                budget alone is an error, as render reports it
      --fast                    as render's: smaller decodes, which --max-memory
                                then counts
      --root DIR                as render's: every file the document names must
                                resolve inside DIR (symbolic links followed)
      --print                   print preflight for a document without print:
                                too (photo resolution, bleed, safe zone, text
                                size, strokes; docs/print.md); a document with
                                print: is always preflighted
      --strict                  treat warnings (substituted font, uncovered
                                characters) as errors; decoder warnings need
                                the pixels, so only `render --strict` sees them
      --warn-cut-faces          detect faces in every `cover` photo and cover
                                background image (OpenCV's cascades, Debian
                                opencv-data) and warn at its src when its crop
                                cuts one or leaves one out

    With the same flags, what check accepts render renders: check decides
    the layout (zero-size cells included), the output format's size limits
    (\(OutputFormat.sizeLimitsInProse)), the canvas and decoded-pixel
    budgets, the memory budget and, with --strict, font coverage. Without --format or -o it
    checks against `output.format` and warns when a limit depends on a
    format it cannot know. The one exception: decoder warnings under
    --strict (check reads headers only).
      -h, --help                show this help

    Example:

      $ collage check trip.yaml
      trip.yaml:3:3: error: unknown key 'widht' in 'canvas'; did you mean 'width'?
        widht: 2048
        ^
      $ collage check --diagnostics json trip.yaml
      [
        {
          "file": "trip.yaml",
          "line": 3,
          "column": 3,
          "severity": "error",
          "kind": "unknownKey",
          "message": "unknown key 'widht' in 'canvas'; did you mean 'width'?",
          "notes": []
        }
      ]

      $ collage check card.yaml --variant story -o story.avif
      card.yaml:12:5: error: ...

    Exit codes: 0 every document is fine; 1 any document has an error; 64 usage error.

    """

    static func run(_ arguments: [String]) -> ExitStatus {
        var scanner = Arguments(arguments)
        var json = false
        var request = CollageRenderer.CheckRequest()
        var variant: String?
        let status = scanner.parseOptions(
            command: "check", help: help,
            valued: ["--diagnostics", "--set", "--variant", "--format", "-o", "--output", "--max-pixels", "--max-memory", "--root"],
            flags: ["--strict", "--lenient", "--fast", "--warn-cut-faces", "--print"]
        ) { name, value in
            switch name {
            case "--variant": variant = value
            case "--strict": request.strict = true
            case "--warn-cut-faces": request.warnCutFaces = true
            case "--print": request.print = true
            case "--fast": request.fast = true
            case "--max-memory": request.maxMemory = try CommonRenderFlags.parseMaxMemory(value)
            case "--lenient": request.lenient = true
            case "--root":
                do throws(CollageError) {
                    request.policy = try PathPolicy(root: value ?? "")
                } catch {
                    if case .usage(let message) = error { throw Arguments.UsageError(message: message) }
                    throw Arguments.UsageError(message: "--root '\(value ?? "")': \(error)")
                }
            case "-o", "--output": request.outputPath = value
            case "--format":
                request.format = try OutputFormat.parseFlag(value)
            case "--max-pixels":
                request.maxPixels = try CommonRenderFlags.parseMaxPixels(value)
            case "--diagnostics":
                switch value {
                case "json": json = true
                case "text": json = false
                default: throw Arguments.UsageError(message: "--diagnostics must be text or json, not '\(value ?? "")'")
                }
            case "--set":
                let (key, text) = try RenderCommand.parseSet(value)
                request.variables[key] = text
            default: break
            }
        }
        if let status { return status }
        do throws(Arguments.UsageError) {
            request.variables[DocumentVariants.variable] = try RenderCommand.chosenVariant(flag: variant, variables: request.variables)
        } catch {
            return usage(error.message)
        }
        guard !scanner.positionals.isEmpty else { return usage("check needs at least one document: collage check DOC...") }
        if scanner.positionals.filter({ $0 == "-" }).count > 1 {
            return usage("standard input can be read once: give '-' at most once")
        }

        var failed = false
        var all: [JSONText.Value] = []
        for document in scanner.positionals {
            // As render: several pages into one OUT without ${page} is a usage error.
            if let output = request.outputPath, document != "-", !output.contains(RenderCommand.pageVariable),
               request.variables[DocumentPages.variable] == nil,
               case let pages = DocumentInput.file(document).pageCount(variables: request.variables), pages > 1 {
                return usage("\(document) has \(pages) pages and -o '\(output)' names one file: render would refuse it; "
                             + "add ${page} to -o")
            }
            let diagnostics: [Diagnostic], source: SourceText?
            do {
                (diagnostics, source) = try check(document, request)
            } catch {
                return usage(error.message)
            }
            let name = document == "-" ? "<stdin>" : document
            let hasErrors = diagnostics.contains { $0.severity == .error }
            failed = failed || hasErrors
            if json {
                all += diagnostics.map { $0.json(document: name) }
            } else {
                DiagnosticPrinter.print(diagnostics, source: source)
                if !hasErrors { Console.out("\(name): ok\n") }
            }
        }
        if json { Console.out(JSONText.write(.array(all)) + "\n") }
        return failed ? .failure : .success
    }

    /// A usage error of the request (a `--format` contradicting `-o`).
    struct RequestError: Error { var message: String }

    /// `CollageRenderer.check`, its usage errors as `RequestError`.
    static func check(_ document: String, _ request: CollageRenderer.CheckRequest) throws(RequestError) -> ([Diagnostic], SourceText?) {
        do {
            let input: DocumentInput = document == "-" ? try DocumentInput.standardInput() : .file(document)
            return try CollageRenderer.check(input: input, request)
        } catch {
            switch error {
            case .diagnostics(let list): return (list.diagnostics, list.source)
            case .usage(let message): throw RequestError(message: message)
            case .timedOut(let seconds): return ([Diagnostic(.render, at: nil, CollageError.timedOutMessage(seconds))], nil)
            }
        }
    }

    static func usage(_ message: String) -> ExitStatus {
        Console.err("error: \(message)\nsee `collage check --help`\n")
        return .usage
    }
}
