@testable import CollageRaster
import Glibc
import XCTest

/// `Path.stroked`: stroke bands, joins, caps and dashes against analytic areas
/// and exact pixel runs (issue 15).
final class StrokeTests: XCTestCase {
    private let wide = PixelRect(x: -100, y: -100, width: 1400, height: 1400)

    private func filled(_ path: Path) -> (mask: CoverageMask, x: Int, y: Int)? {
        PathRasterizer.fill(path, clip: wide)
    }

    /// Total coverage in pixels (each byte / 255).
    private func area(_ path: Path) -> Double {
        guard let filled = filled(path) else { return 0 }
        return filled.mask.coverage.reduce(0.0) { $0 + Double($1) / 255 }
    }

    /// Coverage byte at canvas pixel (x, y), 0 outside the mask.
    private func coverage(_ path: Path, _ x: Int, _ y: Int) -> UInt8 {
        guard let f = filled(path), x >= f.x, y >= f.y, x < f.x + f.mask.width, y < f.y + f.mask.height else { return 0 }
        return f.mask.coverage[(y - f.y) * f.mask.width + (x - f.x)]
    }

    private func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Path {
        var path = Path()
        path.move(to: x0, y0); path.line(to: x1, y1)
        return path
    }

    func testStrokedRectangleCoversItsCentredBand() {
        let rect = Path.rect(Rect(x: 20, y: 30, width: 200, height: 100))
        let band = rect.stroked(StrokeStyle(width: 10))
        // Miter (the default): the outer rectangle less the inner one.
        XCTAssertEqual(area(band), 210 * 110 - 190 * 90, accuracy: 0.01)
        // Whole pixels: the band is exactly 5 px either side of each edge.
        for (x, y, expected) in [(15, 25, 255), (24, 60, 255), (25, 60, 0), (14, 60, 0), (100, 34, 255), (100, 35, 0),
                                 (224, 134, 255), (225, 134, 0), (120, 80, 0)] as [(Int, Int, UInt8)] {
            XCTAssertEqual(coverage(band, x, y), expected, "pixel \(x), \(y)")
        }
        // Bevel cuts a right triangle of 5 × 5 / 2 off each corner; round a
        // square less a quarter disc of radius 5.
        XCTAssertEqual(area(rect.stroked(StrokeStyle(width: 10, join: .bevel))), 6000 - 4 * 12.5, accuracy: 0.05)
        XCTAssertEqual(area(rect.stroked(StrokeStyle(width: 10, join: .round))),
                       6000 - 4 * 25 * (1 - Double.pi / 4), accuracy: 0.2)
        // At a fractional position every pixel matches the band traced as a
        // ring (outer rectangle, inner one reversed) within one step, but the
        // four inner corner pixels, where two segments' pieces overlap and
        // their coverage adds (at most 1 px in all).
        let moved = Path.rect(Rect(x: 20.3, y: 30.7, width: 200, height: 100)).stroked(StrokeStyle(width: 10))
        var ring = Path.rect(Rect(x: 15.3, y: 25.7, width: 210, height: 110))
        ring.append(Path.rect(Rect(x: 25.3, y: 35.7, width: 190, height: 90)).reversed)
        let grid = PixelRect(x: 0, y: 0, width: 250, height: 150)
        let stroked = PathRasterizer.coverage(moved, area: grid), traced = PathRasterizer.coverage(ring, area: grid)
        var differing: [Int] = [], excess = 0.0
        for i in stroked.coverage.indices {
            let d = Int(stroked.coverage[i]) - Int(traced.coverage[i])
            excess += Double(d) / 255
            if abs(d) > 1 { differing.append(i) }
        }
        XCTAssertEqual(differing, [35 * 250 + 25, 35 * 250 + 215, 125 * 250 + 25, 125 * 250 + 215])
        XCTAssertEqual(excess, 0, accuracy: 1)
    }

    func testDashedLineHasFifteenRunsOfTwentyPixels() {
        // 600 px, dash [20, 20], butt caps: on at 10..30, 50..70, … 570..590.
        let dashed = line(10, 50, 610, 50).stroked(StrokeStyle(width: 4, dash: [20, 20]))
        guard let f = filled(dashed) else { return XCTFail("nothing drawn") }
        let row = (50 - f.y) * f.mask.width
        var runs: [(start: Int, length: Int)] = []
        for column in 0 ..< f.mask.width {
            let c = f.mask.coverage[row + column]
            XCTAssert(c == 0 || c == 255, "partial coverage \(c) at \(f.x + column)")
            guard c == 255 else { continue }
            if let last = runs.last, last.start + last.length == f.x + column {
                runs[runs.count - 1].length += 1
            } else {
                runs.append((f.x + column, 1))
            }
        }
        XCTAssertEqual(runs.count, 15)
        XCTAssertEqual(runs.map(\.length), [Int](repeating: 20, count: 15))
        XCTAssertEqual(runs.map(\.start), (0 ..< 15).map { 10 + 40 * $0 })
        XCTAssertEqual(area(dashed), 15 * 20 * 4, accuracy: 0.01)
    }

