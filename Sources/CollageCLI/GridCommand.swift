import Collage

/// `collage grid PHOTO... -o OUT`: a collage without a document.
enum GridCommand {
    static let help = """
    Usage: collage grid PHOTO... -o OUT [options]

    Lays PHOTO... out on one canvas without a document, the shortcut for
    ImageMagick `montage`: the automatic layout (DESIGN.md "Layout rules")
    for up to nine photos, else a grid of ⌈√n⌉ columns; each photo covers
    its cell. OUT is written whole or not at all (a device or named pipe
    such as /dev/null is written through) and never replaces a photo; its
    folder, format and size are checked before any photo is read.

    Options:
      -o, --output PATH     the image to write (required; `-` = standard output, needs --format)
      --columns N           a grid of N columns, photos row by row
      --size WxH            canvas size in pixels (default 2048x2048)
      --gap N               pixels between cells and around them (default 0)
      --format png|jpeg|webp output format; must agree with OUT's extension
      --quality N           JPEG/WebP quality 1-100 (default 90)
      --strict              treat warnings (substituted font, uncovered characters,
                            decoder warnings) as errors: nothing is written
      --threads N           threads that decode and resample (default: all cores)
      --depfile PATH        also write a Makefile rule: OUT: PHOTO...
      -h, --help            show this help

    Example: a contact sheet of twelve photos, 4 columns, 12 px apart:

      $ collage grid photos/*.jpg --columns 4 --size 2400x1800 --gap 12 -o sheet.jpg

    Exit codes: 0 written; 1 unreadable photo or render error (nothing written); 64 usage error.

    """

    static func run(_ arguments: [String]) -> ExitStatus {
        var scanner = Arguments(arguments)
        var common = CommonRenderFlags()
        var columns: Int?
        var width = 2048, height = 2048
        var gap = 0
        var depfile: String?
        let status = scanner.parseOptions(
            command: "grid", help: help,
            valued: CommonRenderFlags.valued.union(["--columns", "--size", "--gap", "--depfile"]),
            flags: CommonRenderFlags.flags
        ) { name, value in
            if try common.handle(name, value) { return }
            switch name {
            case "--columns":
                guard let n = value.flatMap({ Int($0) }), n >= 1 else {
                    throw Arguments.UsageError(message: "--columns must be a whole number of at least 1, not '\(value ?? "")'")
                }
                columns = n
            case "--size":
                let parts = (value ?? "").lowercased().split(separator: "x")
                guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w >= 1, h >= 1 else {
                    throw Arguments.UsageError(message: "--size takes WIDTHxHEIGHT in pixels (e.g. 2048x1536), not '\(value ?? "")'")
                }
                width = w; height = h
            case "--gap":
                guard let n = value.flatMap({ Int($0) }), n >= 0 else {
                    throw Arguments.UsageError(message: "--gap must be a whole number of pixels, 0 or more, not '\(value ?? "")'")
                }
                gap = n
            case "--depfile": depfile = value
            default: break
            }
        }
        if let status { return status }
        guard !scanner.positionals.isEmpty else {
            return usageError("grid needs photos: collage grid PHOTO... -o OUT", command: "grid")
        }
        guard let output = common.output else {
            return usageError("grid needs an output: add -o OUT (e.g. -o grid.jpg)", command: "grid")
        }
        if output == "-" && common.format == nil {
            return usageError("-o - writes to standard output and needs --format png, --format jpeg or --format webp", command: "grid")
        }
        if output == "-" && depfile != nil {
            return usageError("--depfile needs an output file to name, not -o -", command: "grid")
        }
        let options = common.options(output: output)
        do throws(CollageError) {
            try OutputPreflight.folder(of: output)
            let spec = try PhotoGrid.spec(photos: scanner.positionals, columns: columns, width: width, height: height,
                                          gap: gap, workingDirectory: WorkingDirectory.path)
            let inputs = spec.photos.map(\.path)
            try CollageRenderer.preflight(spec: spec, inputs: inputs, options: options)
            let prepared = try CollageRenderer.prepare(spec: spec)
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
}
