import CollageCodecs
import CollageLayout
import CollageRaster
import CollageSpec

/// `collage impose` and `batch --impose` (docs/print.md "Imposition"): items
/// (rendered images, or documents rendered first, a page an item) placed
/// whole on sheets at whole-pixel offsets, never resampled, with crop marks
/// on the trim lines between items and at the sheet's edges, outside every
/// item's bleed.
public enum Imposition {
    /// One item: its pixels (the bleed box) and what it is printed at.
    public struct Item: Sendable {
        /// The file (and page) as messages name it.
        public var name: String
        public var pixmap: Pixmap
        /// Its dots per inch (a file's `pHYs`/JFIF density, a document's
        /// `output.dpi`/`canvas.dpi`); nil when it records none.
        public var dpi: Int?
        /// Pixels of bleed around its trim on each side (a document's `print.bleed`; 0 for an image).
        public var bleed: Int
        /// The files it was made from (the image; a document and every input it names): no sheet may replace one.
        public var inputs: [String]
        public init(name: String, pixmap: Pixmap, dpi: Int?, bleed: Int = 0, inputs: [String] = []) {
            self.name = name; self.pixmap = pixmap; self.dpi = dpi; self.bleed = bleed; self.inputs = inputs
        }
    }

    /// Whether `path` names a document (`.yaml`, `.yml`, `.json`) rather than an image.
    public static func isDocument(_ path: String) -> Bool {
        [".yaml", ".yml", ".json"].contains { path.lowercased().hasSuffix($0) }
    }

    /// The items of `path`: an image file's pixels, or each page of a
    /// document rendered (to memory, as PNG: lossless), its slug and own
    /// marks cut off so the item is its bleed box.
    /// - Throws: `CollageError` as `render` reports it, or `.failure(.missingFile, …)`.
    public static func items(of path: String, variables: [String: String] = [:],
                             policy: PathPolicy? = nil) throws(CollageError) -> [Item] {
        guard isDocument(path) else {
            guard FileSystem.kind(of: path) != .folder, let bytes = FileSystem.contents(of: path) else {
                throw .failure(.missingFile, "cannot read '\(path)': \(FileSystem.unreadableReason(path))")
            }
            do {
                let pixmap = try ImageDecoder.decode(bytes: bytes, name: path).pixmap
                return [Item(name: path, pixmap: pixmap, dpi: ImageDensity.dpi(of: bytes), inputs: [path])]
            } catch {
                throw .failure(.render, "\(error)")
            }
        }
        let input = DocumentInput.file(path)
        let count = variables[DocumentPages.variable] == nil ? input.pageCount(variables: variables, root: policy) : 1
        var items: [Item] = []
        for page in 1...count {
            var chosen = variables
            if count > 1 { chosen[DocumentPages.variable] = String(page) }
            let spec = try input.load(variables: chosen, root: policy)
            try policy?.check(spec)
            let prepared = try CollageRenderer.prepare(spec: spec)
            let encoded = try CollageRenderer.encode(prepared, inputs: [], options: RenderOptions(outputPath: "item.png", format: .png))
            var pixmap: Pixmap
            do { pixmap = try ImageDecoder.decode(bytes: encoded.bytes, name: path).pixmap } catch { throw .failure(.render, "\(error)") }
            let bleed = spec.print?.bleed ?? 0
            if let frame = prepared.layout.print, frame.margin > bleed {
                let slug = frame.margin - bleed
                pixmap = pixmap.cropped(PixelRect(x: slug, y: slug, width: pixmap.width - 2 * slug, height: pixmap.height - 2 * slug))
            }
            items.append(Item(name: count > 1 ? "\(path) page \(page)" : path, pixmap: pixmap,
                              dpi: spec.output.dpi ?? spec.canvas.dpi, bleed: bleed, inputs: [path] + spec.inputs.map(\.path)))
        }
        return items
    }