    func testTheDashLimitCountsDashesNotPeriods() {
        // A 100-entry list holds 50 dashes a period: 4000 periods of 0.25 px
        // along 1000 px are 200 000 dashes and the subpath's own, over
        // `maxDashes`, so the line is drawn solid (a dashed one would cover
        // half of it), in bounded time and memory.
        let pattern = [Double](repeating: 0.0025, count: 100)
        let dense = line(0, 10, 1000, 10).stroked(StrokeStyle(width: 2, dash: pattern))
        XCTAssertEqual(area(dense), 1000 * 2, accuracy: 0.5)
        // Under the limit (200 dashes) it stays dashed: half the line (each
        // pixel half covered, a coverage byte of 128).
        let sparse = line(0, 10, 200, 10).stroked(StrokeStyle(width: 2, dash: [Double](repeating: 0.5, count: 100)))
        XCTAssertEqual(area(sparse), 200 * 2 * 128 / 255, accuracy: 0.5)
    }

    func testDashOffsetAndCapsOfDashes() {
        // Offset 10: the first dash has 10 px left.
        let offset = line(0, 20, 100, 20).stroked(StrokeStyle(width: 2, dash: [20, 20], dashOffset: 10))
        XCTAssertEqual(area(offset), 2 * (10 + 20 + 20), accuracy: 0.01)   // 0..10, 30..50, 70..90
        XCTAssertEqual(coverage(offset, 9, 20), 255); XCTAssertEqual(coverage(offset, 10, 20), 0)
        // A negative offset starts before the pattern: -5 is 35 into it (in the gap, 5 left).
        let negative = line(0, 20, 100, 20).stroked(StrokeStyle(width: 2, dash: [20, 20], dashOffset: -5))
        XCTAssertEqual(coverage(negative, 4, 20), 0); XCTAssertEqual(coverage(negative, 5, 20), 255)
        // Square caps lengthen each dash by the width.
        let square = line(10, 50, 610, 50).stroked(StrokeStyle(width: 4, cap: .square, dash: [20, 20]))
        XCTAssertEqual(area(square), 15 * 24 * 4, accuracy: 0.01)
        // Round caps add a disc a dash; zero-length dashes with round caps are dots.
        let round = line(10, 50, 610, 50).stroked(StrokeStyle(width: 4, cap: .round, dash: [20, 20]))
        XCTAssertEqual(area(round), 15 * (20 * 4 + Double.pi * 4), accuracy: 15 * 0.1)
        let dots = line(10, 50, 110, 50).stroked(StrokeStyle(width: 6, cap: .round, dash: [0, 20]))
        XCTAssertEqual(area(dots), 6 * Double.pi * 9, accuracy: 6 * 0.15)
        // An odd list repeats: [10] is [10, 10].
        XCTAssertEqual(area(line(0, 20, 100, 20).stroked(StrokeStyle(width: 2, dash: [10]))), 2 * 50, accuracy: 0.01)
    }

    func testOneDashRunsAcrossTheStartOfAClosedSubpath() {
        // A 100 px square (perimeter 400) with dash [30, 20] from 10 into it:
        // the path ends inside a dash, which joins the first with a miter
        // at the start corner (0, 0) instead of two butt ends.
        let square = Path.rect(Rect(x: 0, y: 0, width: 100, height: 100))
        let dashed = square.stroked(StrokeStyle(width: 6, dash: [30, 20], dashOffset: 10))
        XCTAssertEqual(coverage(dashed, -2, -2), 255)
        XCTAssertEqual(coverage(dashed, 10, 0), 255)    // 0..20 is the first dash's rest
        XCTAssertEqual(coverage(dashed, 30, 0), 0)      // 20..40 a gap
        // Without dashes a closed subpath has joins all round and no caps.
        XCTAssertEqual(area(square.stroked(StrokeStyle(width: 6, cap: .round))), 106 * 106 - 94 * 94, accuracy: 0.05)
    }

