import Collage

/// `collage impose ITEM... -o SHEET` (docs/print.md "Imposition").
enum ImposeCommand {
    static let help = """
    Usage: collage impose ITEM... -o SHEET [--sheet SIZE] [--grid CxR|auto] [--gutter LEN] [--marks crop] [--copies N]

    Places ITEM... on print sheets, row by row, each at a whole-pixel offset
    and copied pixel for pixel (never resampled). An ITEM is a rendered image
    (PNG, JPEG, WebP) or a document (.yaml, .yml, .json), which is rendered
    first, each of its pages an item; a document with print: is placed as its
    bleed box (trim plus bleed; its own slug and marks are left off). Every
    item must have the same size and the sheet's dpi: the dpi an image file
    records (PNG pHYs, JPEG JFIF density) or a document's canvas.dpi. The
    grid is centred on the sheet.

    Options:
      -o, --output SHEET    the sheet to write (.png, .jpg, .webp, .avif); with
                            more items than one sheet holds (--grid auto) SHEET
                            needs ${sheet}, the sheet's number from 1
      --sheet SIZE          A4, letter, 4x6in, any named size of canvas.size or
                            WxH with a unit (210x297mm; WxH keeps the sides as
                            written, so 6x4in is landscape) (default A4)
      --grid CxR|auto       C columns by R rows; auto (default): as many as fit.
                            With CxR, more items than C·R is an error
      --gutter LEN          space between items: pixels (12) or a length at the
                            sheet's dpi (3mm, 0.125in) (default 0)
      --marks crop|none     crop: crop marks on every trim line, between items
                            and out to the sheet's edges, never on an item or
                            its bleed (default none)
      --copies N            each item N times in a row (default 1)
      --dpi N               the sheet's dpi (default the items'); an item of
                            another dpi is an error
      --set NAME=VALUE      a variable for the documents among ITEM...
      --format \(OutputFormat.choices(OutputFormat.raster))  the sheet's format; must agree with SHEET's extension
      -h, --help            show this help

    Examples:

      Two booth strips (2x6in at 300 dpi) on a 4x6in sheet, one for the
      guest and one for the guest book:

      $ collage render strip.yaml -o strip.png
      $ collage impose strip.png --copies 2 --sheet 4x6in -o sheet.png

      Nine business cards on A4 with crop marks and a 4 mm gutter:

      $ collage impose card.yaml --copies 9 --grid 3x3 --gutter 4mm --marks crop -o cards.png

      Every badge of a batch, 9-up, as many sheets as needed:

      $ collage impose out/badge-*.png --grid auto --marks crop -o 'sheets/sheet-${sheet}.png'

    Exit codes: 0 written; 1 an item cannot be read or rendered, or the
    items do not fit (an item larger than the sheet, too many for --grid,
    another dpi); 64 usage error.

    """

    /// What `impose` and `batch --impose` share: the sheet, grid, gutter and marks.
    struct SheetFlags {
        var sheet = "A4"
        var grid: ImpositionPlan.Grid = .auto
        var gutter = "0"
        var marks = false
        var dpi: Int?

        static let valued: Set<String> = ["--sheet", "--grid", "--gutter", "--marks", "--dpi"]

        /// Takes one of `valued`; false for another flag.
        mutating func handle(_ name: String, _ value: String?) throws(Arguments.UsageError) -> Bool {
            switch name {
            case "--sheet":
                // Named sizes in any case (a4, Letter), as the shell user types them.
                let value = value.map { typed in PaperSize.named.first { $0.name.lowercased() == typed.lowercased() }?.name ?? typed }
                guard let value, PaperSize.parse(value) != nil else {
                    throw Arguments.UsageError(message: "--sheet takes A4, letter, 4x6in (a named size) or WxH with a unit (210x297mm), not '\(value ?? "")'")
                }
                sheet = value
            case "--grid":
                grid = try Self.parseGrid(value)
            case "--gutter": gutter = value ?? ""
            case "--marks":
                guard value == "crop" || value == "none" else {
                    throw Arguments.UsageError(message: "--marks takes crop or none, not '\(value ?? "")'")
                }
                marks = value == "crop"
            case "--dpi":
                guard let n = value.flatMap({ Int($0) }), (1...65535).contains(n) else {
                    throw Arguments.UsageError(message: "--dpi must be a whole number from 1 to 65535, not '\(value ?? "")'")
                }
                dpi = n
            default: return false
            }
            return true
        }

        /// `CxR` or `auto`.
        static func parseGrid(_ value: String?) throws(Arguments.UsageError) -> ImpositionPlan.Grid {
            if value == "auto" { return .auto }
            let sides = (value ?? "").split(separator: "x", omittingEmptySubsequences: false)
            guard sides.count == 2, let c = Int(sides[0]), let r = Int(sides[1]), (1...CanvasLimits.maxSide).contains(c),
                  (1...CanvasLimits.maxSide).contains(r) else {
                throw Arguments.UsageError(message: "--grid takes COLUMNSxROWS (3x3) or auto, not '\(value ?? "")'")
            }
            return .fixed(columns: c, rows: r)
        }

