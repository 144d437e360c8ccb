import CollageNumerics
import Glibc

extension Path {
    /// Most dashes one stroke draws; a finer pattern (more than this many
    /// dashes along the path) is drawn solid, as its dashes could not be
    /// told apart anyway at that density and they would cost unbounded time.
    public static let maxDashes = 200_000

    /// The area a stroke of `style` covers, as a fill path (non-zero rule):
    /// the band `style.width` wide centred on every subpath, with `style`'s
    /// joins at the path's own corners (where its segments meet, and at the
    /// start of a closed subpath, even one of two points: `M a L b Z` has
    /// joins at both ends, no caps), round continuity where a curve's
    /// flattening turns (SVG strokes a curve by its offset curve: a miter
    /// inside a tight curve would spike), caps at the ends of open subpaths and of
    /// dashes, and the dash pattern applied from the start of each subpath
    /// (SVG 2 "Stroking"; a closed subpath whose pattern is "on" at both ends
    /// joins its last dash to its first). Curves are flattened within
    /// `tolerance` (the path's units), and so are round joins and caps.
    ///
    /// The result is a union of convex pieces (one quadrilateral a segment,
    /// one polygon a join or cap), every one traced the same way round
    /// (clockwise on screen, like `Path.rect`), so the non-zero rule fills
    /// their union: self-overlapping strokes (a thick line round a tight
    /// curve) come out right with no offset-curve clean-up. Empty when the
    /// width is not a positive finite number.
    public func stroked(_ style: StrokeStyle, tolerance: Double = PathRasterizer.tolerance) -> Path {
        var out = Path()
        guard style.width.isFinite, style.width > 0, tolerance > 0 else { return out }
        var stroker = Stroker(halfWidth: style.width / 2, style: style, tolerance: tolerance)
        let lines = strokedPolylines(tolerance: tolerance)
        let pattern = Stroker.drawnPattern(style.dash, along: lines)
        for line in lines {
            if let pattern {
                for piece in Stroker.dashes(of: line, pattern: pattern, offset: style.dashOffset) {
                    stroker.stroke(piece)
                }
            } else {
                stroker.stroke(Stroker.Piece(points: line.points, smooth: line.smooth, closed: line.closed,
                                             direction: SIMD2(1, 0)))
            }
        }
        out.append(stroker.out)
        return out
    }

    /// The dash pattern a stroke of `style` draws along this path (`stroked`):
    /// dash and gap lengths in the path's units, an odd list repeated once;
    /// nil when the stroke is solid (no dashes, all zero, or more than
    /// `maxDashes` dashes along the path). For a backend that dashes
    /// natively (PDF's `d`), so it dashes exactly where the raster does.
    public func drawnDashPattern(_ style: StrokeStyle, tolerance: Double = PathRasterizer.tolerance) -> [Double]? {
        Stroker.drawnPattern(style.dash, along: strokedPolylines(tolerance: tolerance))
    }

    /// The polylines a stroke follows: those with only finite points.
    private func strokedPolylines(tolerance: Double) -> [Polyline] {
        polylines(tolerance: tolerance).filter { line in line.points.allSatisfy { $0.x.isFinite && $0.y.isFinite } }
    }
}

/// Builds a stroke's pieces (`Path.stroked`).
struct Stroker {
    /// An open (or closed) run of points to stroke; `direction` orients the
    /// caps of a run of one point (a zero-length dash or subpath).
    struct Piece {
        var points: [SIMD2<Double>]
        /// Per point, whether it lies inside a curve (`Polyline.smooth`); empty: none does.
        var smooth: [Bool] = []
        var closed: Bool
        var direction: SIMD2<Double>
    }

    let halfWidth: Double
    let style: StrokeStyle
    let tolerance: Double
    /// The largest angle one chord of a round join or cap may span (its
    /// sagitta within `tolerance` of the circle of the half width).
    let arcStep: Double
    /// cos(arcStep): a turn with d0 · d1 at least this is one chord of a round join.
    let arcStepCosine: Double
    var out = Path()

    init(halfWidth: Double, style: StrokeStyle, tolerance: Double) {
        self.halfWidth = halfWidth; self.style = style; self.tolerance = tolerance
        arcStep = halfWidth > tolerance ? 2 * acos(1 - tolerance / halfWidth) : Double.pi
        arcStepCosine = cos(arcStep)
    }

