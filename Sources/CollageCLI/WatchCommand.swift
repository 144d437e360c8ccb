import Collage
import Dispatch

/// `collage watch DOC -o OUT`: re-render whenever DOC or an input changes.
enum WatchCommand {
    static let help = """
    Usage: collage watch DOC -o OUT [options]

    Renders DOC to OUT, then again whenever DOC or a file it depends on
    changes (every file it names: photos, image overlays, the background
    image, font files; and the fonts its text uses; inotify, so saves by
    rename are seen too). DOC must be a file: `-`
    (standard input) cannot be watched. Errors are printed and watching goes on; OUT
    keeps its last good image. Stop with Ctrl-C.

    Options:
      -o, --output PATH     the image to write (required)
      --format \(OutputFormat.choices) output format; must agree with OUT's extension
    \(CommonRenderFlags.saverOptionsHelp)
      --set NAME=VALUE      set a document variable (repeatable)
      --variant NAME        the variant to watch, for a document with 'variants'
                            (required there; OUT holds no ${variant}: one image)
                            A document of several pages is watched one page at
                            a time: page 1, or the one --set page=N names
      --strict              treat warnings (substituted font, uncovered characters,
                            decoder warnings) as errors: nothing is written
      --threads N           threads that decode and resample (default: all cores)
    \(CommonRenderFlags.maxPixelsHelp)
    \(CommonRenderFlags.maxMemoryHelp)
    \(CommonRenderFlags.timeoutHelp(per: "each render"))
      --root DIR            refuse paths in DOC that resolve outside DIR
    \(WatchPreview.Flags.help)
      -h, --help            show this help

    Example: keep preview.jpg up to date while editing trip.yaml:

      $ collage watch trip.yaml -o preview.jpg

    The story variant of a document with variants:

      $ collage watch card.yaml --variant story -o story.png

    The same, a render that takes over 5 seconds stopped (and the next change waited for):

      $ collage watch trip.yaml -o preview.jpg --timeout 5

    A live preview in the browser at http://127.0.0.1:3000/ (docs/preview.md):
    hover a photo or an overlay to see its kind, box and file:line:column;
    click to open it in VS Code:

      $ collage watch trip.yaml -o preview.png --serve --editor 'code -g {file}:{line}:{column}'

    Exit codes: runs until stopped (Ctrl-C, SIGTERM); 1 when files cannot be
    watched or the preview's port cannot be listened on; 64 usage error.

    """

