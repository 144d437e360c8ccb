@testable import CollageFocus
import CollageRaster
import CollageTestSupport
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

    /// `collage_saliency_values` (C, the skin likelihood remembered per
    /// colour) gives the Swift loop's values bit for bit: on the composed
    /// face scenes, the synthetic field, noise of 120,000 colours (far more
    /// than the memo's 16,384 entries, so entries are replaced and met
    /// again), one-pixel-wide and one-pixel-high images, and corpus photos
    /// when the corpus is there.
    func testKernelGivesTheSwiftLoopsBits() throws {
        var images = FaceScene.all.map { ($0.name, $0.analysis) }
        images.append(("field", field(width: 320, height: 200, square: (250, 20))))
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func noise(_ width: Int, _ height: Int) -> Pixmap {
            var pixmap = Pixmap(width: width, height: height)
            for i in 0..<width * height {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                let v = state >> 24
                pixmap.pixels[4 * i] = UInt8(truncatingIfNeeded: v)
                pixmap.pixels[4 * i + 1] = UInt8(truncatingIfNeeded: v >> 8) / 2 + 64
                pixmap.pixels[4 * i + 2] = UInt8(truncatingIfNeeded: v >> 16) / 3
                pixmap.pixels[4 * i + 3] = 255
            }
            return pixmap
        }
        for (name, width, height) in [("noise", 400, 300), ("column", 1, 57), ("row", 61, 1), ("pixel", 1, 1)] {
            images.append((name, AnalysisImage(pixmap: noise(width, height), source: Size(width: width, height: height))))
        }
        if let corpus = try? TestPackage.requireCorpus() {
            images += try AnalysisImage.ofCorpusPhotos(["metadata-extractor-images/photo_Canon_EOS_5D.jpg",
                                                        "metadata-extractor-images/Canon_EOS_7D.jpg",
                                                        "metadata-extractor-images/photo_Apple_iPhone_5.jpg", "pillow/hopper_gray.jpg"],
                                                       in: corpus)
        }
        var skinny = 0
        for (name, image) in images {
            let values = SaliencyMap(image).values, reference = SaliencyMap.referenceValues(image)
            XCTAssertEqual(values.count, image.width * image.height, name)
            let differing = zip(values, reference).filter { $0.bitPattern != $1.bitPattern }.count
            XCTAssertEqual(differing, 0, "\(name): \(differing) of \(values.count) values differ")
            skinny += (0..<image.red.count).filter { SkinTone.likelihood(red: image.red[$0], green: image.green[$0], blue: image.blue[$0]) > 0.5 }.count
        }
        // The skin term is exercised, not only zeros: the astronaut's face and the photos give skin-like pixels.
        XCTAssertGreaterThan(skinny, 1000)
    }
}
