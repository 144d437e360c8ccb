import Collage

extension CommandLine {
    static let version = CollageVersion.current

    static let mainHelp = """
    collage \(version): turn a YAML or JSON collage document into a \(OutputFormat.displayNamesInProse) image.

    Usage:
      collage render DOC -o OUT [options]   render a document
      collage check DOC... [options]        validate documents without rendering
      collage layout DOC [--json]           print the computed frames
      collage schema                        print the document format's JSON Schema
      collage batch TEMPLATE --data ROWS -o 'out/${id}.jpg'   one image per data row
      collage grid PHOTO... -o OUT          photos in a grid, no document
      collage watch DOC -o OUT              re-render on every change
      collage convert IN -o OUT [options]   convert one photo (e.g. HEIC to JPEG)
      collage serve --root DIR [options]    render templates on request over HTTP
      collage sign URL --key FILE           sign a URL for serve --key
      collage help COMMAND                  the same as collage COMMAND --help
      collage --help | --version

    Commands:
      render    lay out and render a collage document (see `collage render --help`)
      check     check documents, photo headers, layout and text; no pixels decoded
      layout    print where every photo and overlay lands
      schema    print schema/collage.schema.json (for editors)
      batch     render a template once per row of a CSV, JSON or YAML file
      grid      lay photos out without a document (like `montage`)
      watch     render, then render again whenever an input changes
      convert   one photo to \(OutputFormat.displayNamesInProse), upright and in sRGB (see `collage convert --help`)
      serve     an HTTP server rendering templates per request (see `collage serve --help`)
      sign      print a URL signed for `collage serve --key`

    Exit codes: 0 success; 1 invalid document, unreadable photo or failed render; 64 usage error.

    Example:
      collage render examples/auto-nine.yaml -o nine.jpg

    """

    /// Dispatches to a command; returns the exit status.
    static func run(_ arguments: [String]) -> ExitStatus {
        guard let command = arguments.first else {
            Console.err(mainHelp)
            return .usage
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "--help", "-h":
            Console.out(mainHelp)
            return .success
        case "help": return help(rest)
        case "--version": return printVersion()
        case "--help-man", "--completion": return generate(command, rest)
        case "render":
            return RenderCommand.run(rest)
        case "check":
            return CheckCommand.run(rest)
        case "layout":
            return LayoutCommand.run(rest)
        case "schema":
            return SchemaCommand.run(rest)
        case "batch": return BatchCommand.run(rest)
        case "grid": return GridCommand.run(rest)
        case "watch": return WatchCommand.run(rest)
        case "convert":
            return ConvertCommand.run(rest)
        case "serve": return ServeCommand.run(rest)
        case "sign": return SignCommand.run(rest)
        default:
            return unknownCommand(command)
        }
    }
}
