import CollageRaster
import CollageSpec

/// `collage grid PHOTO...`: a document-free collage (the shortcut people
/// reach for instead of ImageMagick `montage`), built as a `Spec` in code
/// and rendered by the normal pipeline: a `free` layout whose frames are
/// the grid's cells, and, with labels, one text overlay per photo anchored
/// to its cell.
public enum PhotoGrid {
    /// Name used for the command-line "document" in messages.
    public static let sourceName = "<command line>"

    /// How `collage grid` lays the photos out. Lengths are canvas pixels.
    public struct Options: Sendable, Equatable {
        /// Columns; nil = from `rows`, else ⌈√n⌉ for n photos.
        public var columns: Int?
        /// Rows; nil = as many as the photos need.
        public var rows: Int?
        /// The size of every cell (the photo's part, labels excluded); the
        /// canvas follows (`canvasSize`). Used when `size` is nil; default 512 x 512.
        public var cell = Size(width: 512, height: 512)
        /// The canvas size instead: the cells share what gaps, padding and
        /// labels leave (whole pixels, the remainder spread one pixel at a
        /// time from the left and the top). Exclusive with `cell` on the command line.
        public var size: Size?
        /// Between cells only (not at the canvas edge); default 0.
        public var gap = 0
        /// The outer margin on every side; default 0.
        public var padding = 0
        public var background = RGBA.white
        /// `cover` crops each photo to fill its cell; `contain` fits it inside,
        /// on the background. Default `cover`.
        public var fit = Fit.cover
        /// The label under each cell (`PhotoGridLabel` template: `${name}`,
        /// `${stem}`, `${index}`); nil = no labels.
        public var label: String?
        public var labelFont = "DejaVu Sans"
        /// Em size, pixels; default 16. The label band under each cell is
        /// `labelHeight` pixels tall.
        public var labelSize = 16.0
        public init() {}

        /// The band added under each cell for its label: ⌈1.5 × `labelSize`⌉
        /// pixels with labels, else 0.
        public var labelHeight: Int { label == nil ? 0 : Int((labelSize * 1.5).rounded(.up)) }
    }

    /// Columns and rows for `count` photos: both given (must hold them), one
    /// given (the other as many as needed), or ⌈√count⌉ columns.
    public static func grid(count: Int, options: Options) throws(CollageError) -> (columns: Int, rows: Int) {
        switch (options.columns, options.rows) {
        case let (columns?, rows?):
            guard columns * rows >= count else {
                throw .usage("--columns \(columns) --rows \(rows) make \(columns * rows) cells for \(count) photos")
            }
            return (columns, rows)
        case let (columns?, nil): return (columns, (count + columns - 1) / columns)
        case let (nil, rows?):
            let columns = (count + rows - 1) / rows
            return (columns, (count + columns - 1) / columns)
        case (nil, nil):
            var side = 1
            while side * side < count { side += 1 }
            return (side, (count + side - 1) / side)
        }
    }

    /// The canvas for `columns` x `rows` cells of `options.cell`:
    /// width = columns·cellW + (columns−1)·gap + 2·padding, height =
    /// rows·(cellH + labelHeight) + (rows−1)·gap + 2·padding; `options.size` when set.
    public static func canvasSize(columns: Int, rows: Int, options: Options) -> Size {
        if let size = options.size { return size }
        return Size(width: columns * options.cell.width + (columns - 1) * options.gap + 2 * options.padding,
                    height: rows * (options.cell.height + options.labelHeight) + (rows - 1) * options.gap
                        + 2 * options.padding)
    }

