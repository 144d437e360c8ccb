/// A subpath flattened into straight pieces: its points in order (no two
/// consecutive ones equal) and whether it was closed (`Path.close`), in the
/// path's own coordinates.
public struct Polyline: Sendable, Equatable {
    public var points: [SIMD2<Double>]
    public var closed: Bool
    public init(points: [SIMD2<Double>], closed: Bool) { self.points = points; self.closed = closed }

    /// Sum of the pieces' lengths (the closing piece included when closed).
    public var length: Double {
        guard points.count > 1 else { return 0 }
        var total = 0.0
        for i in 1 ..< points.count { total += distance(points[i - 1], points[i]) }
        if closed { total += distance(points[points.count - 1], points[0]) }
        return total
    }
}

@inline(__always) func distance(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
    let d = b - a
    return (d.x * d.x + d.y * d.y).squareRoot()
}

extension Path {
    /// Every subpath as a polyline, curves flattened so that no point of the
    /// polyline strays more than `tolerance` (the path's units) from the
    /// curve (the chord counts of `PathRasterizer`). A subpath of one point
    /// (a `move` alone, or a `move` and segments back onto it) is a polyline
    /// of one point: strokes draw caps there (SVG's zero-length subpaths).
    /// A `move` right after another starts a new (one-point) subpath.
    public func polylines(tolerance: Double = PathRasterizer.tolerance) -> [Polyline] {
        var result: [Polyline] = []
        var points: [SIMD2<Double>] = []
        var current = SIMD2<Double>(0, 0), start = current
        var open = false
        func add(_ p: SIMD2<Double>) {
            if let last = points.last, last == p { return }
            points.append(p)
        }
        func finish(closed: Bool) {
            if open {
                if closed, points.count > 1, points[points.count - 1] == points[0] { points.removeLast() }
                result.append(Polyline(points: points, closed: closed))
            }
            points = []; open = false
        }
        func begin() {
            if !open { points = [current]; start = current; open = true }
        }
        for element in elements {
            switch element {
            case .move(let x, let y):
                finish(closed: false)
                current = SIMD2(x, y); start = current
                points = [current]; open = true
            case .line(let x, let y):
                begin()
                current = SIMD2(x, y); add(current)
            case .quad(let cx, let cy, let ex, let ey):
                begin()
                let n = PathRasterizer.quadChords(current.x, current.y, cx, cy, ex, ey, tolerance: tolerance)
                let p0 = current, c = SIMD2(cx, cy), e = SIMD2(ex, ey)
                for i in 1 ... n {
                    let t = Double(i) / Double(n), u = 1 - t
                    add(u * u * p0 + 2 * u * t * c + t * t * e)
                }
                current = e
            case .cubic(let c1x, let c1y, let c2x, let c2y, let ex, let ey):
                begin()
                let n = PathRasterizer.cubicChords(current.x, current.y, c1x, c1y, c2x, c2y, ex, ey, tolerance: tolerance)
                let p0 = current, c1 = SIMD2(c1x, c1y), c2 = SIMD2(c2x, c2y), e = SIMD2(ex, ey)
                for i in 1 ... n {
                    let t = Double(i) / Double(n), u = 1 - t
                    add(u * u * u * p0 + 3 * u * u * t * c1 + 3 * u * t * t * c2 + t * t * t * e)
                }
                current = e
            case .close:
                begin()
                finish(closed: true)
                current = start
            }
        }
        finish(closed: false)
        return result
    }
}

extension Path {
    /// The signed area the flattened subpaths enclose, each closed (shoelace,
    /// y down: positive for outlines traced clockwise on screen, like `Path.rect`).
    public var signedArea: Double {
        var total = 0.0
        for line in polylines() where line.points.count > 2 {
            let points = line.points
            for i in 0 ..< points.count {
                let a = points[i], b = points[(i + 1) % points.count]
                total += a.x * b.y - b.x * a.y
            }
        }
        return total / 2
    }
}
