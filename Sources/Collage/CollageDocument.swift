import CollageSpec

/// A collage document built in code: the same document a YAML or JSON file
/// holds (docs/format.md), as a plain value. It is not validated here:
/// `DocumentRenderer` writes it as JSON text and runs it through the same
/// loader and validator as a file, so a built document is accepted, refused
/// and rendered exactly as the equivalent file, with the same diagnostics
/// (their locations point into that JSON text, `jsonText`).
///
/// Units are those of the format: lengths in canvas pixels, origin top-left,
/// y down; a `Length` may instead be a percentage (`.percent(5)`) of what the
/// format says the key's percentages refer to. Every optional property left
/// nil is omitted from the document, so the format's default applies; the
/// defaults are listed on each property.
///
/// ```swift
/// var document = CollageDocument(canvas: .init(width: 800, height: 600, background: "#202020"))
/// document.photos = [.init("photos/a.jpg"), .init("photos/b.jpg", fit: .contain)]
/// document.layout = .init(kind: .grid, gap: 8, padding: 8, columns: 2)
/// document.overlays = [.text("Summer", size: 48, color: "#ffffff", anchor: .bottom)]
/// ```
///
/// Keys without a property here (photo `border`, `shadow`, text `stroke`, …)
/// go in the `additionalKeys` of the item, as JSON values, and are validated
/// like any other key (an unknown key is an error with a suggestion).
public struct CollageDocument: Sendable, Equatable {
    /// `canvas`: size and background.
    public var canvas: Canvas
    /// `photos`, in layout order. A document needs at least one (an empty
    /// list is the validator's error at `photos`).
    public var photos: [Photo]
    /// `layout`; default `{kind: auto}`.
    public var layout: Layout
    /// `overlays`, drawn after the photos in list order; default none.
    public var overlays: [Overlay]
    /// `output`: encoder settings; `RenderOptions`-style arguments of the
    /// renderer win over them. Default: none.
    public var output: Output?
    /// `order`: photo ids to lay out, in this order; nil lays out every photo.
    public var order: [String]?
    /// `vars`: values for `${name}` in the document's strings.
    public var variables: [String: String]
    /// `include`: documents whose `vars` and `components` this one takes, relative to the base directory.
    public var includes: [String] = []
    /// `components` by name (docs/format.md "Components").
    public var components: [String: Component] = [:]
    /// `variants` by name (docs/format.md "Variants"); one is rendered with the variable `variant` set.
    public var variants: [String: Variant] = [:]

    public init(canvas: Canvas = Canvas(), photos: [Photo] = [], layout: Layout = Layout(),
                overlays: [Overlay] = [], output: Output? = nil, order: [String]? = nil,
                variables: [String: String] = [:]) {
        self.canvas = canvas; self.photos = photos; self.layout = layout; self.overlays = overlays
        self.output = output; self.order = order; self.variables = variables
    }

