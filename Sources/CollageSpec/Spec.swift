/// A validated collage document: every value typed, defaulted and located.
/// Produced by `DocumentLoader`; consumed by `CollageLayout`.
///
/// Lengths are canvas pixels (origin top-left, y down) unless noted.
/// Paths are absolute (resolved against the document's folder).
public struct Spec: Sendable, Equatable {
    /// The document's path as the user gave it ("<stdin>" for standard input).
    public var file: String
    public var version: Int
    public var canvas: CanvasSpec
    public var output: OutputSpec
    /// The photos to lay out, in layout order: `order` already applied
    /// (reordered and subset), so layout never looks at ids again.
    public var photos: [PhotoSpec]
    public var layout: LayoutSpec
    /// Drawn over the photos in list order.
    public var overlays: [OverlaySpec]
    /// Variables after substitution (document `vars`, then overrides).
    public var variables: [String: String]
    /// `print: {bleed, safe, marks}`: the canvas is the trim (issue 38); nil: none.
    public var print: PrintSpec?
    /// Non-fatal findings (printed; errors under `--strict`).
    public var warnings: [Diagnostic] = []
    /// The document text this spec was read from (set by `DocumentLoader`),
    /// so errors found by later stages at `srcLocation` and the like can be
    /// printed with their source line: `DiagnosticList(problems, source: spec.source)`.
    public var source: SourceText?
    /// The files `include` reads (nested includes too), in reading order;
    /// part of `inputs` (docs/format.md "Includes").
    public var includes: [InputFile] = []
    /// The names of the document's `variants`, in order (docs/format.md "Variants"); empty for none.
    public var variants: [String] = []
    /// The page this spec lays out, from 1 (docs/print.md "Pages": the
    /// variable `page` chooses it); 1 for a single-page document.
    public var page = 1
    /// The document's pages (`pages:`, or `paginate:` over the photos); 1 for a single-page document.
    public var pageCount = 1

    public init(file: String, version: Int = 1, canvas: CanvasSpec, output: OutputSpec = OutputSpec(),
                photos: [PhotoSpec], layout: LayoutSpec, overlays: [OverlaySpec] = [],
                variables: [String: String] = [:]) {
        self.file = file; self.version = version; self.canvas = canvas; self.output = output
        self.photos = photos; self.layout = layout; self.overlays = overlays; self.variables = variables
    }
}

/// An sRGB colour with straight alpha, as written in the document
/// (`#rgb`, `#rrggbb`, `#rrggbbaa`, CSS named colours).
public struct RGBA: Hashable, Sendable {
    public var red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    public static let white = RGBA(red: 255, green: 255, blue: 255)
    public static let black = RGBA(red: 0, green: 0, blue: 0)
}

public struct CanvasSpec: Sendable, Equatable {
    /// Canvas width in pixels; nil = derived (single-photo rules of docs/format.md "canvas").
    public var width: Int?
    /// Canvas height in pixels; nil = derived.
    public var height: Int?
    /// Default opaque white; transparent under a `gradient`.
    public var background: RGBA
    /// `background: {gradient: ...}`: painted over the whole canvas first
    /// (the scene's background is then transparent); nil for a colour.
    public var gradient: GradientSpec?
    /// `background: {image: ...}`: drawn over `background` (its `color`)
    /// before everything else; nil for a colour or gradient.
    public var image: BackgroundImageSpec?
    /// `dpi`: pixels per inch of physical lengths (`"4in"`, `size: A4`) and
    /// the default of `output.dpi`; nil: none given (a physical length is then an error).
    public var dpi: Int?
    /// `compositing`: the space coverage, opacity, alpha, blends and blurs
    /// composite in. Default `.css`.
    public var compositing: Compositing = .css
    /// Location of the `canvas` key (or the document root), for errors
    /// found later, e.g. a missing size with two or more photos.
    public var location: SourceLocation
    public init(width: Int? = nil, height: Int? = nil, background: RGBA = .white, location: SourceLocation) {
        self.width = width; self.height = height; self.background = background; self.location = location
    }
}

extension CanvasSpec {
    /// `canvas.compositing` (docs/format.md "Effects"): where coverage,
    /// opacity, alpha, blend results and blurs are composited.
    public enum Compositing: String, Sendable, Hashable, CaseIterable {
        /// Premultiplied sRGB-encoded values, as CSS, SVG and Canvas 2D (the default).
        case css
        /// Premultiplied linear light (collage before issue 36).
        case linear
    }
}

