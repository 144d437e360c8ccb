/// A paint (docs/format.md "Paints"): a colour, or `{gradient: {...}}`.
/// Taken by the canvas `background`, a shape's `fill` and `stroke.color`,
/// and a text label's `background.color`; every other colour key takes a
/// colour only.
public enum PaintSpec: Sendable, Hashable {
    case color(RGBA)
    case gradient(GradientSpec)

    /// True when every pixel the paint covers is opaque.
    public var isOpaque: Bool {
        switch self {
        case .color(let color): color.alpha == 255
        case .gradient(let gradient): gradient.stops.allSatisfy { $0.color.alpha == 255 }
        }
    }
}

/// `gradient: {kind, angle, center, radius, stops, space}` with CSS's
/// geometry over the painted node's own box (CSS Images 3 "Gradients"):
/// a linear gradient's line runs through the box's centre at `angle`
/// (degrees, 0 towards the top, 90 towards the right) and is
/// |W sin θ| + |H cos θ| long; a radial one is a circle about `center`
/// (fractions of the box) of `radius` (pixels, or percent of
/// √((W² + H²) / 2)), by default reaching the farthest corner. It turns
/// with the node (`rotation`).
public struct GradientSpec: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable { case linear, radial }
    /// The space colours interpolate in (premultiplied): `srgb` (CSS's default), `linear` light, `oklab`.
    public enum Space: String, Sendable, Hashable, CaseIterable { case srgb, linear, oklab }

    public var kind: Kind
    /// Degrees; default 180 (top to bottom).
    public var angle: Double
    /// Fractions of the box; default (0.5, 0.5).
    public var centerX: Double, centerY: Double
    /// nil: to the farthest corner.
    public var radius: Length?
    /// At least 2; positions resolved (omitted ones spread evenly as CSS does), non-decreasing in 0...1.
    public var stops: [GradientStopSpec]
    public var space: Space

    public init(kind: Kind = .linear, angle: Double = 180, centerX: Double = 0.5, centerY: Double = 0.5,
                radius: Length? = nil, stops: [GradientStopSpec], space: Space = .srgb) {
        self.kind = kind; self.angle = angle; self.centerX = centerX; self.centerY = centerY
        self.radius = radius; self.stops = stops; self.space = space
    }
}

/// One colour stop at `position` (0...1).
public struct GradientStopSpec: Sendable, Hashable {
    public var color: RGBA
    public var position: Double
    public init(color: RGBA, position: Double) { self.color = color; self.position = position }
}
