@testable import CollageRaster
import Glibc
import XCTest

/// `PathRasterizer`: summed coverage against analytic areas, fill rules, clipping.
final class PathRasterizerTests: XCTestCase {
    private let wide = PixelRect(x: -100, y: -100, width: 1200, height: 1200)

    /// Total coverage in pixels (each byte / 255).
    private func area(_ path: Path, rule: FillRule = .nonZero) -> Double {
        guard let filled = PathRasterizer.fill(path, rule: rule, clip: wide) else { return 0 }
        return filled.mask.coverage.reduce(0.0) { $0 + Double($1) / 255 }
    }

    func testRoundedRectangleAreaIsAnalytic() {
        // Fractional position, so every edge cuts pixels.
        for (rect, radius) in [(Rect(x: 10.3, y: 20.7, width: 200.5, height: 120.25), 30.0),
                               (Rect(x: 0.5, y: 0.5, width: 40, height: 40), 20.0),   // a circle
                               (Rect(x: 3.1, y: 7.9, width: 17.2, height: 9.6), 2.5)] {
            let analytic = rect.width * rect.height - (4 - Double.pi) * radius * radius
            let measured = area(.roundedRect(rect, radius: radius))
            XCTAssertEqual(measured, analytic, accuracy: analytic * 0.005, "\(rect) r \(radius)")
        }
    }

    func testEllipseAreaIsAnalytic() {
        let rect = Rect(x: 5.25, y: 9.5, width: 300, height: 110.5)
        let analytic = Double.pi * rect.width / 2 * rect.height / 2
        XCTAssertEqual(area(.ellipse(in: rect)), analytic, accuracy: analytic * 0.005)
    }

    func testRotatedSquareAreaAndExactEdges() {
        // A 100 px square turned 30°: area 10 000, edges cut pixels at every angle.
        let square = Path.rect(Rect(x: -50, y: -50, width: 100, height: 100))
            .transformed(by: Affine.rotation(degrees: 30).then(.translation(200.3, 150.6)))
        XCTAssertEqual(area(square), 10_000, accuracy: 10_000 * 0.001)
        // A pixel-aligned rectangle covers whole pixels exactly; a half-pixel edge half.
        let plain = PathRasterizer.fill(.rect(Rect(x: 2, y: 3, width: 4, height: 2)), clip: wide)!
        XCTAssertEqual(plain.x, 2); XCTAssertEqual(plain.y, 3)
        XCTAssertEqual(plain.mask.coverage, [UInt8](repeating: 255, count: 8))
        let half = PathRasterizer.fill(.rect(Rect(x: 0.5, y: 0, width: 3, height: 1)), clip: wide)!
        XCTAssertEqual(half.mask.coverage, [128, 255, 255, 128])
    }

    /// A print-sized rotated rectangle: large enough to be done in several
    /// bands on two threads (`PathRasterizer.bandFloats`). Its area stays
    /// analytic, and its top rows equal the same path rasterised over just
    /// those rows (one band, one thread).
    func testLargeAreaInBandsMatchesOneBand() {
        let print = Path.rect(Rect(x: -330, y: -330, width: 660, height: 660))
            .transformed(by: Affine.rotation(degrees: 5).then(.translation(400.4, 380.7)))
        guard let whole = PathRasterizer.fill(print, clip: wide) else { return XCTFail("nothing covered") }
        let stride = whole.mask.width + 1
        XCTAssertGreaterThan(whole.mask.height, PathRasterizer.bandFloats / stride, "more than one band")
        XCTAssertGreaterThanOrEqual(whole.mask.width * whole.mask.height, 1 << 18, "split between threads")
        let measured = whole.mask.coverage.reduce(0.0) { $0 + Double($1) / 255 }
        XCTAssertEqual(measured, 660 * 660, accuracy: 660 * 660 * 0.001)
        let rows = 40
        let top = PathRasterizer.coverage(print, area: PixelRect(x: whole.x, y: whole.y, width: whole.mask.width, height: rows))
        XCTAssertEqual(Array(whole.mask.coverage[0 ..< rows * whole.mask.width]), top.coverage)
        // The last rows too: their band starts at a multiple of the band height.
        let band = Swift.min(whole.mask.height, Swift.max(8, PathRasterizer.bandFloats / stride))
        let lastBand = (whole.mask.height - 1) / band * band
        let bottom = PathRasterizer.coverage(print, area: PixelRect(x: whole.x, y: whole.y + lastBand, width: whole.mask.width,
                                                                   height: whole.mask.height - lastBand))
        XCTAssertEqual(Array(whole.mask.coverage[(lastBand * whole.mask.width)...]), bottom.coverage)
    }