    /// The sheets' dots per inch: `requested` (`--dpi`), else the items' own.
    /// - Throws: `CollageError.usage` naming the item whose dpi differs (the
    ///   sheet's, or the first item's), or when no dpi is known.
    public static func sheetDPI(_ items: [Item], requested: Int?) throws(CollageError) -> Int {
        let dpi = requested ?? items.lazy.compactMap(\.dpi).first
        guard let dpi else {
            throw .usage("no item records its dpi (pHYs or JFIF density, or a document's canvas.dpi): give the sheet's with --dpi N")
        }
        if let other = items.first(where: { $0.dpi != nil && $0.dpi != dpi }), let itemDPI = other.dpi {
            let sheet = requested != nil ? "the sheet is \(dpi) dpi (--dpi)" : "the first item is \(dpi) dpi"
            throw .failure(.render, "\(other.name) is \(itemDPI) dpi and \(sheet): items are placed pixel for pixel, never resampled, "
                         + "so every item and the sheet need one dpi (render the item at \(dpi) dpi, or give --dpi \(itemDPI))")
        }
        return dpi
    }

    /// Sheet `index` (from 0) of `items` (each the same size) by `plan`:
    /// white paper, the items `plan` puts on it, crop marks (`marks`) at `dpi`.
    static func sheet(_ index: Int, of items: [Item], plan: ImpositionPlan, marks: Bool, dpi: Int) -> Pixmap {
        var sheet = Pixmap(width: plan.sheet.width, height: plan.sheet.height, color: .white)
        // Row by row: sheet `index` holds items index * perSheet ..< (index + 1) * perSheet.
        let onSheet = (index * plan.perSheet)..<min(items.count, (index + 1) * plan.perSheet)
        var used: [PixelRect] = []
        for item in onSheet {
            let (_, column, row) = plan.position(of: item)
            let cell = plan.cell(column: column, row: row)
            sheet.copy(items[item].pixmap, to: cell)
            used.append(cell)
        }
        if marks {
            let grid = (0..<plan.rows).flatMap { row in (0..<plan.columns).map { plan.cell(column: $0, row: row) } }
            drawCropMarks(on: &sheet, cells: used, clear: grid, bleed: items.first?.bleed ?? 0, dpi: dpi)
        }
        return sheet
    }

    /// Crop marks: every trim line of the items (`cells`, their bleed
    /// boxes), extended across the sheet, drawn black where no cell of the
    /// grid (`clear`) is: in the gutters between items and in the margins to
    /// the sheet's edges, never on an item, its bleed or an empty cell. Lines
    /// are `PrintSpec.markPoints` wide (at least one pixel), on the pixels
    /// just outside the trim.
    static func drawCropMarks(on sheet: inout Pixmap, cells: [PixelRect], clear: [PixelRect], bleed: Int, dpi: Int) {
        let width = max(1, Int(PhysicalLength(PrintSpec.markPoints, .pt).pixels(dpi: dpi).rounded()))
        let trims = cells.map { PixelRect(x: $0.x + bleed, y: $0.y + bleed, width: $0.width - 2 * bleed, height: $0.height - 2 * bleed) }
        let xs = Set(trims.flatMap { [$0.x - width, $0.maxX] }), ys = Set(trims.flatMap { [$0.y - width, $0.maxY] })
        // `clear` is a whole grid (every column's cells in every row), so a
        // pixel lies in a cell exactly when its column lies in a cell's x range
        // and its row in a cell's y range: two lookups, not a search of the cells.
        var columnInCell = [Bool](repeating: false, count: sheet.width), rowInCell = [Bool](repeating: false, count: sheet.height)
        for cell in clear {
            for x in max(0, cell.x)..<min(sheet.width, cell.maxX) { columnInCell[x] = true }
            for y in max(0, cell.y)..<min(sheet.height, cell.maxY) { rowInCell[y] = true }
        }
        func free(_ x: Int, _ y: Int) -> Bool { !(columnInCell[x] && rowInCell[y]) }
        for x0 in xs { for x in max(0, x0)..<min(sheet.width, x0 + width) { for y in 0..<sheet.height where free(x, y) { sheet.setBlack(x, y) } } }
        for y0 in ys { for y in max(0, y0)..<min(sheet.height, y0 + width) { for x in 0..<sheet.width where free(x, y) { sheet.setBlack(x, y) } } }
    }

    /// `--gutter`: whole pixels, or a length at the sheet's dpi.
    public enum Gutter: Sendable, Equatable {
        case pixels(Int)
        case length(PhysicalLength)
        func pixels(dpi: Int) -> Int {
            switch self {
            case .pixels(let n): return n
            case .length(let length):
                // Past any sheet side: the caller refuses it (and no trap on 1e308mm).
                let pixels = length.pixels(dpi: dpi).rounded()
                return pixels.isFinite && pixels <= Double(CanvasLimits.maxSide) ? Int(pixels) : CanvasLimits.maxSide + 1
            }
        }
    }

