@testable import CollageRaster
import XCTest

/// Rotated and rounded image draws (`ShapedImageDraw`, `RoundedRect`).
final class ShapedDrawTests: XCTestCase {
    func testRoundedRectCoverageAtPixelCentres() {
        let shape = RoundedRect(PixelRect(x: 0, y: 0, width: 10, height: 10), radius: 4)
        XCTAssertEqual(shape.coverage(0, 0), 0)                 // centre (0.5, 0.5) is 4.95 from (4, 4): outside
        XCTAssertEqual(shape.coverage(1, 1), Float(4 - (2 * 2.5 * 2.5).squareRoot() + 0.5), accuracy: 1e-6)
        XCTAssertEqual(shape.coverage(4, 0), 1)                 // beside the corner square: inside
        XCTAssertEqual(shape.coverage(9, 9), 0)
        XCTAssertEqual(shape.coverage(10, 5), 0)                // outside the rectangle
        // The radius is clamped to half the shorter side.
        XCTAssertEqual(RoundedRect(x: 0, y: 0, width: 10, height: 4, radius: 9).radius, 2)
    }

    func testBorderMaskIsABandInsideTheRectangle() {
        let mask = RoundedRect.borderMask(PixelRect(x: 5, y: 5, width: 8, height: 6), radius: 0, width: 2)
        XCTAssertEqual(mask.width, 8)
        XCTAssertEqual(mask.height, 6)
        // Rows 0-1 and 4-5 fully covered; rows 2-3 covered in columns 0-1 and 6-7 only.
        let expected: [UInt8] = (0..<6).flatMap { y in
            (0..<8).map { x in (y < 2 || y >= 4 || x < 2 || x >= 6) ? 255 : 0 }
        }
        XCTAssertEqual(mask.coverage, expected)
    }

    /// A quarter turn of a square draw at scale 1 maps pixel centres onto
    /// pixel centres, so every tap but one has weight 0: the result is the
    /// image turned clockwise, byte for byte.
    func testQuarterTurnIsAnExactRotation() throws {
        let image = TestImages.random(width: 6, height: 6, seed: 7)
        let rect = PixelRect(x: 0, y: 0, width: 6, height: 6)
        let scene = Scene(size: Size(width: 6, height: 6), background: .black,
                          images: [SceneImage(orientedSize: image.size)],
                          items: [.image(ImageDraw(image: 0, source: Rect(x: 0, y: 0, width: 6, height: 6),
                                                   destination: rect, rotation: 90))])
        let canvas = try SceneRenderer.render(scene, images: MemoryImageProvider([image]), threads: 1)
        for y in 0..<6 {
            for x in 0..<6 {
                // Turning clockwise takes source (sx, sy) to (5 - sy, sx).
                XCTAssertEqual(canvas[x, y], image[y, 5 - x], "pixel (\(x), \(y))")
            }
        }
    }

    func testRotationLeavesCornersOfTheClipToTheBackgroundAndRoundedCornersClip() throws {
        let white = TestImages.make(width: 20, height: 20) { _, _ in .white }
        let rect = PixelRect(x: 0, y: 0, width: 20, height: 20)
        let rotated = Scene(size: Size(width: 20, height: 20), background: .black,
                            images: [SceneImage(orientedSize: white.size)],
                            items: [.image(ImageDraw(image: 0, source: Rect(x: 0, y: 0, width: 20, height: 20),
                                                     destination: rect, rotation: 45))])
        let canvas = try SceneRenderer.render(rotated, images: MemoryImageProvider([white]), threads: 2)
        XCTAssertEqual(canvas[0, 0], .black)            // the corner the turned square leaves
        XCTAssertEqual(canvas[10, 10], .white)          // the centre stays covered
        XCTAssertEqual(canvas[10, 0], .white)           // the turned square's corner reaches the edge's middle
        let rounded = Scene(size: Size(width: 20, height: 20), background: .black,
                            images: [SceneImage(orientedSize: white.size)],
                            items: [.image(ImageDraw(image: 0, source: Rect(x: 0, y: 0, width: 20, height: 20),
                                                     destination: rect, opacity: 1, cornerRadius: 8))])
        let clipped = try SceneRenderer.render(rounded, images: MemoryImageProvider([white]), threads: 1)
        XCTAssertEqual(clipped[0, 0], .black)
        XCTAssertEqual(clipped[8, 0], .white)
        XCTAssertEqual(clipped[19, 10], .white)
        // Pixel (1, 1) is 8 - 9.19 + 0.5 = 0 covered, pixel (2, 2) 8 - 7.78 + 0.5 = 0.72 covered: white at 72 % in
        // linear light over black.
        XCTAssertEqual(clipped[1, 1], .black)
        let expected = SRGBTransfer.encode(Float(8 - (2 * 5.5 * 5.5).squareRoot() + 0.5))
        XCTAssertEqual(clipped[2, 2], Color(red: expected, green: expected, blue: expected))
    }
}

final class ShapedTapTests: XCTestCase {
    /// The closed-form taps equal the kernel evaluated directly.
    func testTapsMatchTheKernel() {
        let pointer = UnsafeMutablePointer<Double>.allocate(capacity: 6)
        defer { pointer.deallocate() }
        for f in [0.0, 1e-6, 0.125, 0.5, 0.75, 0.999] {
            let sum = ShapedImageDraw.taps(f, into: pointer)
            let weights = Array(UnsafeBufferPointer(start: pointer, count: 6))
            for t in 0 ..< 6 {
                XCTAssertEqual(weights[t], LanczosKernel.weight(f + Double(2 - t)), accuracy: 1e-12, "f \(f) t \(t)")
            }
            XCTAssertEqual(sum, weights.reduce(0, +), accuracy: 1e-15)
        }
    }
}

final class ContainCornerTests: XCTestCase {
    /// Unrotated, the corners round the visible (letterboxed) image, not the cell.
    func testRoundedCornersFollowTheLetterboxedImage() throws {
        let white = TestImages.make(width: 10, height: 10) { _, _ in .white }
        let scene = Scene(size: Size(width: 30, height: 10), background: .black,
                          images: [SceneImage(orientedSize: white.size)],
                          items: [.image(ImageDraw(image: 0, source: Rect(x: 0, y: 0, width: 10, height: 10),
                                                   destination: PixelRect(x: 10, y: 0, width: 10, height: 10),
                                                   clip: PixelRect(x: 0, y: 0, width: 30, height: 10), cornerRadius: 4))])
        let canvas = try SceneRenderer.render(scene, images: MemoryImageProvider([white]), threads: 1)
        XCTAssertEqual(canvas[10, 0], .black)    // the image's own top-left corner is cut
        XCTAssertEqual(canvas[19, 9], .black)
        XCTAssertEqual(canvas[14, 0], .white)
        XCTAssertEqual(canvas[15, 5], .white)
    }
}