    /// A length in canvas pixels or a percentage (docs/format.md says, per
    /// key, of what: the canvas, the cell, the font size).
    public enum Length: Sendable, Equatable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
        /// Canvas pixels.
        case pixels(Double)
        /// Percent of the key's reference size (`"5%"` in a document).
        case percent(Double)
        public init(integerLiteral value: Int) { self = .pixels(Double(value)) }
        public init(floatLiteral value: Double) { self = .pixels(value) }
    }

    /// `canvas`.
    public struct Canvas: Sendable, Equatable {
        /// Width in pixels, 1-32768; nil derives it (one photo's size or aspect,
        /// `justified`), as docs/format.md "canvas" says.
        public var width: Int?
        /// Height in pixels, 1-32768; nil derives it as `width`.
        public var height: Int?
        /// A colour (`"#rrggbb"`, `"#rrggbbaa"`, a CSS name, `transparent`); default `"#ffffff"`.
        public var background: String?
        public init(width: Int? = nil, height: Int? = nil, background: String? = nil) {
            self.width = width; self.height = height; self.background = background
        }
    }

    /// One item of `photos`.
    public struct Photo: Sendable, Equatable {
        /// `src`: the image file (JPEG, PNG, HEIC/HEIF/AVIF, WebP) or a glob,
        /// relative to the renderer's base folder unless absolute.
        public var src: String
        /// `id`; default the file stem.
        public var id: String?
        /// `fit`; default `.cover`.
        public var fit: Fit?
        /// `focus`: fractions 0-1 of the oriented photo; default (0.5, 0.5).
        public var focus: (x: Double, y: Double)?
        /// `cell` (grid layout): 1-based column and row, spans default 1.
        public var cell: Cell?
        /// `frame` (free layout): the photo's cell.
        public var frame: Frame?
        /// `cornerRadius`: pixels or percent of the cell's shorter side; default 0.
        public var cornerRadius: Length?
        /// `rotation`: degrees clockwise, -3600 to 3600; default 0.
        public var rotation: Double?
        /// `opacity`: 0-1; default 1.
        public var opacity: Double?
        /// `shadow`: the print's CSS box-shadow (`spread` allowed); default none.
        public var shadow: Shadow?
        /// `filter`: CSS filter functions applied in order to the picture; default none.
        public var filter: [Filter]?
        /// `blend`: how the photo mixes with what lies below; default `.normal`.
        public var blend: BlendModeName?
        /// Any other photo key (`border`, `crop`, `zoom`, `letterbox`, …) as its JSON value.
        public var additionalKeys: [String: JSONText.Value]

        public init(_ src: String, id: String? = nil, fit: Fit? = nil, focus: (x: Double, y: Double)? = nil,
                    cell: Cell? = nil, frame: Frame? = nil, cornerRadius: Length? = nil, rotation: Double? = nil,
                    opacity: Double? = nil, shadow: Shadow? = nil, filter: [Filter]? = nil, blend: BlendModeName? = nil,
                    additionalKeys: [String: JSONText.Value] = [:]) {
            self.src = src; self.id = id; self.fit = fit; self.focus = focus; self.cell = cell; self.frame = frame
            self.cornerRadius = cornerRadius; self.rotation = rotation; self.opacity = opacity
            self.shadow = shadow; self.filter = filter; self.blend = blend
            self.additionalKeys = additionalKeys
        }

        public static func == (a: Photo, b: Photo) -> Bool { a.json == b.json }
    }

    /// `cell` of a photo in a grid: grid tracks, 1-based.
    public struct Cell: Sendable, Equatable {
        public var column: Int, row: Int
        /// Tracks covered; default 1.
        public var columnSpan: Int?, rowSpan: Int?
        public init(column: Int, row: Int, columnSpan: Int? = nil, rowSpan: Int? = nil) {
            self.column = column; self.row = row; self.columnSpan = columnSpan; self.rowSpan = rowSpan
        }
    }

    /// `frame` of a photo in a free layout: canvas pixels (or percent of the
    /// canvas width/height), origin top-left, y down.
    public struct Frame: Sendable, Equatable {
        public var x: Length, y: Length, width: Length, height: Length
        public init(x: Length, y: Length, width: Length, height: Length) {
            self.x = x; self.y = y; self.width = width; self.height = height
        }
    }

    /// `layout`.
    public struct Layout: Sendable, Equatable {
        /// `kind`; default `.auto`.
        public var kind: LayoutKindName
        /// `gap` between neighbouring cells: whole pixels (or percent of the
        /// canvas's shorter side); default 0.
        public var gap: Length?
        /// `padding` between the canvas edge and the cells; default 0.
        public var padding: Length?
        /// `columns` (grid only, required there).
        public var columns: Int?
        /// `rows` (grid only); default as many as the photos need.
        public var rows: Int?
        /// `rowHeight` (justified only, required there): pixels or percent of the canvas height.
        public var rowHeight: Length?
        /// Any other layout key (`columnWidths`, `rowHeights`, …) as its JSON value.
        public var additionalKeys: [String: JSONText.Value]

        public init(kind: LayoutKindName = .auto, gap: Length? = nil, padding: Length? = nil, columns: Int? = nil,
                    rows: Int? = nil, rowHeight: Length? = nil, additionalKeys: [String: JSONText.Value] = [:]) {
            self.kind = kind; self.gap = gap; self.padding = padding; self.columns = columns; self.rows = rows
            self.rowHeight = rowHeight; self.additionalKeys = additionalKeys
        }
    }

    /// One item of `overlays`: what every kind shares, and the kind's own keys.
    public struct Overlay: Sendable, Equatable {
        /// The kind and its own keys.
        public enum Kind: Sendable, Equatable {
            /// A text overlay (`text`, `font`, `color`, …).
            case text(Text)
            /// An image overlay (`image`: a file path, relative to the base
            /// folder; `width`/`height` in pixels or percent, default the image's size;
            /// `filter`: CSS filter functions applied in order, default none).
            case image(path: String, width: Length? = nil, height: Length? = nil, filter: [Filter]? = nil)
            /// A vector shape (`shape`, `fill`, `stroke`, …).
            case shape(Shape)
            /// A QR code (`qrcode: {text, level, size | module, margin, color, background}`).
            case qrcode(QRCode)
            /// `use:` a component (`Overlay.use`); its arguments are `with` in `additionalKeys`.
            case use(String)
        }
        public var kind: Kind
        /// `anchor`; default `.center`.
        public var anchor: Anchor?
        /// `offset` after anchoring: +x right, +y down; default (0, 0).
        public var offset: (x: Length, y: Length)?
        /// `photo`: anchor inside this photo's cell instead of the canvas.
        public var photo: String?
        /// `rotation`: degrees clockwise about the box centre; default 0.
        public var rotation: Double?
        /// `opacity`: 0-1; default 1.
        public var opacity: Double?
        /// `shadow`: a text's `text-shadow`, or the drop shadow of an image,
        /// a shape or a QR code (no `spread`); default none.
        public var shadow: Shadow?
        /// `blend`: how the overlay mixes with what lies below; default `.normal`.
        public var blend: BlendModeName?
        /// `layer`: above the photos (the default) or below them.
        public var layer: OverlayLayer?
        /// Any other key (`stroke`, `background`, `maxLines`, …) as its JSON value.
        public var additionalKeys: [String: JSONText.Value]

        public init(_ kind: Kind, anchor: Anchor? = nil, offset: (x: Length, y: Length)? = nil, photo: String? = nil,
                    rotation: Double? = nil, opacity: Double? = nil, shadow: Shadow? = nil, blend: BlendModeName? = nil,
                    layer: OverlayLayer? = nil, additionalKeys: [String: JSONText.Value] = [:]) {
            self.kind = kind; self.anchor = anchor; self.offset = offset; self.photo = photo
            self.rotation = rotation; self.opacity = opacity; self.shadow = shadow; self.blend = blend; self.layer = layer
            self.additionalKeys = additionalKeys
        }

        /// A text overlay with the usual keys.
        /// - Parameters:
        ///   - text: the text; `\n` starts a new line.
        ///   - family: fontconfig family names in order of preference; nil is `sans-serif`.
        ///   - size: the em size in pixels (or percent of the canvas or cell height); nil is 48.
        ///   - color: the fill colour; nil is `"#000000"`.
        ///   - anchor: the point of the canvas and of the text box that meet; nil is `.center`.
        ///   - offset: moves the box after anchoring, +x right, +y down; nil is (0, 0).
        ///   - maxWidth: wraps lines to this width; nil wraps only at `\n`.
        ///   - align: each line's alignment in the box; nil is `.center`.
        public static func text(_ text: String, family: [String]? = nil, size: Length? = nil, color: String? = nil,
                                anchor: Anchor? = nil, offset: (x: Length, y: Length)? = nil,
                                maxWidth: Length? = nil, align: TextAlign? = nil) -> Overlay {
            Overlay(.text(Text(text, family: family, size: size, color: color, maxWidth: maxWidth, align: align)),
                    anchor: anchor, offset: offset)
        }

        public static func == (a: Overlay, b: Overlay) -> Bool { a.json == b.json }
    }

    /// `output`: encoder settings of the document.
    public struct Output: Sendable, Equatable {
        /// `format`; default from the output file's extension (PNG for bytes).
        public var format: OutputFormat?
        /// `quality`: JPEG and lossy WebP, 1-100; default 90.
        public var quality: Int?
        public init(format: OutputFormat? = nil, quality: Int? = nil) { self.format = format; self.quality = quality }
    }
}
