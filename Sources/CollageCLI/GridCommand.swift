import Collage

/// `collage grid PHOTO... -o OUT`: a collage without a document.
enum GridCommand {
    static let help = """
    Usage: collage grid PHOTO... -o OUT [options]

    Lays PHOTO... out on one canvas without a document, the shortcut for
    ImageMagick `montage`: a grid of ⌈√n⌉ columns for n photos (or
    --columns/--rows), row by row, every cell --cell pixels. The canvas
    follows: width = columns·cellW + (columns−1)·gap + 2·padding, height
    likewise (with the label band added to each cell), at most 32768 pixels
    a side and 268435456 in area, as for documents. OUT is written whole or
    not at all (a device or named pipe such as /dev/null is written through)
    and never replaces a photo; its folder, format and size are checked
    before any photo is read.

    Changed in 0.2: --gap is the space between cells only; it used to pad
    the canvas edge as well, which --padding now does.

    Options:
      -o, --output PATH     the image to write (required; `-` = standard output, needs --format)
      --cell WxH            size of every cell in pixels (default 512x512)
      --size WxH            the canvas size instead of --cell: the cells share it
      --columns N           N columns (default ⌈√n⌉, or as --rows needs)
      --rows N              N rows (default as many as the photos need)
      --gap N               pixels between cells, not at the edge (default 0)
      --padding N           pixels around all cells, the outer margin (default 0)
      --background COLOR    canvas colour: #rgb, #rrggbb, #rrggbbaa or a CSS name (default white)
      --fit cover|contain   cover crops each photo to fill its cell (default);
                            contain fits it whole, on the background
      --labels              the file's name under each cell, in a band of
                            ⌈1.5 × label size⌉ pixels added to the cell
      --label TEMPLATE      the label text instead, with ${name} (beach.jpg),
                            ${stem} (beach) and ${index} (1, 2, …); implies --labels
      --label-font FAMILY   the labels' font family (default DejaVu Sans)
      --label-size N        the labels' size in pixels (default 16)
      --format \(OutputFormat.choices)  output format; must agree with OUT's extension
    \(CommonRenderFlags.saverOptionsHelp)
      --strict              treat warnings (substituted font, uncovered characters,
                            decoder warnings) as errors: nothing is written
      --threads N           threads that decode and resample (default: all cores)
    \(CommonRenderFlags.maxPixelsHelp)
    \(CommonRenderFlags.maxMemoryHelp)
    \(CommonRenderFlags.timeoutHelp(per: "the render"))
      --depfile PATH        also write a Makefile rule: OUT: PHOTO...
      -h, --help            show this help

    Example: a contact sheet of twelve photos, 4 columns of 300x200 cells,
    12 px apart, 24 px margin, each named under its cell:

      $ collage grid photos/*.jpg --columns 4 --cell 300x200 --gap 12 --padding 24 --labels -o sheet.jpg

    The same from photos someone uploaded, 30 seconds at most:

      $ collage grid uploads/* --columns 4 -o sheet.jpg --timeout 30

    Exit codes: 0 written; 1 unreadable photo or render error (nothing written); 64 usage error.

    """

