/// A subpath flattened into straight pieces: its points in order (no two
/// consecutive ones equal), whether it was closed (`Path.close`), in the
/// path's own coordinates, and which points lie inside a curve.
public struct Polyline: Sendable, Equatable {
    public var points: [SIMD2<Double>]
    public var closed: Bool
    /// Per point, true where the point is one the flattening put inside a
    /// curve (not one of the path's own corners, where its segments meet):
    /// a stroke joins its pieces there round, whatever its `join`, as SVG
    /// strokes a curve with its offset curve. Empty when no point is (a
    /// polyline of straight segments only); otherwise as long as `points`.
    public var smooth: [Bool]
    public init(points: [SIMD2<Double>], closed: Bool, smooth: [Bool] = []) {
        self.points = points; self.closed = closed; self.smooth = smooth
    }

    /// Whether point `i` lies inside a curve (`smooth`).
    @inline(__always) func isSmooth(_ i: Int) -> Bool { !smooth.isEmpty && smooth[i] }

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
    /// The points a curve's flattening adds between its ends are marked
    /// `smooth`, and so is a point where two segments meet with the same
    /// tangent (the cubics of one arc, SVG's `S` and `T`: SVG's join there
    /// has no angle); other segment ends are corners.
    public func polylines(tolerance: Double = PathRasterizer.tolerance) -> [Polyline] {
        var result: [Polyline] = []
        var points: [SIMD2<Double>] = []
        var smooth: [Bool] = []
        var current = SIMD2<Double>(0, 0), start = current
        var open = false
        // The subpath's tangent where its last segment ended and where its first began (nil: none yet).
        var endTangent: SIMD2<Double>?, startTangent: SIMD2<Double>?
        /// Whether a segment leaving in direction `b` continues one arriving in direction `a`.
        func continues(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Bool {
            let cross = a.x * b.y - a.y * b.x, dot = a.x * b.x + a.y * b.y
            return dot > 0 && abs(cross) <= 1e-9 * dot
        }
        /// A segment starts at the current point leaving in direction `t` and ends arriving in direction `e`.
        func segment(leaving t: SIMD2<Double>, arriving e: SIMD2<Double>) {
            guard t != .zero else { return }
            if let last = endTangent, points.count > 1, continues(last, t) {
                if smooth.isEmpty { smooth = Array(repeating: false, count: points.count) }
                smooth[smooth.count - 1] = true
            }
            if startTangent == nil { startTangent = t }
            endTangent = e
        }
        func firstNonZero(_ candidates: SIMD2<Double>...) -> SIMD2<Double> { candidates.first { $0 != .zero } ?? .zero }
        func add(_ p: SIMD2<Double>, smooth inside: Bool = false) {
            if let last = points.last, last == p {
                // A corner landing on the point before it makes that point a corner.
                if !inside, !smooth.isEmpty { smooth[smooth.count - 1] = false }
                return
            }
            if inside, smooth.isEmpty { smooth = Array(repeating: false, count: points.count) }
            points.append(p)
            if !smooth.isEmpty { smooth.append(inside) }
        }
        func finish(closed: Bool) {
            if open {
                if closed, points.count > 1, points[points.count - 1] == points[0] {
                    points.removeLast()
                    if !smooth.isEmpty { smooth.removeLast() }
                } else if closed, points.count > 1 {
                    // The closing line back to the start.
                    segment(leaving: points[0] - points[points.count - 1], arriving: points[0] - points[points.count - 1])
                }
                if !smooth.isEmpty { smooth[0] = false }
                if closed, points.count > 2, let first = startTangent, let last = endTangent, continues(last, first) {
                    if smooth.isEmpty { smooth = Array(repeating: false, count: points.count) }
                    smooth[0] = true
                }
                result.append(Polyline(points: points, closed: closed, smooth: smooth.contains(true) ? smooth : []))
            }
            points = []; smooth = []; open = false; endTangent = nil; startTangent = nil
        }
        func begin() {
            if !open { points = [current]; smooth = []; start = current; open = true; endTangent = nil; startTangent = nil }
        }
        for element in elements {
            switch element {
            case .move(let x, let y):
                finish(closed: false)
                current = SIMD2(x, y); start = current
                points = [current]; smooth = []; open = true; endTangent = nil; startTangent = nil
            case .line(let x, let y):
                begin()
                let e = SIMD2(x, y)
                segment(leaving: e - current, arriving: e - current)
                current = e; add(current)
            case .quad(let cx, let cy, let ex, let ey):
                begin()
                let n = PathRasterizer.quadChords(current.x, current.y, cx, cy, ex, ey, tolerance: tolerance)
                let p0 = current, c = SIMD2(cx, cy), e = SIMD2(ex, ey)
                segment(leaving: firstNonZero(c - p0, e - p0), arriving: firstNonZero(e - c, e - p0))
                for i in 1 ... n {
                    let t = Double(i) / Double(n), u = 1 - t
                    add(i == n ? e : u * u * p0 + 2 * u * t * c + t * t * e, smooth: i < n)
                }
                current = e
            case .cubic(let c1x, let c1y, let c2x, let c2y, let ex, let ey):
                begin()
                let n = PathRasterizer.cubicChords(current.x, current.y, c1x, c1y, c2x, c2y, ex, ey, tolerance: tolerance)
                let p0 = current, c1 = SIMD2(c1x, c1y), c2 = SIMD2(c2x, c2y), e = SIMD2(ex, ey)
                segment(leaving: firstNonZero(c1 - p0, c2 - p0, e - p0), arriving: firstNonZero(e - c2, e - c1, e - p0))
                for i in 1 ... n {
                    let t = Double(i) / Double(n), u = 1 - t
                    add(i == n ? e : u * u * u * p0 + 3 * u * u * t * c1 + 3 * u * t * t * c2 + t * t * t * e, smooth: i < n)
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
