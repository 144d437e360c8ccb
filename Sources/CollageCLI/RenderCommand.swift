import Collage

/// `collage render DOC -o OUT`.
enum RenderCommand {
    static let help = """
    Usage: collage render DOC -o OUT [options]

    Renders the collage document DOC (.yaml, .yml or .json) to OUT.
    DOC `-` reads the document from standard input (its relative paths then
    resolve against the working directory); OUT `-` writes the image to
    standard output (its format from --format or the document's
    `output.format`).
    The output format comes from --format, else OUT's extension
    (\(OutputFormat.extensionsInProse)), else the document's `output.format`.
    Photos may be JPEG, PNG, HEIC/HEIF/AVIF, WebP or SVG/SVGZ (detected from their bytes).
    OUT is written whole or not at all (a symbolic link stays a link and the
    file it names is replaced; a device or named pipe such as /dev/null is
    written through); DOC and its photos are never overwritten. OUT's folder
    must exist and be writable, and OUT's format must hold the canvas: both
    are checked before the document's photos are read.

    Options:
      -o, --output PATH     the image to write (required)
      --format \(OutputFormat.choices)  output format; must agree with OUT's extension
      --dpi N               write N dots per inch (JFIF density / PNG pHYs; or output.dpi)
    \(CommonRenderFlags.saverOptionsHelp)
      --lenient             render truncated photos (missing part gray) with a warning
    \(CommonRenderFlags.maxPixelsHelp)
      --set NAME=VALUE      set a document variable (repeatable)
      --variant NAME        render the document's variant NAME (its `variants`);
                            without it, an OUT with ${variant} renders every variant
                            (each is checked before any is written); a document
                            with variants needs one of the two (else exit 64).
                            OUT expands only ${variant} and ${page} (the page's
                            number from 1); any other ${NAME} in OUT is a usage
                            error. A document of several pages (pages:,
                            paginate:) needs ${page} in OUT: one file a page,
                            every page checked before any is written (else
                            exit 64); --set page=N renders page N alone
      --threads N           threads that decode and resample (default: all cores)
    \(CommonRenderFlags.maxMemoryHelp)
    \(CommonRenderFlags.timeoutHelp(per: "the render"))
      --depfile PATH        also write a Makefile rule: OUT: DOC photos images fonts
      --root DIR            refuse paths in DOC that resolve outside DIR
      --strict              treat warnings (substituted font, uncovered characters,
                            vertical text in a face without vertical metrics,
                            a photo's decoder warnings such as a dropped ICC
                            profile) as errors: nothing is written
      --debug-layout        draw each cell's bounds, its photo id and the crop
                            window (when it is inside the cell) over the output
      --fast                decode photos only as large as their cells (the smallest
                            JPEG DCT scale that covers each cell, not twice that):
                            faster, slightly softer
      -h, --help            show this help

    Example: nine photos in the automatic 3x3 grid, with a caption:

      # trip.yaml
      version: 1
      canvas: {width: 2048, height: 2048, background: "#ffffff"}
      photos: [photos/1.jpg, photos/2.jpg, photos/3.jpg, photos/4.jpg, photos/5.jpg,
               photos/6.jpg, photos/7.jpg, photos/8.jpg, photos/9.jpg]
      layout: {kind: auto, gap: 8, padding: 8}
      overlays:
        - text: "Summer 2026"
          font: {family: "DejaVu Sans", size: 96}
          color: "#ffffff"
          anchor: bottom
          offset: [0, -40]

      $ collage render trip.yaml -o trip.jpg --quality 92 --subsampling 444 --dpi 300

    A 16384x16384 poster in a container with a 512 MiB memory limit:

      $ collage render poster.yaml -o poster.jpg --max-memory 300M
    A document someone else wrote, given 10 seconds at most:
      $ collage render theirs.yaml -o theirs.png --root uploads --timeout 10

    A card with `variants: {og: {width: 1200, height: 630}, story: {width: 1080,
    height: 1920}}`: every variant, or one:

      $ collage render card.yaml -o 'out/${variant}.png'   # out/og.png, out/story.png
      $ collage render card.yaml -o story.png --variant story

    A 12-page photo book (docs/print.md "Pages"), one file a page:

      $ collage render photo-book.yaml -o 'book/page-${page}.jpg'   # book/page-1.jpg … book/page-12.jpg

    Exit codes: 0 written; 1 document, photo or render error (nothing written); 64 usage error.

    """

    static func run(_ arguments: [String]) -> ExitStatus {
        var scanner = Arguments(arguments)
        var common = CommonRenderFlags()
        var lenient = false
        var dpi: Int?
        var debugLayout = false
        var fast = false
        var variant: String?
        var pipeline = PipelineFlags()
        let status = scanner.parseOptions(
            command: "render", help: help,
            valued: CommonRenderFlags.valued.union(PipelineFlags.valued).union(["--dpi", "--variant"]),
            flags: CommonRenderFlags.flags.union(["--lenient", "--debug-layout", "--fast"])
        ) { name, value in
            if try common.handle(name, value) { return }
            switch name {
            case "--variant": variant = value
            case "--debug-layout": debugLayout = true
            case "--fast": fast = true
            case "--lenient": lenient = true
            case "--dpi":
                guard let n = value.flatMap({ Int($0) }), (1...65535).contains(n) else {
                    throw Arguments.UsageError(message: "--dpi must be a whole number from 1 to 65535, not '\(value ?? "")'")
                }
                dpi = n
            default: try pipeline.handle(name, value)
            }
        }
        if let status { return status }
        guard scanner.positionals.count == 1, let document = scanner.positionals.first else {
            return usage(scanner.positionals.isEmpty ? "render needs a document: collage render DOC -o OUT"
                         : "render takes one document, got \(scanner.positionals.count): \(scanner.positionals.joined(separator: " "))")
        }
        guard let output = common.output else { return usage("render needs an output: add -o OUT (e.g. -o collage.jpg)") }

        var options = common.options(output: output)
        options.lenient = lenient
        options.dpi = dpi
        options.debugLayout = debugLayout
        options.fast = fast
        Watchdog.arm(options.timeout)
        return executeVariants(document: document, only: variant, options: options, pipeline: pipeline)
    }

    /// `--set NAME=VALUE` split at the first `=`.
    static func parseSet(_ value: String?) throws -> (String, String) {
        guard let value, let eq = value.firstIndex(of: "="), eq != value.startIndex else {
            throw Arguments.UsageError(message: "--set takes NAME=VALUE, not '\(value ?? "")'")
        }
        let name = String(value[..<eq])
        // The same rule as `vars`, data columns and `${…}` (docs/batch.md).
        guard VariableRows.isVariableName(name) else {
            throw Arguments.UsageError(message: "--set '\(name)': a variable name is letters, digits and _, not starting with a digit (e.g. --set title=Hello)")
        }
        return (name, String(value[value.index(after: eq)...]))
    }

    static func usage(_ message: String) -> ExitStatus {
        Console.err("error: \(message)\nsee `collage render --help`\n")
        return .usage
    }
}
