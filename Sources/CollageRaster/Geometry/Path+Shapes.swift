extension Path {
    /// Cubic Bézier handle length of a quarter circle of radius 1: the
    /// curve meets the circle at its ends and middle (radial error at most
    /// 2.7e-4 of the radius: 0.03 px at a radius of 100 px).
    static let kappa = 0.552_284_749_830_793_4

    /// A rectangle, clockwise on screen (y down).
    public static func rect(_ rect: Rect) -> Path {
        var path = Path()
        path.move(to: rect.x, rect.y)
        path.line(to: rect.maxX, rect.y)
        path.line(to: rect.maxX, rect.maxY)
        path.line(to: rect.x, rect.maxY)
        path.close()
        return path
    }

    /// A rectangle with circular corners of `radius` (clamped to 0 ... half
    /// the shorter side), clockwise on screen; radius 0 is `rect(_:)`.
    public static func roundedRect(_ rect: Rect, radius: Double) -> Path {
        let r = max(0, min(radius.isFinite ? radius : 0, rect.width / 2, rect.height / 2))
        guard r > 0 else { return Path.rect(rect) }
        let k = r * (1 - kappa)
        let x0 = rect.x, y0 = rect.y, x1 = rect.maxX, y1 = rect.maxY
        var path = Path()
        path.move(to: x0 + r, y0)
        path.line(to: x1 - r, y0)
        path.cubic(to: x1, y0 + r, control1: x1 - k, y0, control2: x1, y0 + k)
        path.line(to: x1, y1 - r)
        path.cubic(to: x1 - r, y1, control1: x1, y1 - k, control2: x1 - k, y1)
        path.line(to: x0 + r, y1)
        path.cubic(to: x0, y1 - r, control1: x0 + k, y1, control2: x0, y1 - k)
        path.line(to: x0, y0 + r)
        path.cubic(to: x0 + r, y0, control1: x0, y0 + k, control2: x0 + k, y0)
        path.close()
        return path
    }

    /// The ellipse inscribed in `rect`, clockwise on screen.
    public static func ellipse(in rect: Rect) -> Path {
        let rx = rect.width / 2, ry = rect.height / 2
        let cx = rect.x + rx, cy = rect.y + ry
        let kx = rx * kappa, ky = ry * kappa
        var path = Path()
        path.move(to: cx + rx, cy)
        path.cubic(to: cx, cy + ry, control1: cx + rx, cy + ky, control2: cx + kx, cy + ry)
        path.cubic(to: cx - rx, cy, control1: cx - kx, cy + ry, control2: cx - rx, cy + ky)
        path.cubic(to: cx, cy - ry, control1: cx - rx, cy - ky, control2: cx - kx, cy - ry)
        path.cubic(to: cx + rx, cy, control1: cx + kx, cy - ry, control2: cx + rx, cy - ky)
        path.close()
        return path
    }

    /// The same outline traced the other way round (for cutting a hole with
    /// the non-zero rule: a border is the outer shape plus the inner one reversed).
    public var reversed: Path {
        // Collect subpaths as point lists with the segments that end at each point.
        var out = Path()
        var subpath: [Element] = []
        func flush() {
            guard case .move(let sx, let sy)? = subpath.first else { subpath = []; return }
            // Points: start, then each segment's end.
            var points: [(Double, Double)] = [(sx, sy)]
            var segments: [Element] = []
            for element in subpath.dropFirst() {
                switch element {
                case .line(let x, let y), .quad(_, _, let x, let y), .cubic(_, _, _, _, let x, let y):
                    points.append((x, y)); segments.append(element)
                default: break
                }
            }
            let last = points[points.count - 1]
            out.move(to: last.0, last.1)
            for i in stride(from: segments.count - 1, through: 0, by: -1) {
                let to = points[i]
                switch segments[i] {
                case .line: out.line(to: to.0, to.1)
                case .quad(let cx, let cy, _, _): out.quad(to: to.0, to.1, control: cx, cy)
                case .cubic(let c1x, let c1y, let c2x, let c2y, _, _):
                    out.cubic(to: to.0, to.1, control1: c2x, c2y, control2: c1x, c1y)
                default: break
                }
            }
            out.close()
            subpath = []
        }
        for element in elements {
            if case .move = element { flush() }
            subpath.append(element)
        }
        flush()
        return out
    }
}