    static func run(_ arguments: [String]) -> ExitStatus {
        var scanner = Arguments(arguments)
        var common = CommonRenderFlags()
        var pipeline = PipelineFlags()
        var variant: String?
        var preview = WatchPreview.Flags()
        let status = scanner.parseOptions(
            command: "watch", help: help,
            valued: CommonRenderFlags.valued.union(["--root", "--variant"]).union(WatchPreview.Flags.valued),
            flags: CommonRenderFlags.flags.union(WatchPreview.Flags.flags)
        ) { name, value in
            if name == "--variant" { variant = value; return }
            if try preview.handle(name, value) { return }
            if try common.handle(name, value) { return }
            try pipeline.handle(name, value)
        }
        if let status { return status }
        if scanner.positionals.contains("-") {
            return usageError("watch cannot watch standard input ('-'): it re-reads DOC when the file changes; "
                              + "save the document to a file and watch that", command: "watch")
        }
        guard scanner.positionals.count == 1, let document = scanner.positionals.first else {
            return usageError("watch takes one document file: collage watch DOC -o OUT", command: "watch")
        }
        guard let output = common.output, output != "-" else {
            return usageError("watch needs an output file: add -o OUT (e.g. -o preview.jpg)", command: "watch")
        }
        var options = common.options(output: output)
        if let message = preview.problem { return usageError(message, command: "watch") }
        if output.contains("${") {
            return usageError("watch writes one image: -o '\(output)' cannot hold a placeholder; "
                              + "choose a variant with --variant NAME and name its file", command: "watch")
        }
        // A document with variants is watched as one of them (docs/format.md "Variants").
        do throws(Arguments.UsageError) {
            if let chosen = try RenderCommand.chosenVariant(flag: variant, variables: options.variables) {
                options.variables[DocumentVariants.variable] = chosen
            } else if let text = FileSystem.contents(of: document),
                      case let names = DocumentVariants.names(text: text, file: document), !names.isEmpty {
                return usageError(RenderCommand.noVariantChosen(document, names: names, output: nil), command: "watch")
            }
        } catch {
            return usageError(error.message, command: "watch")
        }
        let watcher: FileWatcher
        let policy: PathPolicy?
        do throws(CollageError) {
            policy = try pipeline.policy()
            watcher = try FileWatcher()
        } catch {
            return error.report(command: "watch")
        }
        // A document of several pages is watched one page at a time (OUT is
        // one image): page 1 unless `--set page=N` chooses another.
        if options.variables[DocumentPages.variable] == nil,
           case let count = DocumentInput.file(document).pageCount(variables: options.variables, root: policy), count > 1 {
            options.variables[DocumentPages.variable] = "1"
            Console.err("watch: \(document) has \(count) pages; watching page 1 (choose another with --set page=N)\n")
        }
        let documentPath = WorkingDirectory.absolute(document)
        // A document that does not exist cannot be watched (a typo in its
        // name would otherwise wait forever); one that fails to load can.
        let kind = FileSystem.kind(of: documentPath)
        guard kind != .missing, kind != .folder else {
            Console.err("error: cannot watch '\(document)': \(kind == .folder ? "it is a folder" : "no such file")\n")
            return .failure
        }
        // The preview shows OUT read back after each render: a device or a
        // named pipe (/dev/null, a FIFO) would read back nothing or block.
        if preview.serve, FileSystem.kind(of: WorkingDirectory.absolute(output)) == .other {
            return usageError("watch --serve shows OUT as written: -o '\(output)' must be a regular file", command: "watch")
        }
        // An OUT no edit of DOC can fix (a folder, a missing or read-only
        // folder) ends the watch at once instead of failing every render.
        do throws(CollageError) { try OutputPreflight.folder(of: output) } catch {
            return error.report(command: "watch")
        }
        // The page shows OUT in an <img>: a PDF would not display.
        if preview.serve, let format = options.format ?? OutputFormat(extensionOf: output), format.isVector {
            return usageError("watch --serve shows OUT in the browser as an image: -o '\(output)' is \(format.displayName); "
                              + "watch a \(OutputFormat.choices(OutputFormat.raster)) file, or drop --serve", command: "watch")
        }
        let server: WatchPreview?
        do throws(WatchPreview.Failure) {
            server = try preview.serve ? WatchPreview(flags: preview) : nil
        } catch {
            Console.err("error: \(error.message)\n")
            return .failure
        }
        var dependencies: [String] = []
        while true {
            // Watched before loading, so a change made while rendering is
            // queued and starts the next render instead of being missed.
            watcher.watch([documentPath] + dependencies)
            let started = DispatchTime.now().uptimeNanoseconds
            do throws(CollageError) {
                let spec = try DocumentInput.file(document).load(variables: options.variables, root: policy)
                // Watch the files it names (`Spec.inputs`) even if a later
                // stage fails on one of them.
                dependencies = spec.inputs.map(\.path)
                try policy?.check(spec)
                let prepared = try CollageRenderer.prepare(spec: spec, maxPixels: options.maxPixels)
                dependencies = prepared.inputFiles
                let report = try CollageRenderer.render(prepared, inputs: [document] + spec.photos.map(\.path), options: options)
                DiagnosticPrinter.print(report.warnings, source: spec.source)
                let ms = (DispatchTime.now().uptimeNanoseconds - started) / 1_000_000
                Console.err("watch: wrote \(output) in \(ms) ms; watching \(dependencies.count + 1) files\n")
                server?.rendered(prepared, format: report.format, output: output)
            } catch {
                server?.failed(error)
                switch error {
                case .usage(let message): Console.err("error: \(message)\n")
                case .diagnostics(let list): DiagnosticPrinter.print(list)
                case .timedOut(let seconds): Console.err("error: \(CollageError.timedOutMessage(seconds))\n")
                }
                Console.err("watch: \(output) not updated; waiting for changes\n")
            }
            watcher.watch([documentPath] + dependencies)
            let changed = watcher.waitForChange()
            Console.err("watch: changed: \(changed.map { Depfile.relative($0, to: WorkingDirectory.path) }.joined(separator: ", "))\n")
        }
    }
}