    /// What `impose` and `batch --impose` ask for.
    public struct Request: Sendable {
        /// `--sheet`: a named size (portrait) or `WxH` with a unit (the sides as written).
        public var sheet: String
        public var grid: ImpositionPlan.Grid
        public var gutter: Gutter
        /// `--marks crop`.
        public var marks: Bool
        /// `--dpi`: the sheet's; nil = the items'.
        public var dpi: Int?
        /// The sheet's path, `${sheet}` its number from 1.
        public var output: String
        public var format: OutputFormat?
        /// A fixed grid may fill several sheets (`batch --impose`); else more items than it holds is an error.
        public var allowMoreSheets: Bool
        public init(sheet: String, grid: ImpositionPlan.Grid, gutter: Gutter, marks: Bool, dpi: Int?, output: String,
                    format: OutputFormat?, allowMoreSheets: Bool) {
            self.sheet = sheet; self.grid = grid; self.gutter = gutter; self.marks = marks; self.dpi = dpi
            self.output = output; self.format = format; self.allowMoreSheets = allowMoreSheets
        }

        /// The sheet in pixels at `dpi`: a named size portrait, `WxH` as written.
        func sheetSize(dpi: Int) -> Size {
            let paper = PaperSize.parse(sheet) ?? PaperSize(width: 210, height: 297, unit: .mm)
            let named = PaperSize.named.contains { $0.name == sheet }
            let (w, h) = paper.pixels(dpi: dpi, landscape: !named && paper.width > paper.height)
            return Size(width: w, height: h)
        }
    }

    /// Places `items` by `request` and writes the sheets (every sheet
    /// encoded before any is written); returns the plan (where each item went).
    /// - Throws: `CollageError.usage` for a dpi that differs or is unknown,
    ///   or several sheets and no `${sheet}`; `.failure(.render, …)` for
    ///   items of different sizes, an item larger than the sheet, a grid that
    ///   does not fit or holds too few; write errors.
    public static func impose(_ items: [Item], _ request: Request) throws(CollageError) -> ImpositionPlan {
        let dpi = try sheetDPI(items, requested: request.dpi)
        guard let first = items.first else { throw .usage("impose needs at least one item") }
        if let other = items.first(where: { $0.pixmap.width != first.pixmap.width || $0.pixmap.height != first.pixmap.height }) {
            throw .failure(.render, "\(other.name) is \(other.pixmap.width)x\(other.pixmap.height) pixels and \(first.name) "
                           + "\(first.pixmap.width)x\(first.pixmap.height): every item of one sheet must have the same size")
        }
        let sheetSize = request.sheetSize(dpi: dpi)
        guard sheetSize.width <= CanvasLimits.maxSide, sheetSize.height <= CanvasLimits.maxSide,
              sheetSize.width * sheetSize.height <= CanvasLimits.maxArea else {
            throw .usage("--sheet \(request.sheet) at \(dpi) dpi is \(sheetSize.width)x\(sheetSize.height) pixels, larger than a sheet can be "
                         + "(\(CanvasLimits.maxSide) pixels a side, \(CanvasLimits.maxArea / 1_000_000) megapixels): choose a smaller sheet or dpi")
        }
        let gutter = request.gutter.pixels(dpi: dpi)
        guard gutter <= CanvasLimits.maxSide else {
            throw .usage("--gutter is more than \(CanvasLimits.maxSide) pixels at \(dpi) dpi: larger than any sheet")
        }
        let plan: ImpositionPlan
        do throws(ImpositionPlan.PlanError) {
            plan = try ImpositionPlan(sheet: sheetSize, item: Size(width: first.pixmap.width, height: first.pixmap.height),
                                      count: items.count, grid: request.grid, gutter: gutter,
                                      allowMoreSheets: request.allowMoreSheets || request.grid == .auto)
        } catch {
            throw .failure(.render, "\(first.name): \(error.description) (sheet \(request.sheet) at \(dpi) dpi)")
        }
        let count = plan.sheets(for: items.count)
        if count > 1, !request.output.contains(sheetVariable) {
            throw .usage("\(items.count) items fill \(count) sheets of \(plan.perSheet) and -o '\(request.output)' names one: "
                         + "add ${sheet} to it (-o 'sheet-${sheet}.png')")
        }
        guard count <= maxSheets else {
            throw .usage("\(items.count) items fill \(count) sheets of \(plan.perSheet); impose writes at most \(maxSheets) sheets in one run: "
                         + "split the items over several runs")
        }
        try refuseReplacing(request.output, sheets: count, inputs: items.flatMap(\.inputs))
        try write(count, to: request.output, format: request.format, dpi: dpi) { index in
            sheet(index, of: items, plan: plan, marks: request.marks, dpi: dpi)
        }
        return plan
    }

