import Collage
import CollageRaster

/// `collage convert IN -o OUT`.
enum ConvertCommand {
    /// The raster savers' options (`--quality`...): convert writes pixels, never a vector format.
    static var saverOptions: [SaverOption] { OutputFormat.options(of: OutputFormat.raster) }

    static let help = """
    Usage: collage convert IN -o OUT [options]
           collage convert - -o OUT [options]    (the photo from standard input)

    Converts one photo to \(OutputFormat.displayNamesInProse(OutputFormat.raster)): upright (EXIF or HEIF rotation
    applied), in sRGB (embedded ICC profile or AVIF colour converted), at its
    native size unless --max-size asks for less. IN may be JPEG, PNG,
    HEIC/HEIF/AVIF, WebP or SVG/SVGZ (detected from its bytes, not its name);
    `-` reads it from standard input. An SVG is drawn as vectors (librsvg) at
    its intrinsic size, or to fit --max-size, enlarged if smaller (within
    --max-pixels). OUT's folder must exist and be writable:
    that is checked before the photo is read, and a size OUT's format cannot
    hold (\(OutputFormat.sizeLimitsInProse)) before it is decoded.
    EXIF metadata (camera, GPS position, dates) is left out unless
    --keep-metadata. OUT is written whole or not at all and is never IN
    (a device or named pipe, such as /dev/null, is written through).

    Options:
      -o, --output PATH       the image to write (required); \(OutputFormat.extensionsInProse(OutputFormat.raster));
                              `-` = standard output, needs --format
      --format \(OutputFormat.choices(OutputFormat.raster))  output format; must agree with OUT's extension
      --max-size WxH          shrink to fit inside W x H pixels, aspect ratio kept (never enlarges
                              a photo; an SVG is drawn to fit)
      --keep-metadata         copy the EXIF block (GPS and dates included), Orientation reset to 1
    \(CommonRenderFlags.saverOptionLines(column: 26, inDocument: false, options: saverOptions).joined(separator: "\n"))
      --lenient               convert a truncated photo (missing part gray) with a warning
      --max-pixels N          decoded-pixel budget (default 100000000)
      --timeout SECONDS       stop after SECONDS (e.g. 10 or 2.5): exit 1 with "error: the
                              render exceeded --timeout 10 s", nothing written; an SVG or
                              HEIF/AVIF then decodes in a helper process killed at the
                              deadline (default: no limit)
      -h, --help              show this help

    Example: an iPhone HEIC to a JPEG that any upload form takes, at most
    2048 pixels on its long side, without the GPS position:

      $ collage convert IMG_0042.heic -o IMG_0042.jpg --max-size 2048x2048 --quality 88

    The same JPEG to standard output, for a pipe:

      $ collage convert IMG_0042.heic -o - --format jpeg --max-size 2048x2048 | upload --stdin

    An SVG logo rasterised to at most 1024 x 1024 pixels:

      $ collage convert logo.svg -o logo.png --max-size 1024x1024

    A photo someone uploaded, given 10 seconds at most:

      $ collage convert upload.heic -o upload.jpg --timeout 10

    Exit codes: 0 written; 1 unreadable photo or failed write (nothing written); 64 usage error.

    """

    static func run(_ arguments: [String]) -> ExitStatus {
        ConvertAllocator.limitArenas()
        var scanner = Arguments(arguments)
        var options = Converter.Options(outputPath: "")
        var output: String?
        let status = scanner.parseOptions(
            command: "convert", help: help,
            valued: Set(["-o", "--output", "--format", "--max-size", "--max-pixels", "--timeout"]
                        + saverOptions.filter { $0.kind != .boolean }.map(\.flag)),
            flags: Set(["--keep-metadata", "--lenient"] + saverOptions.filter { $0.kind == .boolean }.map(\.flag))
        ) { name, value in
            switch name {
            case "-o", "--output": output = value
            case "--keep-metadata": options.keepMetadata = true
            case "--lenient": options.lenient = true
            case "--format":
                options.format = try OutputFormat.parseFlag(value)
            case "--max-size":
                guard let size = value.flatMap(parseSize) else {
                    throw Arguments.UsageError(message: "--max-size takes WIDTHxHEIGHT in pixels (e.g. 2048x2048), not '\(value ?? "")'")
                }
                options.maxSize = size
            case "--max-pixels":
                options.maxPixels = try CommonRenderFlags.parseMaxPixels(value)
            case "--timeout":
                options.timeout = try CommonRenderFlags.parseTimeout(value)
            default: _ = try CommonRenderFlags.parseSaverOption(name, value, into: &options.settings)
            }
        }
        if let status { return status }
        if output == "-" && scanner.positionals.count > 1 {
            return usage("-o - writes one photo to standard output, got \(scanner.positionals.count): \(scanner.positionals.joined(separator: " "))")
        }
        guard scanner.positionals.count == 1, let input = scanner.positionals.first else {
            return usage(scanner.positionals.isEmpty ? "convert needs a photo: collage convert IN -o OUT"
                         : "convert takes one photo, got \(scanner.positionals.count): \(scanner.positionals.joined(separator: " "))")
        }
        guard let output else { return usage("convert needs an output: add -o OUT (e.g. -o photo.jpg)") }
        if output == "-" && options.format == nil {
            return usage(OutputFormat.standardOutputNeedsFormat)
        }
        // A vector format is written from a document's scene, never from one photo's pixels.
        if (options.format ?? OutputFormat(extensionOf: output))?.isVector == true {
            return usage("convert writes a photo's pixels (jpeg, png, webp or avif); a PDF comes from render: "
                         + "collage render DOC -o OUT.pdf")
        }
        options.outputPath = output
        Watchdog.arm(options.timeout)
        do {
            // `convert -` reads the photo from standard input, after the output is checked.
            var inputPath = input
            var stdin: StandardInputFile?
            if input == "-" {
                try OutputPreflight.folder(of: output)
                stdin = try StandardInputFile.read()
                inputPath = stdin!.path
                options.inputName = "<stdin>"
            }
            defer { stdin?.remove() }
            let input = inputPath
            let report: Converter.Report
            if output == "-" {
                let converted = try Converter.encode(inputPath: input, options: options)
                Console.write(bytes: converted.bytes, to: 1)
                report = converted.report
            } else {
                report = try Converter.convert(inputPath: input, options: options)
            }
            for warning in report.warnings { Console.err("\(options.inputName ?? input): warning: \(warning)\n") }
            return .success
        } catch {
            return error.report(command: "convert")
        }
    }

    /// "WxH" with both sides whole numbers of at least 1.
    static func parseSize(_ text: String) -> Size? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w >= 1, h >= 1 else { return nil }
        return Size(width: w, height: h)
    }

    static func usage(_ message: String) -> ExitStatus {
        Console.err("error: \(message)\nsee `collage convert --help`\n")
        return .usage
    }
}