public struct OutputSpec: Sendable, Equatable {
    /// nil = decided by the output file's extension.
    public var format: OutputFormat?
    public var formatLocation: SourceLocation?
    /// Dots per inch written as JFIF density (JPEG) or `pHYs` (PNG), 1-65535;
    /// no effect on pixels; nil = none written.
    public var dpi: Int?
    /// `output.maxBytes`: the highest quality whose file fits this many
    /// bytes (`--max-bytes` wins); nil = no budget.
    public var maxBytes: Int?
    /// Where `output.maxBytes`'s value is written; nil when it is not.
    public var maxBytesLocation: SourceLocation?
    /// The savers' options (`output.quality`, `output.subsampling`,
    /// `output.speed`...: `OutputFormat.allOptions`), by key, in their
    /// canonical spelling (`SaverOption.value`); the savers read them
    /// (`EncodeOptions.settings`). A missing key: the option's default.
    public var settings: [String: String] = [:]
    public init(format: OutputFormat? = nil, quality: Int? = nil, formatLocation: SourceLocation? = nil, dpi: Int? = nil,
                settings: [String: String] = [:]) {
        self.format = format; self.formatLocation = formatLocation; self.dpi = dpi
        self.settings = settings
        if let quality { self.quality = quality }
    }

    /// `output.quality` (`SaverOption.quality`: JPEG/WebP/AVIF, 1-100);
    /// nil = default (90).
    public var quality: Int? {
        get { settings[SaverOption.quality.key].flatMap { Int($0) } }
        set { settings[SaverOption.quality.key] = newValue.map { String($0) } }
    }
}

public enum Fit: String, Sendable, Hashable {
    /// Scale to cover the cell and crop (default; the original app's behaviour).
    case cover
    /// Scale to fit inside the cell, centred, letterboxed on the background.
    case contain
}

public struct PhotoSpec: Sendable, Equatable {
    /// The schema path of `src`, the key that names the image file.
    public static let sourceKey = "photo.src"
    /// The image file (`src`), as `Spec.inputs` lists it.
    public var input: InputFile
    /// Absolute path of the image file.
    public var path: String { get { input.path } set { input.path = newValue } }
    /// The path as written in the document (for messages).
    public var src: String { get { input.src } set { input.src = newValue } }
    /// Location of the `src` value (or of the bare-string shorthand).
    public var srcLocation: SourceLocation { get { input.location } set { input.location = newValue } }
    /// The photo's id: `id`, or the file stem by default.
    public var id: String
    public var fit: Fit
    /// Centre of the crop window as fractions of the oriented photo
    /// (0,0 top-left, 1,1 bottom-right); default (0.5, 0.5).
    public var focusX: Double
    public var focusY: Double
    /// `focus: auto` or `focus: faces` (its own or `layout.focus`): the
    /// window is chosen from the pixels and `focusX`/`focusY` unused; nil = the point.
    public var focusStrategy: FocusStrategy?
    /// Where the strategy that applies was written (the photo's `focus` or `layout.focus`); nil without a strategy.
    public var focusLocation: SourceLocation?
    /// Where the photo's list item starts (errors about the photo as a whole).
    public var location: SourceLocation
    /// `grid` only: the explicit cell; nil = flows row by row around placed cells.
    public var cell: GridCellSpec?
    /// `free` only: where the cell is; required there.
    public var placement: FreePlacementSpec?
    /// Location of the `frame` or `anchor`… key that gave `placement`.
    public var placementLocation: SourceLocation?
    /// Radius of the rounded clip of the cell's corners: pixels, or a
    /// percentage of the cell's shorter side; default 0.
    public var cornerRadius: Length = .pixels(0)
    /// A band inside the cell, over the photo; default none.
    public var border: BorderSpec?
    /// 0...1, multiplies the photo's alpha; default 1.
    public var opacity: Double = 1
    /// Degrees clockwise about the cell's centre, -3600...3600; default 0.
    /// The print (the visible picture with its border and rounded corners)
    /// turns as one rigid card (issue 12).
    public var rotation: Double = 0
    /// A drop shadow cast by the print's shape, drawn under it; default none.
    public var shadow: DropShadow?
    /// Mirrors the picture after `crop`/`focus`/`zoom`, before `rotation`; default none.
    public var flip: Flip?
    /// CSS filter functions applied in order to the picture (and its blurred
    /// letterbox), not to the border or shadow; default none.
    public var filters: [FilterSpec] = []
    /// How the print mixes with what is drawn below it; default `normal`.
    public var blend: BlendModeName = .normal
    /// What fills a `contain` photo's cell around the picture; nil: the canvas background shows.
    public var letterbox: LetterboxSpec?
    /// Manual crop of the oriented photo (fractions); default the whole photo.
    public var crop: CropSpec?
    /// >= 1: the cover window shrinks by this factor about `focus`; default 1.
    public var zoom: Double = 1
    /// EXIF orientation 1-8 that replaces the file's own tag; nil = the file's.
    public var orientation: Int?
    /// Set for photos expanded from one glob with `sort: date`, when no
    /// `order` is given: the pipeline reorders each run of equal values by
    /// EXIF DateTimeOriginal (files without one last, then by name).
    public var dateSortGroup: Int?
    public init(input: InputFile, id: String, fit: Fit = .cover, focusX: Double = 0.5, focusY: Double = 0.5) {
        self.input = input; self.id = id
        self.fit = fit; self.focusX = focusX; self.focusY = focusY; self.location = input.location
    }
    /// A photo of the image at `path` (absolute), written `src` at `srcLocation`.
    public init(path: String, src: String, srcLocation: SourceLocation, id: String,
                fit: Fit = .cover, focusX: Double = 0.5, focusY: Double = 0.5) {
        self.init(input: InputFile(path: path, src: src, key: Self.sourceKey, location: srcLocation), id: id,
                  fit: fit, focusX: focusX, focusY: focusY)
    }
}