    /// At most this many items in one run (`--copies` included): the items
    /// are held until the sheets are written.
    public static let maxItems = 100_000

    /// At most this many sheets in one run: every sheet is held encoded until all are written.
    public static let maxSheets = 1_000

    /// Refuses sheets (`template`, numbers 1...`sheets`) that would replace
    /// one of `inputs` (README "Rules": an input is never overwritten),
    /// comparing files, not spellings: a symlink or `..` to an input is the
    /// input. `batch --impose` passes the rows' outputs too.
    /// - Throws: `CollageError.usage` naming the sheet and the file.
    public static func refuseReplacing(_ template: String, sheets: Int, inputs: [String]) throws(CollageError) {
        let numbers = template.contains(sheetVariable) ? 1...max(1, sheets) : 1...1
        let targets = numbers.map { sheetPath(template, number: $0) }
        let byPath = Dictionary(targets.map { (WorkingDirectory.absolute($0), $0) }, uniquingKeysWith: { first, _ in first })
        let byFile = Dictionary(targets.compactMap { target in FileIdentity(path: target).map { ($0, target) } },
                                uniquingKeysWith: { first, _ in first })
        for input in Set(inputs).sorted() {
            if let sheet = byPath[WorkingDirectory.absolute(input)] ?? FileIdentity(path: input).flatMap({ byFile[$0] }) {
                throw .usage("the sheet '\(sheet)' would replace '\(input)', which this run reads or writes; write the sheets to other files")
            }
        }
    }

    /// `template` for sheet `number` (from 1): `${sheet}` replaced.
    public static func sheetPath(_ template: String, number: Int) -> String {
        template.split(separator: sheetVariable, omittingEmptySubsequences: false).joined(separator: String(number))
    }

    /// The placeholder of the sheet's number in the output path.
    public static let sheetVariable = "${sheet}"

    /// Encodes `count` sheets, each composed by `sheet(index)` (from 0) and
    /// encoded before the next is composed, so one sheet's pixels are held at
    /// a time; then writes each atomically (all encoded before any is written).
    /// - Throws: `CollageError` for an unknown format or a write error.
    public static func write(_ count: Int, to template: String, format flag: OutputFormat?, dpi: Int,
                             settings: [String: String] = [:], sheet: (Int) -> Pixmap) throws(CollageError) {
        var files: [(String, [UInt8])] = []
        for index in 0..<count {
            let path = sheetPath(template, number: index + 1)
            let format = try OutputFormatResolver.resolve(flag: flag, outputPath: path, document: nil)
            do {
                files.append((path, try ImageEncoder.encode(sheet(index), as: format, options: EncodeOptions(dpi: dpi, settings: settings))))
            } catch {
                throw .failure(.render, "\(error)")
            }
        }
        for (path, bytes) in files {
            do { try AtomicFile.write(bytes, to: path) } catch { throw .failure(.render, error.description) }
        }
    }
}

extension Pixmap {
    /// The pixels of `rect` (inside the pixmap).
    func cropped(_ rect: PixelRect) -> Pixmap {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(rect.width * rect.height * 4)
        for y in rect.y..<rect.maxY {
            bytes += pixels[((y * width + rect.x) * 4)..<((y * width + rect.maxX) * 4)]
        }
        return Pixmap(width: rect.width, height: rect.height, pixels: bytes)
    }

    /// `source` copied byte for byte with its top-left corner at `rect`'s
    /// (an opaque item replaces the paper; alpha is copied as it is).
    mutating func copy(_ source: Pixmap, to rect: PixelRect) {
        for y in 0..<source.height {
            let from = y * source.width * 4, to = ((rect.y + y) * width + rect.x) * 4
            pixels.replaceSubrange(to..<(to + source.width * 4), with: source.pixels[from..<(from + source.width * 4)])
        }
    }

    mutating func setBlack(_ x: Int, _ y: Int) {
        let at = (y * width + x) * 4
        pixels[at] = 0; pixels[at + 1] = 0; pixels[at + 2] = 0; pixels[at + 3] = 255
    }
}
