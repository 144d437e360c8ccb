/// A shape overlay's own keys (`shape: rect | ellipse | line | polygon |
/// path`, docs/format.md "Shapes"): its geometry, its `fill`, its `stroke`
/// and its `shadow`. Placement (`anchor`, `offset`, `photo`, `rotation`,
/// `opacity`) is the overlay's (`OverlaySpec`).
///
/// Coordinates are canvas pixels (origin top-left, y down) of the overlay's
/// area: the canvas, or with `photo:` that photo's cell. `rect` and `ellipse`
/// are boxes placed like an image overlay (`anchor`, then `offset`);
/// `line`, `polygon` and `path` are drawn at their own coordinates from the
/// area's top-left corner, moved by `offset`. Percentages refer to the
/// area's width (x, width) or height (y, height).
public struct ShapeOverlaySpec: Sendable, Hashable {
    public var geometry: ShapeGeometry
    /// Inside paint; nil (the default): no fill, an outline only.
    public var fill: PaintSpec?
    /// Outline; nil (the default): none. A shape has a fill or a stroke.
    public var stroke: ShapeStroke?
    /// A drop shadow cast by the fill and stroke; default none.
    public var shadow: DropShadow?
    public init(geometry: ShapeGeometry, fill: PaintSpec? = nil, stroke: ShapeStroke? = nil, shadow: DropShadow? = nil) {
        self.geometry = geometry; self.fill = fill; self.stroke = stroke; self.shadow = shadow
    }
}

/// What a shape overlay outlines.
public enum ShapeGeometry: Sendable, Hashable {
    /// A `width` × `height` box (> 0) with circular corners of `cornerRadius`
    /// pixels (clamped to half the shorter side).
    case rect(width: Length, height: Length, cornerRadius: Double)
    /// The ellipse inscribed in a `width` × `height` box.
    case ellipse(width: Length, height: Length)
    /// An open polyline through two or more points (stroke only).
    case line([LengthPoint])
    /// A closed polygon through three or more points.
    case polygon([LengthPoint])
    /// SVG path data, read (`PathData`); open subpaths are closed by the fill.
    case path(PathData)

    public var name: ShapeKindName {
        switch self {
        case .rect: .rect
        case .ellipse: .ellipse
        case .line: .line
        case .polygon: .polygon
        case .path: .path
        }
    }
}

/// The values of `shape`.
public enum ShapeKindName: String, Sendable, Hashable, CaseIterable {
    case rect, ellipse, line, polygon, path

    /// True for the kinds placed as a box by `anchor`, `width` and `height`.
    public var isBox: Bool { self == .rect || self == .ellipse }
}

/// A point `[x, y]` of a `line` or `polygon`: pixels, or percentages of the
/// area's width (x) and height (y), from the area's top-left corner.
public struct LengthPoint: Sendable, Hashable {
    public var x: Length, y: Length
    public init(x: Length, y: Length) { self.x = x; self.y = y }
}

/// `stroke: {width, color, dash, dashOffset, join, cap, miterLimit}` of a
/// shape: a band `width` pixels wide centred on the outline, with SVG's
/// meaning and defaults for the rest (miter join, miter limit 4, butt cap,
/// solid, colour black).
public struct ShapeStroke: Sendable, Hashable {
    /// Pixels, 0...1000; 0 draws no stroke.
    public var width: Double
    /// A paint; default black.
    public var color: PaintSpec
    /// Dash and gap lengths in pixels, from the start of each subpath; an odd
    /// list repeats (SVG `stroke-dasharray`); empty: solid.
    public var dash: [Double]
    /// Pixels into the pattern where each subpath starts; default 0.
    public var dashOffset: Double
    public var join: Join
    public var cap: Cap
    /// ≥ 1, default 4: miter length over width beyond which a miter bevels.
    public var miterLimit: Double
    /// Where `width` is written (print preflight); nil when built in code. Not part of the value.
    public var widthLocation: SourceLocation? { get { widthNote.location } set { widthNote.location = newValue } }
    var widthNote = MessageLocation()
    public init(width: Double, color: PaintSpec = .color(.black), dash: [Double] = [], dashOffset: Double = 0,
                join: Join = .miter, cap: Cap = .butt, miterLimit: Double = 4) {
        self.width = width; self.color = color; self.dash = dash; self.dashOffset = dashOffset
        self.join = join; self.cap = cap; self.miterLimit = miterLimit
    }

    /// `join` (SVG `stroke-linejoin`); default miter.
    public enum Join: String, Sendable, Hashable, CaseIterable { case miter, round, bevel }
    /// `cap` (SVG `stroke-linecap`); default butt.
    public enum Cap: String, Sendable, Hashable, CaseIterable { case butt, round, square }
}
