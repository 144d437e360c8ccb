@testable import CollageFocus
import CollageRaster
import XCTest

final class SaliencyTests: XCTestCase {
    /// A flat field with a saturated, edged 60x60 square at (x, y).
    private func field(width: Int, height: Int, square: (x: Int, y: Int)) -> AnalysisImage {
        var pixmap = Pixmap(width: width, height: height, color: Color(red: 120, green: 130, blue: 140, alpha: 255))
        for y in square.y..<square.y + 60 {
            for x in square.x..<square.x + 60 {
                let i = (y * width + x) * 4
                let checker = ((x / 6) + (y / 6)) % 2 == 0
                pixmap.pixels[i] = checker ? 230 : 40; pixmap.pixels[i + 1] = 30; pixmap.pixels[i + 2] = checker ? 40 : 200
            }
        }
        return AnalysisImage(pixmap: pixmap, source: Size(width: width, height: height))
    }

    private func inside(_ square: (x: Int, y: Int), _ window: Rect) -> Bool {
        Double(square.x) >= window.x - 1e-9 && Double(square.y) >= window.y - 1e-9
            && Double(square.x + 60) <= window.maxX + 1e-9 && Double(square.y + 60) <= window.maxY + 1e-9
    }

    /// In each corner and at each edge midpoint the square ends up inside the
    /// `auto` window, for a tall and a wide cell; the centred window misses it.
    func testSalientSquareInsideTheAutoWindowNotTheCentredOne() {
        let width = 400, height = 300
        let spots = [(0, 0), (170, 0), (340, 0), (0, 120), (340, 120), (0, 240), (170, 240), (340, 240)]
        var centredMisses = 0, checked = 0
        for (sx, sy) in spots {
            let image = field(width: width, height: height, square: (sx, sy))
            let map = SaliencyMap(image)
            let area = Rect(x: 0, y: 0, width: 400, height: 300)
            // A 9:16 window (full height) and a 16:9 one (full width) in the photo.
            for size in [(width: 300.0 * 9 / 16, height: 300.0), (width: 400.0, height: 225.0)] {
                let choice = FocusWindow.choose(size: size, area: area, saliency: map, scale: (image.scaleX, image.scaleY), faces: nil)
                XCTAssertEqual(choice.strategy, .auto)
                XCTAssertTrue(inside((sx, sy), choice.window), "square at \(sx),\(sy) outside \(choice.window)")
                XCTAssertGreaterThan(choice.score, 0.4)
                let centred = Rect(x: (400 - size.width) / 2, y: (300 - size.height) / 2, width: size.width, height: size.height)
                let overlapsAxis = size.width < 400 ? (sx == 170) : (sy == 120)
                if !overlapsAxis {
                    checked += 1
                    if !inside((sx, sy), centred) { centredMisses += 1 }
                }
            }
        }
        // Discriminates: every placement off the window's free axis centre is cut by the centred window.
        XCTAssertEqual(centredMisses, checked)
        XCTAssertEqual(checked, 12)
    }

    /// The same map and window give the same choice every time.
    func testDeterministic() {
        let image = field(width: 320, height: 200, square: (250, 20))
        let a = FocusWindow.choose(size: (200, 200), area: Rect(x: 0, y: 0, width: 320, height: 200), saliency: SaliencyMap(image), scale: (1, 1), faces: nil)
        let b = FocusWindow.choose(size: (200, 200), area: Rect(x: 0, y: 0, width: 320, height: 200), saliency: SaliencyMap(image), scale: (1, 1), faces: nil)
        XCTAssertEqual(a, b)
        XCTAssertTrue(inside((250, 20), a.window), "\(a.window)")
    }

    /// The Monk Skin Tone swatches stay within a factor of 1.5 of each
    /// other (docs/format.md), while grey, blue and green score near 0.
    func testMonkSwatchesWithinStatedFactor() {
        let values = SkinTone.monkSwatches.map {
            SkinTone.likelihood(red: Float($0.red) / 255, green: Float($0.green) / 255, blue: Float($0.blue) / 255)
        }
        let low = values.min()!, high = values.max()!
        XCTAssertGreaterThan(low, 0.7, "\(values)")
        XCTAssertLessThanOrEqual(high / low, 1.5, "\(values)")
        XCTAssertEqual(SkinTone.likelihood(red: 0.5, green: 0.5, blue: 0.5), 0)
        XCTAssertLessThan(SkinTone.likelihood(red: 0.2, green: 0.3, blue: 0.8), 0.01)
        XCTAssertLessThan(SkinTone.likelihood(red: 0.2, green: 0.7, blue: 0.2), 0.01)
    }

    /// The saliency map's memo of `SkinTone.likelihood` gives its bits for
    /// every colour: a 32-level grid of 8-bit colours (32,768, far more than
    /// the memo's 16,384 entries, so entries are replaced and reused), visited
    /// twice in opposite orders, and colours that are not 8-bit values.
    func testSkinToneMemoGivesTheSameBits() {
        var memo = SkinTone.Memo()
        var colours: [(Float, Float, Float)] = []
        for r in stride(from: 0, to: 256, by: 8) {
            for g in stride(from: 3, to: 256, by: 8) {
                for b in stride(from: 5, to: 256, by: 8) { colours.append((Float(r) / 255, Float(g) / 255, Float(b) / 255)) }
            }
        }
        colours += [(0, 0, 0), (1, 1, 1), (0.8, 0.55, 0.4), (-0.0, 0, 0), (0.3, 0.2, .infinity)]
        var nonZero = 0
        for (r, g, b) in colours + colours.reversed() {
            let expected = SkinTone.likelihood(red: r, green: g, blue: b)
            XCTAssertEqual(memo.likelihood(red: r, green: g, blue: b).bitPattern, expected.bitPattern, "\((r, g, b))")
            if expected > 0 { nonZero += 1 }
        }
        XCTAssertGreaterThan(nonZero, 1000)
    }
}
