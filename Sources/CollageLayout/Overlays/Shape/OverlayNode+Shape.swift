import CollageRaster
import CollageSpec

extension OverlayNode {
    /// A shape overlay: one group turned by `rotation` about the shape's
    /// box centre and faded by `opacity`, holding the fill (its outline,
    /// non-zero) and then the stroke (`Path.stroked`: centred on the
    /// outline, over the fill; its centre line and style kept for PDF's
    /// native strokes, `PathStroke`). Its `shadow` is cast by the union of fill
    /// and stroke, drawn under the whole shape with no knock-out, as CSS
    /// `filter: drop-shadow` draws it under an opaque shape (σ = blur, no spread).
    public static func shape(_ shape: ShapeOverlayFrame, frame: OverlayFrame) -> Node {
        var children: [Node] = []
        let outline = shape.outline
        var stroke: Path?
        var source: PathStroke?
        if let spec = shape.stroke, spec.width > 0 {
            let style = StrokeStyle(spec, width: spec.width)
            stroke = outline.stroked(style)
            source = PathStroke(centerline: outline, style: style)
            // The stroke's pieces turn the way the fill's outline does, so the
            // two add (not cancel) in a shadow's caster.
            if outline.signedArea < 0 { stroke = stroke?.reversed }
        }
        if let fill = shape.fill {
            children.append(.path(PathLeaf(path: outline, paint: Paint(fill, box: shape.box))))
        }
        if let stroke, let spec = shape.stroke {
            children.append(.path(PathLeaf(path: stroke, paint: Paint(spec.color, box: shape.box), stroke: source)))
        }
        let shadow = shape.shadow.map { cast -> Shadow in
            var caster = shape.fill != nil ? outline : Path()
            if let stroke { caster.append(stroke) }
            return Shadow(shape: caster, offsetX: cast.offsetX, offsetY: cast.offsetY, sigma: cast.blur,
                          color: Color(cast.color))
        }
        return .group(Group(transform: turn(frame.rotation, about: shape.box), opacity: frame.opacity, shadow: shadow,
                            blend: BlendMode(frame.blend),
                            children: children))
    }
}

extension Paint {
    /// A document paint as a scene paint; a gradient spans `box` (the
    /// painted node's own box, local canvas pixels).
    public init(_ paint: PaintSpec, box: Rect) {
        switch paint {
        case .color(let color): self = .solid(Color(color))
        case .gradient(let gradient): self = .gradient(Gradient(gradient, box: box))
        }
    }
}

extension Gradient {
    /// A document gradient over `box`: a percentage radius is of √((W² + H²) / 2).
    public init(_ spec: GradientSpec, box: Rect) {
        let shape: Shape
        switch spec.kind {
        case .linear: shape = .linear(angle: spec.angle)
        case .radial:
            let reference = ((box.width * box.width + box.height * box.height) / 2).squareRoot()
            shape = .radial(centerX: spec.centerX, centerY: spec.centerY, radius: spec.radius?.resolved(reference: reference))
        }
        self.init(shape: shape, stops: spec.stops.map { Stop(color: Color($0.color), position: $0.position) },
                  space: Space(rawValue: spec.space.rawValue) ?? .srgb, box: box)
    }
}

extension StrokeStyle {
    /// A shape's stroke keys (`ShapeStroke`) as the rasteriser's style.
    init(_ stroke: ShapeStroke, width: Double) {
        self.init(width: width, join: LineJoin(rawValue: stroke.join.rawValue) ?? .miter,
                  cap: LineCap(rawValue: stroke.cap.rawValue) ?? .butt, miterLimit: stroke.miterLimit,
                  dash: stroke.dash, dashOffset: stroke.dashOffset)
    }
}
