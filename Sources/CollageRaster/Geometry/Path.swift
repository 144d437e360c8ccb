import CollageNumerics
/// A vector outline: subpaths of straight lines and quadratic and cubic
/// Bézier curves, in the coordinates of the node that holds it (canvas
/// pixels, y down, before the node's transforms). Filled by
/// `PathRasterizer`; an open subpath is closed by the fill. Strokes and
/// dashes (issue 15) expand into fill paths of this kind.
public struct Path: Sendable, Hashable {
    /// One drawing command (`PathElement`, shared with the document's `PathData`).
    public typealias Element = PathElement

    public private(set) var elements: [Element] = []

    public init() {}

    /// A path of these elements.
    public init(elements: [Element]) { self.elements = elements }

    public mutating func move(to x: Double, _ y: Double) { elements.append(.move(x: x, y: y)) }
    public mutating func line(to x: Double, _ y: Double) { elements.append(.line(x: x, y: y)) }
    public mutating func quad(to x: Double, _ y: Double, control cx: Double, _ cy: Double) {
        elements.append(.quad(cx: cx, cy: cy, x: x, y: y))
    }
    public mutating func cubic(to x: Double, _ y: Double, control1 c1x: Double, _ c1y: Double,
                               control2 c2x: Double, _ c2y: Double) {
        elements.append(.cubic(c1x: c1x, c1y: c1y, c2x: c2x, c2y: c2y, x: x, y: y))
    }
    public mutating func close() { elements.append(.close) }

    /// Appends every subpath of `other`.
    public mutating func append(_ other: Path) { elements += other.elements }

    public var isEmpty: Bool { elements.isEmpty }

    /// The path with every point mapped by `transform` (Bézier curves stay
    /// Bézier curves under an affine map).
    public func transformed(by transform: Affine) -> Path {
        if transform == .identity { return self }
        var out = Path()
        out.elements = elements.map { element in
            func p(_ x: Double, _ y: Double) -> (Double, Double) { let q = transform.apply(x, y); return (q.x, q.y) }
            switch element {
            case .move(let x, let y): let q = p(x, y); return .move(x: q.0, y: q.1)
            case .line(let x, let y): let q = p(x, y); return .line(x: q.0, y: q.1)
            case .quad(let cx, let cy, let x, let y):
                let c = p(cx, cy), q = p(x, y); return .quad(cx: c.0, cy: c.1, x: q.0, y: q.1)
            case .cubic(let c1x, let c1y, let c2x, let c2y, let x, let y):
                let c1 = p(c1x, c1y), c2 = p(c2x, c2y), q = p(x, y)
                return .cubic(c1x: c1.0, c1y: c1.1, c2x: c2.0, c2y: c2.1, x: q.0, y: q.1)
            case .close: return .close
            }
        }
        return out
    }

    /// The box holding every point and control point (curves stay inside
    /// their control polygon); nil for a path with no points.
    public var controlBounds: Rect? {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        func add(_ x: Double, _ y: Double) { x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x); y1 = max(y1, y) }
        for element in elements {
            switch element {
            case .move(let x, let y), .line(let x, let y): add(x, y)
            case .quad(let cx, let cy, let x, let y): add(cx, cy); add(x, y)
            case .cubic(let c1x, let c1y, let c2x, let c2y, let x, let y): add(c1x, c1y); add(c2x, c2y); add(x, y)
            case .close: break
            }
        }
        guard x0 <= x1, y0 <= y1 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// True when every coordinate is finite.
    public var isFinite: Bool {
        elements.allSatisfy { element in
            switch element {
            case .move(let x, let y), .line(let x, let y): return x.isFinite && y.isFinite
            case .quad(let cx, let cy, let x, let y): return cx.isFinite && cy.isFinite && x.isFinite && y.isFinite
            case .cubic(let c1x, let c1y, let c2x, let c2y, let x, let y):
                return c1x.isFinite && c1y.isFinite && c2x.isFinite && c2y.isFinite && x.isFinite && y.isFinite
            case .close: return true
            }
        }
    }
}
