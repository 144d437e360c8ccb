/// How a path's outline is stroked (`Path.stroked(_:tolerance:)`): SVG's
/// `stroke-width`, `stroke-linejoin`, `stroke-miterlimit`,
/// `stroke-linecap`, `stroke-dasharray` and `stroke-dashoffset`, with SVG's
/// defaults (SVG 2 "Stroking": miter join, miter limit 4, butt cap, no dashes).
/// Lengths are in the path's own units (canvas pixels for shapes).
public struct StrokeStyle: Sendable, Hashable {
    /// Full width of the band, centred on the outline; > 0 to draw.
    public var width: Double
    public var join: LineJoin
    public var cap: LineCap
    /// Miter length over stroke width above which a miter join becomes a
    /// bevel (SVG: 1 / sin(θ / 2) for the angle θ between the segments); ≥ 1, default 4.
    public var miterLimit: Double
    /// Alternating dash and gap lengths, from the start of each subpath; an
    /// odd count is repeated once (SVG); empty, or all zero: a solid stroke.
    public var dash: [Double]
    /// How far into the dash pattern each subpath starts (negative: before it).
    public var dashOffset: Double

    public init(width: Double, join: LineJoin = .miter, cap: LineCap = .butt, miterLimit: Double = 4,
                dash: [Double] = [], dashOffset: Double = 0) {
        self.width = width; self.join = join; self.cap = cap; self.miterLimit = miterLimit
        self.dash = dash; self.dashOffset = dashOffset
    }
}

/// Where two segments of a stroke meet (SVG `stroke-linejoin`).
public enum LineJoin: String, Sendable, Hashable, CaseIterable {
    /// The outer edges extended to their meeting point, bevelled beyond the miter limit.
    case miter
    /// A circular arc of the half width about the vertex.
    case round
    /// The outer corners joined by a straight line.
    case bevel
}

/// How an open subpath (or a dash) ends (SVG `stroke-linecap`).
public enum LineCap: String, Sendable, Hashable, CaseIterable {
    /// Flat, at the end point.
    case butt
    /// A half disc of the half width about the end point.
    case round
    /// Flat, half the width beyond the end point.
    case square
}
