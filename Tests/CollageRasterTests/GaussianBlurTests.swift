import Glibc
import XCTest
@testable import CollageRaster

/// The three-box approximation of the Gaussian (SVG feGaussianBlur, Filter
/// Effects 1 §9.20) used from sigma 2, and the blur's output window.
final class GaussianBlurTests: XCTestCase {
    func testBoxSizesFollowTheSVGDefinition() {
        // d = floor(sigma * 3 sqrt(2 pi) / 4 + 0.5): 4 for sigma 2 (even: left, right, centred d + 1).
        XCTAssertEqual(GaussianBlur.boxes(sigma: 2), [.init(before: 2, after: 1, divisor: 4),
                                                      .init(before: 1, after: 2, divisor: 4),
                                                      .init(before: 2, after: 2, divisor: 5)])
        // 241 for sigma 128 (odd: three centred boxes).
        XCTAssertEqual(GaussianBlur.boxes(sigma: 128), Array(repeating: .init(before: 120, after: 120, divisor: 241), count: 3))
        // The three boxes reach 3d/2 - 1 < 3 sigma: inside the radius the callers reserve.
        for sigma in [2.0, 2.7, 8, 33.3, 128, 500] {
            let reach = GaussianBlur.boxes(sigma: sigma).reduce(0) { $0 + max($1.before, $1.after) }
            XCTAssertLessThanOrEqual(reach, GaussianBlur.radius(sigma: sigma), "sigma \(sigma)")
        }
    }

    /// A full-coverage column, blurred: its middle row is the 1-D combined
    /// kernel times 255, whose spread is the boxes' (3 (d² - 1) / 12 for odd
    /// d), within 10 % of sigma (the approximation is a little narrower).
    func testProfileHasTheBoxesVarianceAndKeepsItsMass() {
        let sigma = 8.0, height = 200
        let mask = CoverageMask(width: 1, height: height, coverage: [UInt8](repeating: 255, count: height))
        let (blurred, radius) = GaussianBlur.blur(mask, sigma: sigma)
        let row = (radius + height / 2) * blurred.width
        let profile = (0..<blurred.width).map { Double(blurred.coverage[row + $0]) }
        let mass = profile.reduce(0, +)
        XCTAssertEqual(mass, 255, accuracy: 255 * 0.02)
        let variance = profile.enumerated().reduce(0) { $0 + $1.element * pow(Double($1.offset - radius), 2) } / mass
        let d = 15.0   // floor(8 * 1.8799 + 0.5)
        XCTAssertEqual(variance, 3 * (d * d - 1) / 12, accuracy: 1.5)
        XCTAssertEqual(variance.squareRoot(), sigma, accuracy: sigma * 0.10)
        // Symmetric about the column.
        for offset in 1...radius { XCTAssertEqual(profile[radius - offset], profile[radius + offset], "offset \(offset)") }
    }

    func testWideFlatAreaStaysFullAndItsEdgeIsHalfCovered() {
        let mask = CoverageMask(width: 60, height: 60, coverage: [UInt8](repeating: 255, count: 3600))
        for sigma in [2.0, 5.0] {
            let (blurred, radius) = GaussianBlur.blur(mask, sigma: sigma)
            XCTAssertEqual(blurred.coverage[(radius + 30) * blurred.width + radius + 30], 255)
            // The combined kernel is symmetric: the first pixel inside and the first outside share 255.
            let row = (radius + 30) * blurred.width
            let inside = Int(blurred.coverage[row + radius]), outside = Int(blurred.coverage[row + radius - 1])
            XCTAssertEqual(Double(inside + outside), 255, accuracy: 1, "sigma \(sigma)")
            XCTAssertGreaterThan(inside, 128)
        }
    }

    /// A window gives exactly the pixels of the full blur inside it.
    func testWindowIsACropOfTheFullBlur() throws {
        var coverage = [UInt8](repeating: 0, count: 37 * 23)
        for i in coverage.indices { coverage[i] = UInt8((i * 7919) % 251) }
        let mask = CoverageMask(width: 37, height: 23, coverage: coverage)
        for sigma in [1.0, 3.0, 6.5] {
            let (full, radius) = GaussianBlur.blur(mask, sigma: sigma)
            let window = PixelRect(x: 5, y: -3, width: 20, height: 9)
            let part = try XCTUnwrap(GaussianBlur.blur(mask, sigma: sigma, within: window))
            XCTAssertEqual(part.rect, window)
            guard part.rect == window else { continue }
            for y in 0..<window.height {
                for x in 0..<window.width {
                    XCTAssertEqual(part.mask.coverage[y * window.width + x],
                                   full.coverage[(window.y + y + radius) * full.width + window.x + x + radius],
                                   "sigma \(sigma) (\(x), \(y))")
                }
            }
            // A window beyond the blur's reach has nothing.
            XCTAssertNil(GaussianBlur.blur(mask, sigma: sigma, within: PixelRect(x: 37 + radius, y: 0, width: 10, height: 10)))
        }
    }

    /// A blur far wider than the mask's coverage rounds to nothing anywhere:
    /// no pixel is computed (a `blur: 100000` text shadow).
    func testBlurWiderThanTheMassIsEmpty() {
        let mask = CoverageMask(width: 20, height: 20, coverage: [UInt8](repeating: 255, count: 400))
        XCTAssertNil(GaussianBlur.blur(mask, sigma: 50_000, within: PixelRect(x: -100, y: -100, width: 300, height: 300)))
        // 400 px × 255 over d² = 188² is 2.9 levels: still drawn.
        let wide = GaussianBlur.blur(mask, sigma: 100, within: PixelRect(x: 0, y: 0, width: 20, height: 20))
        XCTAssertEqual(wide.map { Int($0.mask.coverage[10 * 20 + 10]) } ?? 0, 3, accuracy: 1)
    }
}