    static func run(_ arguments: [String]) -> ExitStatus {
        var scanner = Arguments(arguments)
        var common = CommonRenderFlags()
        var grid = PhotoGrid.Options()
        var cellGiven = false
        var labels = false
        var depfile: String?
        let status = scanner.parseOptions(
            command: "grid", help: help,
            valued: CommonRenderFlags.valued.union(["--columns", "--rows", "--cell", "--size", "--gap", "--padding",
                                                    "--background", "--fit", "--label", "--label-font",
                                                    "--label-size", "--depfile"]),
            flags: CommonRenderFlags.flags.union(["--labels"])
        ) { name, value in
            if try common.handle(name, value) { return }
            switch name {
            case "--columns": grid.columns = try count(name, value)
            case "--rows": grid.rows = try count(name, value)
            case "--cell", "--size":
                guard let size = value.flatMap(ConvertCommand.parseSize) else {
                    throw Arguments.UsageError(message: "\(name) takes WIDTHxHEIGHT in pixels (e.g. 512x512), not '\(value ?? "")'")
                }
                if name == "--cell" { grid.cell = size; cellGiven = true } else { grid.size = size }
            case "--gap", "--padding":
                guard let n = value.flatMap({ Int($0) }), n >= 0 else {
                    throw Arguments.UsageError(message: "\(name) must be a whole number of pixels, 0 or more, not '\(value ?? "")'")
                }
                if name == "--gap" { grid.gap = n } else { grid.padding = n }
            case "--background":
                guard let color = value.flatMap(ColorParser.parse) else {
                    throw Arguments.UsageError(message: "--background takes #rgb, #rrggbb, #rrggbbaa or a CSS colour name, not '\(value ?? "")'")
                }
                grid.background = color
            case "--fit":
                guard let fit = value.flatMap({ Fit(rawValue: $0) }) else {
                    throw Arguments.UsageError(message: "--fit must be cover or contain, not '\(value ?? "")'")
                }
                grid.fit = fit
            case "--labels": labels = true
            case "--label": grid.label = value
            case "--label-font":
                guard let value, !value.isEmpty else { throw Arguments.UsageError(message: "--label-font needs a family name") }
                grid.labelFont = value
            case "--label-size":
                guard let n = value.flatMap({ Double($0) }), n > 0, n <= 1000 else {
                    throw Arguments.UsageError(message: "--label-size must be a number of pixels more than 0 and at most 1000, not '\(value ?? "")'")
                }
                grid.labelSize = n
            case "--depfile": depfile = value
            default: break
            }
        }
        if let status { return status }
        if cellGiven && grid.size != nil {
            return usageError("--cell and --size both set the canvas; give one (--cell sizes each cell, --size the whole canvas)", command: "grid")
        }
        if labels && grid.label == nil { grid.label = "${name}" }
        guard !scanner.positionals.isEmpty else {
            return usageError("grid needs photos: collage grid PHOTO... -o OUT", command: "grid")
        }
        guard let output = common.output else {
            return usageError("grid needs an output: add -o OUT (e.g. -o grid.jpg)", command: "grid")
        }
        if output == "-" && common.format == nil {
            return usageError(OutputFormat.standardOutputNeedsFormat, command: "grid")
        }
        if output == "-" && depfile != nil {
            return usageError("--depfile needs an output file to name, not -o -", command: "grid")
        }
        let options = common.options(output: output)
        Watchdog.arm(options.timeout)
        do throws(CollageError) {
            try OutputPreflight.folder(of: output)
            let spec = try PhotoGrid.spec(photos: scanner.positionals, options: grid, workingDirectory: WorkingDirectory.path)
            let inputs = spec.photos.map(\.path)
            try CollageRenderer.preflight(spec: spec, inputs: inputs, options: options)
            let prepared = try CollageRenderer.prepare(spec: spec, maxPixels: options.maxPixels)
            if let depfile { try Depfile.refuse(depfile, outputs: [output], inputs: inputs) }
            let warnings: [Diagnostic]
            if output == "-" {
                let encoded = try CollageRenderer.encode(prepared, inputs: inputs, options: options)
                Console.write(bytes: encoded.bytes, to: 1)
                warnings = encoded.warnings
            } else {
                warnings = try CollageRenderer.render(prepared, inputs: inputs, options: options).warnings
            }
            DiagnosticPrinter.print(warnings)
            if let depfile {
                let rule = Depfile.Rule(target: output, prerequisites: prepared.inputFiles)
                try Depfile.write(Depfile.text([rule], workingDirectory: WorkingDirectory.path), to: depfile)
            }
            return .success
        } catch {
            guard case .diagnostics(let list) = error else { return error.report(command: "grid") }
            return CollageError.diagnostics(DiagnosticList(list.diagnostics.map(PhotoGrid.commandLineStyle)))
                .report(command: "grid")
        }
    }

    /// A whole number of at least 1 for `--columns` or `--rows`.
    private static func count(_ name: String, _ value: String?) throws -> Int {
        guard let n = value.flatMap({ Int($0) }), n >= 1 else {
            throw Arguments.UsageError(message: "\(name) must be a whole number of at least 1, not '\(value ?? "")'")
        }
        return n
    }
}