    func testADashEndingExactlyAtAClosedSubpathsStartJoinsTheFirst() {
        // A 160 x 55 rect (perimeter 430 = 28 x 15 + 10) with dash [10, 5]:
        // the last dash ends exactly at the start corner, where the first
        // begins, so the corner takes its miter join as an undashed outline
        // would (Chromium draws it; the parity scene strokes/dashes).
        let rect = Path.rect(Rect(x: 20, y: 70, width: 160, height: 55))
        let dashed = rect.stroked(StrokeStyle(width: 4, dash: [10, 5]))
        XCTAssertEqual(coverage(dashed, 18, 68), 255)   // the outer corner square
        XCTAssertEqual(coverage(dashed, 25, 70), 255)   // the first dash
        XCTAssertEqual(coverage(dashed, 33, 70), 0)     // 10..15 a gap
        XCTAssertEqual(coverage(dashed, 20, 75), 255)   // the last dash, up the left side
        // 29 dashes of 10 px, 4 wide: a right-angle miter join keeps a
        // polyline's area at length x width. Two butt ends meeting there
        // instead would overlap by 2 x 2 and miss the outer 2 x 2 square
        // (29 x 40 - 4).
        XCTAssertEqual(area(dashed), 29 * 10 * 4, accuracy: 0.05)
    }

    func testOnePixelLineAtAnyAngleCoversItsLength() {
        for degrees in stride(from: 0.0, to: 180, by: 7.5) {
            let radians = degrees * Double.pi / 180
            let x0 = 400.3, y0 = 400.6, length = 300.0
            let path = line(x0, y0, x0 + cos(radians) * length, y0 + sin(radians) * length)
            let measured = area(path.stroked(StrokeStyle(width: 1)))
            XCTAssertEqual(measured, length, accuracy: length * 0.01, "\(degrees)°")
        }
    }

    func testStrokedCircleIsItsRingAndJoinsFollowTheMiterLimit() {
        // A circle of radius 100 stroked 20 wide: π ((r + 10)² − (r − 10)²).
        let circle = Path.ellipse(in: Rect(x: 100.5, y: 100.25, width: 200, height: 200))
        for join in LineJoin.allCases {
            let ring = area(circle.stroked(StrokeStyle(width: 20, join: join)))
            XCTAssertEqual(ring, Double.pi * 4 * 100 * 10, accuracy: Double.pi * 4000 * 0.005, "\(join)")
        }
        // A 30° corner: miter length / width = 1 / sin(15°) ≈ 3.86 ≤ 4 draws
        // the miter; a limit of 3 bevels it.
        var corner = Path()
        let t = 30 * Double.pi / 180
        corner.move(to: 100, 300); corner.line(to: 300, 300); corner.line(to: 300 - 200 * cos(t), 300 - 200 * sin(t))
        let miter = area(corner.stroked(StrokeStyle(width: 10)))
        let bevel = area(corner.stroked(StrokeStyle(width: 10, join: .bevel)))
        let limited = area(corner.stroked(StrokeStyle(width: 10, miterLimit: 3)))
        // The miter adds the triangle between the bevel's edge and the tip:
        // two right triangles p-a-tip (h² tan φ) less the bevel's p-a-b
        // (h² sin φ cos φ), φ half the angle π − θ between the outer normals.
        let h = 5.0, half = (Double.pi - t) / 2
        let tipTriangle = h * h * tan(half) - h * h * sin(half) * cos(half)
        XCTAssertEqual(miter - bevel, tipTriangle, accuracy: 0.2)
        XCTAssertEqual(limited, bevel, accuracy: 0.001)
        // Empty and invalid widths stroke nothing.
        XCTAssertTrue(corner.stroked(StrokeStyle(width: 0)).isEmpty)
        XCTAssertTrue(corner.stroked(StrokeStyle(width: .nan)).isEmpty)
    }

    func testZeroLengthSubpathsShowTheirCaps() {
        var dot = Path()
        dot.move(to: 50, 50); dot.line(to: 50, 50)
        XCTAssertEqual(area(dot.stroked(StrokeStyle(width: 10, cap: .round))), Double.pi * 25, accuracy: 0.3)
        XCTAssertEqual(area(dot.stroked(StrokeStyle(width: 10, cap: .square))), 100, accuracy: 0.01)
        XCTAssertEqual(area(dot.stroked(StrokeStyle(width: 10))), 0)
    }

    /// The columns a stroke inks (any coverage), first and last.
    private func inkedColumns(_ path: Path) -> ClosedRange<Int>? {
        guard let f = filled(path) else { return nil }
        var columns: [Int] = []
        for column in 0 ..< f.mask.width {
            if (0 ..< f.mask.height).contains(where: { f.mask.coverage[$0 * f.mask.width + column] > 0 }) {
                columns.append(f.x + column)
            }
        }
        guard let first = columns.first, let last = columns.last else { return nil }
        return first ... last
    }