    func testEvenOddAndNonZeroRules() {
        // Two concentric squares traced the same way round: non-zero fills both
        // (the outer area), even-odd leaves the inner one as a hole.
        var nested = Path.rect(Rect(x: 0, y: 0, width: 40, height: 40))
        nested.append(.rect(Rect(x: 10.5, y: 10.5, width: 20, height: 20)))
        XCTAssertEqual(area(nested, rule: .nonZero), 1600, accuracy: 0.5)
        XCTAssertEqual(area(nested, rule: .evenOdd), 1600 - 400, accuracy: 0.5)
        // The inner square reversed cuts a hole under non-zero too (how borders are built).
        var band = Path.rect(Rect(x: 0, y: 0, width: 40, height: 40))
        band.append(Path.rect(Rect(x: 10.5, y: 10.5, width: 20, height: 20)).reversed)
        XCTAssertEqual(area(band, rule: .nonZero), 1200, accuracy: 0.5)
        // An even-odd ring of two circles: π (R² − r²).
        var ring = Path.ellipse(in: Rect(x: 0, y: 0, width: 100, height: 100))
        ring.append(.ellipse(in: Rect(x: 20.5, y: 20.5, width: 59, height: 59)))
        let analytic = Double.pi * (2500 - 29.5 * 29.5)
        XCTAssertEqual(area(ring, rule: .evenOdd), analytic, accuracy: analytic * 0.005)
    }

    func testCurvesFlattenWithinATenthOfAPixel() {
        // A quadratic arch: the polyline's area differs from the curve's exact
        // area (2/3 · base · height) by less than 0.1 px along its length.
        var arch = Path()
        arch.move(to: 0, 100)
        arch.quad(to: 200, 100, control: 100, -100)
        arch.close()
        let exact = 2.0 / 3 * 200 * 100
        XCTAssertEqual(area(arch), exact, accuracy: 0.1 * 300)
        // A cubic equal to the quadratic (control points at 2/3) gives the same area.
        var cubic = Path()
        cubic.move(to: 0, 100)
        cubic.cubic(to: 200, 100, control1: 200.0 / 3, -100.0 / 3, control2: 400.0 / 3, -100.0 / 3)
        cubic.close()
        XCTAssertEqual(area(cubic), exact, accuracy: 0.1 * 300)
    }

    func testClipLimitsTheMaskAndPartsLeftOfItCountFully() {
        // A triangle reaching left of the clip: pixels right of its sloped
        // edges inside the clip are covered as if nothing were cut.
        var triangle = Path()
        triangle.move(to: -10, 0)
        triangle.line(to: 10, 0)
        triangle.line(to: -10, 20)
        triangle.close()
        let clip = PixelRect(x: 0, y: 0, width: 20, height: 20)
        let filled = PathRasterizer.fill(triangle, clip: clip)!
        XCTAssertEqual(filled.x, 0)
        let total = filled.mask.coverage.reduce(0.0) { $0 + Double($1) / 255 }
        XCTAssertEqual(total, 50, accuracy: 0.2)    // the part x ≥ 0: half of 10 × 10
        XCTAssertNil(PathRasterizer.fill(triangle, clip: PixelRect(x: 30, y: 0, width: 5, height: 5)))
        var huge = Path()
        huge.move(to: .nan, 0); huge.line(to: 1, 1); huge.line(to: 0, 1)
        XCTAssertNil(PathRasterizer.fill(huge, clip: clip))
    }
}