    /// The dash pattern SVG uses: an odd list repeated once; nil (solid)
    /// when empty, when any length is negative or not finite, or when all are zero.
    /// `dash` as drawn along `lines`: `pattern(dash)`, or nil (solid) when
    /// it would draw more than `Path.maxDashes` dashes.
    static func drawnPattern(_ dash: [Double], along lines: [Polyline]) -> [Double]? {
        guard let pattern = pattern(dash) else { return nil }
        let period = pattern.reduce(0, +)
        let total = lines.reduce(0.0) { $0 + $1.length }
        // Dashes, not periods: a period of a 100-entry list holds 50, and
        // every subpath restarts the pattern with a dash of its own.
        let dashes = total / period * Double(pattern.count / 2) + Double(lines.count)
        return dashes <= Double(Path.maxDashes) ? pattern : nil
    }

    static func pattern(_ dash: [Double]) -> [Double]? {
        guard !dash.isEmpty, dash.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return nil }
        let pattern = dash.count % 2 == 1 ? dash + dash : dash
        let period = pattern.reduce(0, +)
        return period > 0 && period.isFinite ? pattern : nil
    }

    /// Where `position` falls in `pattern` (a valid one, `pattern(_:)`,
    /// repeated from 0): the index of its dash or gap (even: a dash) and
    /// how far into it. The dashes and gaps wholly before it are skipped; a
    /// zero-length dash exactly there is kept (a dot with round caps).
    static func position(in pattern: [Double], at position: Double) -> (index: Int, phase: Double) {
        let period = pattern.reduce(0, +)
        var phase = position.isFinite ? position.truncatingRemainder(dividingBy: period) : 0
        if phase < 0 { phase += period }
        var index = 0
        while phase >= pattern[index], !(phase == 0 && pattern[index] == 0) {
            phase -= pattern[index]
            index = (index + 1) % pattern.count
        }
        return (index, phase)
    }

    /// The "on" runs of `line` under `pattern`, starting `offset` into it.
    static func dashes(of line: Polyline, pattern: [Double], offset: Double) -> [Piece] {
        var points = line.points
        var smooth = line.smooth.isEmpty ? Array(repeating: false, count: points.count) : line.smooth
        guard points.count > 1 else {
            // A point has no length: SVG draws its caps when the pattern starts "on".
            return [Piece(points: points, closed: false, direction: SIMD2(1, 0))]
        }
        if line.closed { points.append(points[0]); smooth.append(false) }
        let start = position(in: pattern, at: offset)
        var index = start.index
        var remaining = pattern[index] - start.phase
        var on = index % 2 == 0
        let startsOn = on
        var pieces: [Piece] = []
        var current: [SIMD2<Double>] = on ? [points[0]] : []
        // `smooth` of each point of `current`; a dash's ends are never smooth (they take caps).
        var flags: [Bool] = on ? [false] : []
        var direction = SIMD2<Double>(1, 0)
        for i in 1 ..< points.count {
            let a = points[i - 1], b = points[i]
            let length = distance(a, b)
            guard length > 0 else { continue }
            direction = (b - a) / length
            var position = 0.0
            // Every dash or gap that ends inside this segment.
            while length - position > remaining {
                position += remaining
                let here = a + direction * position
                if on {
                    if current.last != here { current.append(here); flags.append(false) }
                    pieces.append(Piece(points: current, smooth: flags, closed: false, direction: direction))
                    current = []; flags = []
                } else {
                    current = [here]; flags = [false]
                }
                on.toggle()
                index = (index + 1) % pattern.count
                remaining = pattern[index]
            }
            remaining -= length - position
            if on, current.last != b { current.append(b); flags.append(smooth[i]) }
        }
        // Dashes and gaps that end exactly at the end; a dash that would
        // start there is drawn only when it has no length anyway (a dot of
        // a `[0, gap]` pattern with round caps).
        let end = points[points.count - 1]
        var turns = 0
        while remaining <= 0, turns < pattern.count {
            if on {
                // A dash that ends exactly at a closed subpath's start, where
                // the first dash begins, runs on into it (below) with the
                // subpath's join, as when it ends past the start.
                if line.closed, startsOn, turns == 0 { break }
                pieces.append(Piece(points: current, smooth: flags, closed: false, direction: direction))
                current = []; flags = []
            } else {
                guard pattern[(index + 1) % pattern.count] == 0 else { break }
                current = [end]; flags = [false]
            }
            on.toggle()
            index = (index + 1) % pattern.count
            remaining = pattern[index]
            turns += 1
        }
        guard on, !current.isEmpty else { return pieces }
        if line.closed, startsOn {
            if pieces.isEmpty {
                // One dash all the way round: the closed outline itself.
                current.removeLast(); flags.removeLast()
                return [Piece(points: current, smooth: flags, closed: true, direction: direction)]
            }
            // The last dash runs on into the first across the subpath's start.
            pieces[0].points = current + pieces[0].points.dropFirst()
            pieces[0].smooth = flags + pieces[0].smooth.dropFirst()
            return pieces
        }
        pieces.append(Piece(points: current, smooth: flags, closed: false, direction: direction))
        return pieces
    }

    /// Adds the pieces of one run's stroke.
    mutating func stroke(_ piece: Piece) {
        let h = halfWidth
        let points = piece.points
        guard let first = points.first else { return }
        if points.count == 1 {
            // SVG: a zero-length run shows its caps only (a disc, a square).
            let d = piece.direction
            if style.cap != .butt { cap(first, outward: -d); cap(first, outward: d) }
            return
        }
        // A closed subpath of two points is two segments, there and back,
        // with a join at either end (SVG: a closed subpath has no caps).
        let closed = piece.closed
        let count = points.count
        let segments = closed ? count : count - 1
        // Each segment's unit direction and length.
        var directions: [SIMD2<Double>] = [], lengths: [Double] = []
        directions.reserveCapacity(segments); lengths.reserveCapacity(segments)
        for i in 0 ..< segments {
            let a = points[i], b = points[(i + 1) % count]
            let length = distance(a, b)
            let d = (b - a) / length, n = SIMD2(-d.y, d.x) * h
            directions.append(d); lengths.append(length)
            polygon([a + n, b + n, b - n, a - n])
        }
        // Inside a curve the pieces join round on both sides: the sweep of
        // the stroke's normal through the turn (the flattened offset curve;
        // on the inner side it matters where the curve bends tighter than
        // the half width, where the pieces alone would leave a crack).
        func joinAt(_ i: Int, incoming: Int, outgoing: Int) {
            if !piece.smooth.isEmpty, piece.smooth[i] {
                join(points[i], incoming: directions[incoming], outgoing: directions[outgoing], .round,
                     sweepInside: Swift.min(lengths[incoming], lengths[outgoing]))
            } else {
                join(points[i], incoming: directions[incoming], outgoing: directions[outgoing], style.join)
            }
        }
        if closed {
            for i in 0 ..< count { joinAt(i, incoming: (i + count - 1) % count, outgoing: i) }
        } else {
            for i in 1 ..< count - 1 { joinAt(i, incoming: i - 1, outgoing: i) }
            cap(points[0], outward: -directions[0])
            cap(points[count - 1], outward: directions[count - 2])
        }
    }

    /// The join of kind `kind` at vertex `p` between unit directions `d0` (in) and `d1` (out).
    /// A round join given `sweepInside` (the shorter of the two segments'
    /// lengths) also fills the same sector on the inner side, where the two
    /// segments' pieces do not already cover it (segments shorter than
    /// h tan(θ / 2), θ the turn).
    private mutating func join(_ p: SIMD2<Double>, incoming d0: SIMD2<Double>, outgoing d1: SIMD2<Double>,
                               _ kind: LineJoin, sweepInside: Double? = nil) {
        let h = halfWidth
        let cross = d0.x * d1.y - d0.y * d1.x, dot = d0.x * d1.x + d0.y * d1.y
        if abs(cross) < 1e-12, dot > 0 { return }
        // The path turns towards the left normal (-d.y, d.x) when cross > 0; the outer side is the other one.
        let side: Double = cross > 0 ? -1 : 1
        let u0 = SIMD2(-d0.y, d0.x) * side, u1 = SIMD2(-d1.y, d1.x) * side
        let a = p + u0 * h, b = p + u1 * h
        switch kind {
        case .bevel:
            polygon([p, a, b])
        case .miter:
            // Miter length over width: 1 / sin(θ / 2), θ the angle between the segments (cos θ = −d0·d1).
            let sinHalf = ((1 + dot) / 2).squareRoot()
            if sinHalf > 1e-12, 1 / sinHalf <= style.miterLimit {
                let bisector = u0 + u1
                let length = (bisector.x * bisector.x + bisector.y * bisector.y).squareRoot()
                let tip = p + bisector / length * (h / sinHalf)
                polygon([p, a, tip, b])
            } else {
                polygon([p, a, b])
            }
        case .round where dot >= arcStepCosine:
            // A turn within one chord (most vertices inside a curve): the sector is its triangle.
            polygon([p, a, b])
            if let reach = sweepInside, reach * (1 + dot) < h * abs(cross) + 1e-12 {
                polygon([p, p - u0 * h, p - u1 * h])
            }
        case .round:
            let angle = Swift.min(Double.pi, acos(Swift.max(-1, Swift.min(1, u0.x * u1.x + u0.y * u1.y))))
            // The sweep's second axis: towards u1, or straight on for a half turn.
            var v = u1 - u0 * (u0.x * u1.x + u0.y * u1.y)
            let vl = (v.x * v.x + v.y * v.y).squareRoot()
            v = vl > 1e-9 ? v / vl : d0
            polygon([p] + arc(p, from: u0, towards: v, sweep: angle))
            if let reach = sweepInside, reach * (1 + dot) < h * abs(cross) + 1e-12 {
                polygon([p] + arc(p, from: -u0, towards: -v, sweep: angle))
            }
        }
    }

    /// The cap at end point `p` of a run leaving it in direction `e` (unit, outward).
    private mutating func cap(_ p: SIMD2<Double>, outward e: SIMD2<Double>) {
        let h = halfWidth
        let n = SIMD2(-e.y, e.x)
        switch style.cap {
        case .butt: return
        case .square: polygon([p + n * h, p + (n + e) * h, p + (e - n) * h, p - n * h])
        case .round: polygon(arc(p, from: n, towards: e, sweep: Double.pi))
        }
    }

    /// Points at the half width about `centre` from direction `u` through
    /// angle `sweep` towards the perpendicular unit `v`, both ends included,
    /// each chord within `tolerance` of the circle.
    private func arc(_ centre: SIMD2<Double>, from u: SIMD2<Double>, towards v: SIMD2<Double>, sweep: Double) -> [SIMD2<Double>] {
        let h = halfWidth
        let n = Swift.max(1, Swift.min(10_000, Int(checked: sweep / arcStep, .up)))
        // The inner points sit a little outside the circle, at the radius
        // whose fan of n triangles has the sector's area (h √(φ / sin φ), φ
        // the step), so round caps and joins lose no area to their chords.
        let phi = sweep / Double(n)
        let outer = phi > 1e-6 ? h * (phi / sin(phi)).squareRoot() : h
        var points: [SIMD2<Double>] = []
        points.reserveCapacity(n + 1)
        for k in 0 ... n {
            let angle = phi * Double(k)
            points.append(centre + (u * cos(angle) + v * sin(angle)) * (k == 0 || k == n ? h : outer))
        }
        return points
    }

    /// Adds a convex polygon traced clockwise on screen (positive shoelace area, y down).
    private mutating func polygon(_ points: [SIMD2<Double>]) {
        guard points.count > 2 else { return }
        var area = 0.0
        for i in 0 ..< points.count {
            let a = points[i], b = points[(i + 1) % points.count]
            area += a.x * b.y - b.x * a.y
        }
        guard area != 0, area.isFinite else { return }
        // Clockwise on screen: as given, or backwards (no reversed copy).
        let last = points.count - 1
        let start = area > 0 ? points[0] : points[last]
        out.move(to: start.x, start.y)
        for i in 1 ... last {
            let p = area > 0 ? points[i] : points[last - i]
            out.line(to: p.x, p.y)
        }
        out.close()
    }
}
