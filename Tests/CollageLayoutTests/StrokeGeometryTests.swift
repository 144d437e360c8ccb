@testable import CollageLayout
@testable import CollageText
import CollageRaster
@testable import CollageSpec
import Glibc
import XCTest

/// Strokes of curves keep to their offset curve whatever the join: SVG joins
/// a stroke's pieces only at the path's own corners, and inside a segment
/// the outline is the offset curve (issue 31; found against Chromium and
/// cairo, which ink a tight quadratic no farther than its half width).
final class StrokeGeometryTests: XCTestCase {
    private let wide = PixelRect(x: -200, y: -200, width: 1000, height: 1000)

    /// The curve of `data` sampled densely (each element in 1000 steps).
    private func samples(_ data: PathData) -> [SIMD2<Double>] {
        var points: [SIMD2<Double>] = []
        var current = SIMD2<Double>(0, 0), start = current
        for element in data.elements {
            switch element {
            case .move(let x, let y):
                current = SIMD2(x, y); start = current; points.append(current)
            case .line(let x, let y):
                current = SIMD2(x, y); points.append(current)
            case .quad(let cx, let cy, let x, let y):
                let p0 = current, c = SIMD2(cx, cy), e = SIMD2(x, y)
                for i in 1 ... 1000 {
                    let t = Double(i) / 1000, u = 1 - t
                    points.append(u * u * p0 + 2 * u * t * c + t * t * e)
                }
                current = e
            case .cubic(let c1x, let c1y, let c2x, let c2y, let x, let y):
                let p0 = current, c1 = SIMD2(c1x, c1y), c2 = SIMD2(c2x, c2y), e = SIMD2(x, y)
                for i in 1 ... 1000 {
                    let t = Double(i) / 1000, u = 1 - t
                    points.append(u * u * u * p0 + 3 * u * u * t * c1 + 3 * u * t * t * c2 + t * t * t * e)
                }
                current = e
            case .close:
                current = start; points.append(current)
            }
        }
        return points
    }

    /// The largest distance from the curve of `d` (its sampled segments) to the
    /// centre of a pixel the stroke of `style` inks (any coverage).
    private func inkDistance(_ d: String, _ style: StrokeStyle) throws -> Double {
        let data = try PathData(svg: d)
        let curve = samples(data)
        guard let filled = PathRasterizer.fill(Path(data).stroked(style), clip: wide) else { return 0 }
        var largest = 0.0
        for row in 0 ..< filled.mask.height {
            for column in 0 ..< filled.mask.width where filled.mask.coverage[row * filled.mask.width + column] > 0 {
                let p = SIMD2(Double(filled.x + column) + 0.5, Double(filled.y + row) + 0.5)
                var nearest = Double.infinity
                for i in 1 ..< curve.count {
                    let a = curve[i - 1], ab = curve[i] - a
                    let length2 = ab.x * ab.x + ab.y * ab.y
                    let t = length2 > 0 ? max(0, min(1, ((p - a) * ab).sum() / length2)) : 0
                    let q = p - (a + ab * t)
                    nearest = min(nearest, q.x * q.x + q.y * q.y)
                }
                largest = max(largest, nearest.squareRoot())
            }
        }
        return largest
    }

    /// Tight curves stroked wide ink no farther than half the width (plus a
    /// pixel's reach: a partly covered pixel's centre) from the curve, with
    /// every join: a quadratic (the example), a cubic and an arc.
    func testTightCurvesStayWithinHalfTheWidthWithEveryJoin() throws {
        let curves = [
            "M249.4 168.9 q-35.5 92 -33.9 86.4",     // quadratic, nearly turning back on itself (the issue's)
            "M249.4 168.9 c-23.667 61.333 -34.967 90.133 -33.9 86.4",  // the same curve as a cubic
            "M100 400 c60 -5 60 5 0 1",               // cubic turning back in a tight bend
            "M100 200 C200 100 100 100 200 200",      // cubic with a cusp (at t = 1/2)
            "M300 300 a30 1 20 1 1 24 6",             // arc of a narrow ellipse (cubics of at most 90°)
            "M400 100 a0.1 0.1 0 1 1 0.05 0",         // arc of a tiny circle: its chords turn by up to 80°
        ]
        for d in curves {
            for join in LineJoin.allCases {
                let width = 24.0
                let measured = try inkDistance(d, StrokeStyle(width: width, join: join))
                print("ink distance \(d), \(join) join: \(measured) px (half width \(width / 2))")
                XCTAssertLessThanOrEqual(measured, width / 2 + 1, "\(d), \(join) join: ink \(measured) px from the curve")
                // The band reaches its half width (the measure is not vacuous).
                XCTAssertGreaterThanOrEqual(measured, width / 2 - 0.5, "\(d), \(join) join")
            }
        }
    }

    /// A corner between a curve and a line keeps the stroke's join: a miter
    /// reaches past the half width there; round and bevel joins do not.
    func testTheJoinStillAppliesWhereACurveMeetsALine() throws {
        let d = "M100 300 Q200 250 300 300 L150 340"
        let h = 12.0
        let miter = try inkDistance(d, StrokeStyle(width: 2 * h, join: .miter))
        // Segments 41.6° apart: the miter's tip is h / sin(20.8°) ≈ 2.8 h from the corner.
        XCTAssertGreaterThan(miter, 2.5 * h)
        for join in [LineJoin.round, .bevel] {
            XCTAssertLessThanOrEqual(try inkDistance(d, StrokeStyle(width: 2 * h, join: join)), h + 1, "\(join)")
        }
    }
}