        /// The gutter: pixels (`12`, `12px`) or a physical length (`3mm`).
        func gutterLength() throws(Arguments.UsageError) -> Imposition.Gutter {
            let bound = 0...CanvasLimits.maxSide
            if let n = Int(gutter), bound.contains(n) { return .pixels(n) }
            if gutter.hasSuffix("px"), let n = Int(gutter.dropLast(2)), bound.contains(n) { return .pixels(n) }
            guard let length = PhysicalLength.parse(gutter), length.value >= 0 else {
                throw Arguments.UsageError(message: "--gutter takes pixels (12) or a length (3mm, 0.125in, 9pt), not '\(gutter)'")
            }
            return .length(length)
        }

        /// The request for `Imposition.impose`.
        func request(output: String, format: OutputFormat?, allowMoreSheets: Bool) throws(Arguments.UsageError) -> Imposition.Request {
            Imposition.Request(sheet: sheet, grid: grid, gutter: try gutterLength(), marks: marks, dpi: dpi,
                               output: output, format: format, allowMoreSheets: allowMoreSheets)
        }
    }

    static func run(_ arguments: [String]) -> ExitStatus {
        var scanner = Arguments(arguments)
        var flags = SheetFlags()
        var output: String?
        var copies = 1
        var variables: [String: String] = [:]
        var format: OutputFormat?
        let status = scanner.parseOptions(
            command: "impose", help: help,
            valued: SheetFlags.valued.union(["-o", "--output", "--copies", "--set", "--format"]),
            flags: []
        ) { name, value in
            if try flags.handle(name, value) { return }
            switch name {
            case "-o", "--output": output = value
            case "--format": format = try OutputFormat.parseFlag(value)
            case "--copies":
                guard let n = value.flatMap({ Int($0) }), (1...10_000).contains(n) else {
                    throw Arguments.UsageError(message: "--copies must be a whole number from 1 to 10000, not '\(value ?? "")'")
                }
                copies = n
            case "--set":
                let (key, text) = try RenderCommand.parseSet(value)
                variables[key] = text
            default: break
            }
        }
        if let status { return status }
        guard !scanner.positionals.isEmpty else { return usageError("impose needs items: collage impose ITEM... -o SHEET", command: "impose") }
        guard let output else { return usageError("impose needs an output: add -o SHEET (e.g. -o sheet.png)", command: "impose") }
        guard output != "-" else { return usageError("impose writes sheet files, not standard output: -o sheet.png", command: "impose") }
        // Sheets are composed of the items' pixels, never written as vectors.
        if (format ?? OutputFormat(extensionOf: output))?.isVector == true {
            return usageError("impose writes sheets of pixels (\(OutputFormat.inProse(OutputFormat.raster.map(\.name)))); "
                              + "for a PDF, render a document with pages: collage render DOC -o OUT.pdf", command: "impose")
        }
        if output.split(separator: Imposition.sheetVariable, omittingEmptySubsequences: false).joined().contains("${") {
            return usageError("-o '\(output)': impose expands only ${sheet} in SHEET", command: "impose")
        }
        // A sheet never replaces an item: `-o strip.png` with the item strip.png is refused before anything is read.
        let itemPaths = Set(scanner.positionals.map(WorkingDirectory.absolute))
        if let item = (1...max(1, scanner.positionals.count * copies)).lazy
            .map({ Imposition.sheetPath(output, number: $0) }).first(where: { itemPaths.contains(WorkingDirectory.absolute($0)) }) {
            return usageError("-o '\(output)' would replace the item '\(item)': write the sheet to another file", command: "impose")
        }
        do throws(CollageError) {
            // The sheet's folder is checked before any item is read or rendered.
            try OutputPreflight.folder(of: Imposition.sheetPath(output, number: 1))
            var items: [Imposition.Item] = []
            for path in scanner.positionals {
                let found = try Imposition.items(of: path, variables: variables)
                for item in found { items += Array(repeating: item, count: copies) }
                guard items.count <= Imposition.maxItems else {
                    throw .usage("impose places at most \(Imposition.maxItems) items (with --copies) in one run; split the items over several runs")
                }
            }
            let request: Imposition.Request
            do throws(Arguments.UsageError) {
                request = try flags.request(output: output, format: format, allowMoreSheets: false)
            } catch { return usageError(error.message, command: "impose") }
            let plan = try Imposition.impose(items, request)
            let sheets = plan.sheets(for: items.count)
            Console.err("\(items.count) item\(items.count == 1 ? "" : "s") on \(sheets) sheet\(sheets == 1 ? "" : "s"), "
                        + "\(plan.columns)x\(plan.rows) a sheet\n")
            return .success
        } catch {
            return error.report(command: "impose")
        }
    }
}