    /// `M50 50 L150 50 Z` is closed: joins at both ends (there and back),
    /// never caps, so it inks x 50-149 with every cap, as Chromium and cairo
    /// do; a round join bulges by the half width at both ends (SVG's round
    /// join is an arc about the vertex). Open, it takes its caps (issue 31).
    func testAClosedSubpathOfTwoPointsHasJoinsNotCaps() {
        var closed = line(50, 50, 150, 50)
        closed.close()
        let open = line(50, 50, 150, 50)
        for cap in LineCap.allCases {
            for join in LineJoin.allCases {
                let style = StrokeStyle(width: 20, join: join, cap: cap)
                let expected = join == .round ? 40 ... 159 : 50 ... 149
                XCTAssertEqual(inkedColumns(closed.stroked(style)), expected, "closed, \(cap) cap, \(join) join")
                XCTAssertEqual(inkedColumns(open.stroked(style)), cap == .butt ? 50 ... 149 : 40 ... 159,
                               "open, \(cap) cap, \(join) join")
            }
        }
        // Dashed with one dash longer than the way round: the same closed outline.
        let dashed = closed.stroked(StrokeStyle(width: 20, cap: .round, dash: [500, 10]))
        XCTAssertEqual(inkedColumns(dashed), 50 ... 149)
    }

    func testPolylinesKeepOpenAndClosedSubpaths() {
        var path = Path()
        path.move(to: 0, 0); path.line(to: 10, 0); path.line(to: 10, 10)
        path.move(to: 20, 0); path.line(to: 30, 0); path.line(to: 30, 10); path.close()
        path.line(to: 25, 20)   // after a close: a new subpath from its start (20, 0)
        let lines = path.polylines()
        XCTAssertEqual(lines.count, 3)
        XCTAssertEqual(lines[0], Polyline(points: [SIMD2(0, 0), SIMD2(10, 0), SIMD2(10, 10)], closed: false))
        XCTAssertEqual(lines[1], Polyline(points: [SIMD2(20, 0), SIMD2(30, 0), SIMD2(30, 10)], closed: true))
        XCTAssertEqual(lines[2], Polyline(points: [SIMD2(20, 0), SIMD2(25, 20)], closed: false))
        XCTAssertEqual(lines[1].length, 20 + 200.0.squareRoot(), accuracy: 1e-9)
    }

    /// `Polyline.smooth`: the points a curve's flattening adds, and a segment
    /// end where the next segment leaves along the same tangent, are smooth
    /// (joined round by a stroke); the path's own corners are not (issue 31).
    func testPolylinesMarkThePointsInsideCurvesSmooth() throws {
        var path = Path()
        path.move(to: 0, 0)
        path.quad(to: 100, 0, control: 50, 50)                                  // ends at a corner…
        path.line(to: 100, 100)                                                 // …turning 90°
        path.cubic(to: 200, 200, control1: 100, 150, control2: 150, 200)        // leaves along the line: smooth
        path.close()                                                            // the closing line: corners
        let line = try XCTUnwrap(path.polylines().first)
        XCTAssertEqual(line.smooth.count, line.points.count)
        func index(_ x: Double, _ y: Double) throws -> Int { try XCTUnwrap(line.points.firstIndex(of: SIMD2(x, y))) }
        let apex = try index(100, 0), joint = try index(100, 100), end = try index(200, 200)
        XCTAssertEqual(line.smooth[0], false)
        XCTAssertTrue(line.smooth[1 ..< apex].allSatisfy { $0 }, "inside the quadratic")
        XCTAssertEqual(line.smooth[apex], false)
        XCTAssertEqual(line.smooth[joint], true)
        XCTAssertTrue(line.smooth[(joint + 1) ..< end].allSatisfy { $0 }, "inside the cubic")
        XCTAssertEqual(line.smooth[end], false)
        // Straight segments only: no smooth point, nothing stored.
        XCTAssertEqual(Path.rect(Rect(x: 0, y: 0, width: 10, height: 10)).polylines().first?.smooth, [])
    }

    func testAFinePatternOverALongPathIsDrawnSolid() {
        let path = line(0, 10, 1000, 10)
        let fine = path.stroked(StrokeStyle(width: 2, dash: [0.001, 0.001]))
        XCTAssertEqual(area(fine), 2000, accuracy: 0.01)
    }
}