    /// A spec laying `photos` out in a grid, row by row.
    ///
    /// - Parameters:
    ///   - photos: image paths, relative to `workingDirectory` (absolute) unless absolute.
    /// - Throws: `CollageError.usage` for no photos, a count, size, gap or
    ///   padding out of range, too few cells, a canvas beyond
    ///   `CanvasLimits` (before anything is allocated), cells that gaps,
    ///   padding and labels leave no room for, or an unknown label
    ///   variable; `.diagnostics` (`.missingFile`) for a photo that is not
    ///   a readable file.
    public static func spec(photos: [String], options: Options, workingDirectory: String) throws(CollageError) -> Spec {
        guard !photos.isEmpty else { throw .usage("grid needs at least one photo") }
        if let columns = options.columns, columns < 1 { throw .usage("--columns must be at least 1, not \(columns)") }
        if let rows = options.rows, rows < 1 { throw .usage("--rows must be at least 1, not \(rows)") }
        guard options.gap >= 0, options.padding >= 0 else {
            throw .usage("--gap and --padding must be 0 or more pixels, not \(options.gap) and \(options.padding)")
        }
        guard options.labelSize > 0, options.labelSize <= 1000 else {
            throw .usage("--label-size must be more than 0 and at most 1000 pixels, not \(options.labelSize)")
        }
        let sides = 1...CanvasLimits.maxSide
        for (name, size) in [("--cell", options.cell), ("--size", options.size ?? options.cell)]
        where !sides.contains(size.width) || !sides.contains(size.height) {
            throw .usage("\(name) must be from 1x1 to \(CanvasLimits.maxSide)x\(CanvasLimits.maxSide) pixels, not \(size.width)x\(size.height)")
        }
        let (columns, rows) = try grid(count: photos.count, options: options)
        guard columns <= CanvasLimits.maxSide, rows <= CanvasLimits.maxSide,
              options.gap <= CanvasLimits.maxSide, options.padding <= CanvasLimits.maxSide else {
            throw .usage("the grid is larger than the largest canvas, \(CanvasLimits.maxSide) pixels a side")
        }
        let canvas = canvasSize(columns: columns, rows: rows, options: options)
        guard sides.contains(canvas.width), sides.contains(canvas.height),
              canvas.width * canvas.height <= CanvasLimits.maxArea else {
            throw .usage("the canvas would be \(canvas.width) × \(canvas.height) pixels; the most is "
                         + "\(CanvasLimits.maxSide) a side and \(CanvasLimits.maxArea) in area (16384 × 16384): "
                         + "use a smaller --cell, --size, --gap or --padding")
        }
        let labels = try options.label.map { template throws(CollageError) in
            try photos.enumerated().map { index, src throws(CollageError) in
                try PhotoGridLabel.text(template, path: src, index: index + 1)
            }
        }
        let xs = try edges(total: canvas.width, count: columns, band: 0, options: options, axis: "width")
        let ys = try edges(total: canvas.height, count: rows, band: options.labelHeight, options: options, axis: "height")

        let origin = SourceLocation(file: sourceName, line: 1, column: 1)
        var specs: [PhotoSpec] = []
        var overlays: [OverlaySpec] = []
        var missing: [Diagnostic] = []
        for (index, src) in photos.enumerated() {
            let path = WorkingDirectory.absolute(src.hasPrefix("/") ? src : workingDirectory + "/" + src)
            let location = SourceLocation(file: sourceName, line: 1, column: index + 1)
            switch FileSystem.kind(of: path) {
            case .regularFile: break
            case .missing: missing.append(Diagnostic(.missingFile, at: nil, "collage grid: photo '\(src)': no such file"))
            case .folder: missing.append(Diagnostic(.missingFile, at: nil, "collage grid: photo '\(src)' is a directory, not a file"))
            case .other:
                missing.append(Diagnostic(.missingFile, at: nil,
                    "collage grid: photo '\(src)' is not a regular file (it is a FIFO, socket or device)"))
            }
            let id = "photo\(index + 1)"
            var photo = PhotoSpec(path: path, src: src, srcLocation: location, id: id, fit: options.fit)
            let x = xs[index % columns], y = ys[index / columns]
            photo.placement = .frame(x: Double(x.start), y: Double(y.start), width: Double(x.length), height: Double(y.length))
            photo.placementLocation = location
            specs.append(photo)
            if let labels { overlays.append(label(labels[index], photo: id, cell: y.length, options: options, at: location)) }
        }
        if !missing.isEmpty { throw .diagnostics(DiagnosticList(missing)) }
        return Spec(file: sourceName, canvas: CanvasSpec(width: canvas.width, height: canvas.height,
                                                         background: options.background, location: origin),
                    photos: specs, layout: LayoutSpec(kind: .free, location: origin), overlays: overlays)
    }

    /// The cells along one axis: `count` cells of what `total` leaves after
    /// padding, gaps and a `band` under each cell, the remainder one pixel
    /// each to the first cells.
    private static func edges(total: Int, count: Int, band: Int, options: Options,
                              axis: String) throws(CollageError) -> [(start: Int, length: Int)] {
        let available = total - 2 * options.padding - (count - 1) * options.gap - count * band
        guard available >= count else {
            throw .usage("a canvas \(total) pixels in \(axis) leaves no room for \(count) cells after "
                         + "--padding, --gap\(band > 0 ? " and labels" : "")")
        }
        var start = options.padding
        return (0..<count).map { index in
            let length = available / count + (index < available % count ? 1 : 0)
            defer { start += length + band + options.gap }
            return (start, length)
        }
    }

    /// The label overlay of one cell: centred in the band under it,
    /// one line of at most the cell's width (an ellipsis beyond), black on
    /// a light background and white on a dark one.
    private static func label(_ text: String, photo: String, cell height: Int, options: Options,
                              at location: SourceLocation) -> OverlaySpec {
        let background = options.background
        let luma = 0.2126 * Double(background.red) + 0.7152 * Double(background.green) + 0.0722 * Double(background.blue)
        var style = TextStyle()
        style.maxWidth = .percent(100)
        style.maxLines = 1
        let label = TextOverlaySpec(text: text, font: FontSpec(family: [options.labelFont], size: options.labelSize),
                                    color: luma < 128 && background.alpha > 127 ? .white : .black, style: style)
        var overlay = OverlaySpec(kind: .text(label), anchor: .center,
                                  offsetY: .pixels(Double(height) / 2 + Double(options.labelHeight) / 2), location: location)
        overlay.photo = photo
        overlay.photoLocation = location
        return overlay
    }

    /// `diagnostic` in the command's own words when it concerns a photo named
    /// on the command line: no location (there is no document to point
    /// into) and "collage grid: photo 'x.jpg': reason".
    public static func commandLineStyle(_ diagnostic: Diagnostic) -> Diagnostic {
        guard diagnostic.location?.file == sourceName else { return diagnostic }
        var copy = diagnostic
        copy.location = nil
        let prefix = "cannot read photo '"
        if copy.message.hasPrefix(prefix) {
            copy.message = "collage grid: photo '" + copy.message.dropFirst(prefix.count)
        }
        return copy
    }
}

#if canImport(Glibc)
import Glibc
#endif