public enum LayoutKind: Sendable, Hashable {
    /// The original app's 1-9 photo rule (docs/format.md "Layout rules").
    case auto
    /// `columns` x `rows` (rows nil = as many as the photos need), row by row.
    case grid(columns: Int, rows: Int?)
    /// Every photo gives its own `frame` or anchored box.
    case free
    /// Rows of whole photos (no crop) filling the width at a height near
    /// `rowHeight` canvas pixels; breaks by least squares (`JustifiedLayout`).
    case justified(rowHeight: Double)
    /// `direction: vertical`: columns of whole photos (no crop) filling the
    /// height at a width near `columnWidth` canvas pixels: the mirror of
    /// `justified` (`JustifiedLayout.columnCells`).
    case justifiedColumns(columnWidth: Double)
}

extension LayoutKind {
    /// The kind's name as `layout.kind` spells it.
    public var name: LayoutKindName {
        switch self {
        case .auto: .auto
        case .grid: .grid
        case .free: .free
        case .justified, .justifiedColumns: .justified
        }
    }
}

/// The values of `layout.kind`: the one list of layout kinds the validator,
/// its messages and the schema read (`LayoutKind` adds each kind's values).
public enum LayoutKindName: String, Sendable, Hashable, CaseIterable {
    case auto, grid, free, justified
}

public struct LayoutSpec: Sendable, Equatable {
    public var kind: LayoutKind
    /// Between cells, canvas pixels; default 0.
    public var gap: Int
    /// Around all cells, canvas pixels; default 0.
    public var padding: Int
    /// `grid`: relative column widths (one per column, each > 0); nil = equal.
    public var columnWidths: [Double]?
    /// `grid`: relative row heights (one per row, each > 0); nil = equal.
    public var rowHeights: [Double]?
    /// Location of the `rows` value (or of `layout`), where "more photos
    /// than cells" is reported.
    public var rowsLocation: SourceLocation?
    /// Locations of the `gap` and `padding` values, when given.
    public var gapLocation: SourceLocation?
    public var paddingLocation: SourceLocation?
    /// `layout.focus`: the `focus` of every photo that gives none; nil = [0.5, 0.5].
    public var focus: FocusSetting?
    public var focusLocation: SourceLocation?
    public var location: SourceLocation
    public init(kind: LayoutKind = .auto, gap: Int = 0, padding: Int = 0, location: SourceLocation) {
        self.kind = kind; self.gap = gap; self.padding = padding; self.location = location
    }
}

/// The nine box anchors, plus the three baseline anchors for text.
public enum Anchor: String, Sendable, Hashable, CaseIterable {
    case topLeft, top, topRight, left, center, right, bottomLeft, bottom, bottomRight
    case baselineLeft, baselineCenter, baselineRight
}

public struct FontSpec: Sendable, Hashable {
    /// The schema path of `file`, the key that names a font file (a span's
    /// `font` is the same schema object).
    public static let fileKey = "overlay.font.file"
    /// Family names in order of preference; default ["sans-serif"].
    public var family: [String]
    /// Size in canvas pixels (the em size); default 48.
    public var size: Double
    /// Where `size` is written (print preflight); nil when not written. Not part of the value.
    public var sizeLocation: SourceLocation? { get { sizeNote.location } set { sizeNote.location = newValue } }
    var sizeNote = MessageLocation()
    /// `size: "5%"`: the em size as a percentage of the overlay area's
    /// height (the canvas, or the cell with `photo:`); wins over `size`.
    public var relativeSize: Double?
    /// OpenType weight 1...1000 (`regular` 400, `bold` 700); default 400.
    public var weight: Int = 400
    public var style: FontStyleName = .normal
    /// `file:`, the font file that is the first face (`Spec.inputs` lists it).
    public var fileInput: InputFile?
    /// `file:` resolved to an absolute path.
    public var file: String? { fileInput?.path }
    /// `file:` as written (for messages) and where.
    public var fileSrc: String? { fileInput?.src }
    public var fileLocation: SourceLocation? { fileInput?.location }
    /// OpenType features in document order, applied to every run.
    public var features: [FontFeature] = []
    public init(family: [String] = ["sans-serif"], size: Double = 48) {
        self.family = family; self.size = size
    }
}
