import XCTest
@testable import CollageRaster

/// Masks, fills, opacity and clipping: source-over in linear light
/// (`compositing: .linear`; `CompositingTests` has the css values).
final class CompositorTests: XCTestCase {
    private let noImages = MemoryImageProvider([])

    func testHalfCoverageWhiteOverBlackIsTheLinearMean() throws {
        let mask = CoverageMask(width: 3, height: 2, coverage: [128, 128, 128, 0, 255, 64])
        var scene = Scene(size: Size(width: 4, height: 3), background: .black,
                          items: [.mask(MaskDraw(mask: mask, originX: 1, originY: 1, color: .white))])
        scene.compositing = .linear
        let canvas = try SceneRenderer.render(scene, images: noImages, threads: 1)
        // 128/255 linear = 0.502 -> sRGB 188 (a gamma-space blend gives 128).
        XCTAssertEqual(canvas[1, 1], TestImages.gray(188))
        XCTAssertEqual(canvas[3, 1], TestImages.gray(188))
        XCTAssertEqual(canvas[1, 2], .black)
        XCTAssertEqual(canvas[2, 2], .white)
        // 64/255 = 0.251 linear -> sRGB 137.
        XCTAssertEqual(canvas[3, 2], TestImages.gray(137))
        XCTAssertEqual(canvas[0, 0], .black)
    }

    func testMaskPartlyOutsideTheCanvasIsClipped() throws {
        let mask = CoverageMask(width: 4, height: 4, coverage: [UInt8](repeating: 255, count: 16))
        let red = Color(red: 255, green: 0, blue: 0)
        let scene = Scene(size: Size(width: 3, height: 3), background: .black,
                          items: [.mask(MaskDraw(mask: mask, originX: -2, originY: 1, color: red))])
        let canvas = try SceneRenderer.render(scene, images: noImages, threads: 1)
        XCTAssertEqual(canvas[0, 0], .black)
        XCTAssertEqual(canvas[1, 1], red)
        XCTAssertEqual(canvas[1, 2], red)
        XCTAssertEqual(canvas[2, 2], .black)
    }

    func testFillsBlendInLinearLight() throws {
        var scene = Scene(size: Size(width: 4, height: 1), background: .black, items: [
            .fill(PixelRect(x: 0, y: 0, width: 2, height: 1), Color(red: 255, green: 255, blue: 255, alpha: 128)),
            .fill(PixelRect(x: 1, y: 0, width: 9, height: 1), Color(red: 0, green: 0, blue: 255)),
            .fill(PixelRect(x: 3, y: 0, width: 1, height: 1), .transparent),
        ])
        scene.compositing = .linear
        let canvas = try SceneRenderer.render(scene, images: noImages, threads: 1)
        XCTAssertEqual(canvas[0, 0], TestImages.gray(188))
        XCTAssertEqual(canvas[1, 0], Color(red: 0, green: 0, blue: 255))
        XCTAssertEqual(canvas[3, 0], Color(red: 0, green: 0, blue: 255))
    }

    func testBlendOntoTransparentCanvasKeepsStraightColour() throws {
        var scene = Scene(size: Size(width: 1, height: 1), background: .transparent, items: [
            .fill(PixelRect(x: 0, y: 0, width: 1, height: 1), Color(red: 255, green: 0, blue: 0, alpha: 128)),
            .fill(PixelRect(x: 0, y: 0, width: 1, height: 1), Color(red: 0, green: 0, blue: 255, alpha: 128)),
        ])
        scene.compositing = .linear
        let canvas = try SceneRenderer.render(scene, images: noImages, threads: 1)
        // alpha 0.502 + 0.502 * 0.498 = 0.752 -> 192; red linear 0.502 * 0.498 / 0.752 = 0.332 -> 156,
        // blue 0.502/0.752 = 0.668 -> 213.
        XCTAssertEqual(canvas[0, 0], Color(red: 156, green: 0, blue: 213, alpha: 192))
    }

    func testImageRespectsItsClip() throws {
        let red = Color(red: 255, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 255)
        let photo = Pixmap(width: 20, height: 20, color: red)
        let clip = PixelRect(x: 2, y: 3, width: 4, height: 5)
        let scene = Scene.single(canvas: Size(width: 12, height: 12), background: blue, image: photo.size,
                                 window: Rect(photo.size), destination: PixelRect(x: 0, y: 0, width: 10, height: 10), clip: clip)
        let canvas = try SceneRenderer.render(scene, images: MemoryImageProvider([photo]), threads: 1)
        for y in 0..<12 {
            for x in 0..<12 {
                let inside = x >= 2 && x < 6 && y >= 3 && y < 8
                XCTAssertEqual(canvas[x, y], inside ? red : blue, "pixel \(x),\(y)")
            }
        }
    }

    func testOpacityBlendsInLinearLight() throws {
        let photo = Pixmap(width: 8, height: 8, color: .white)
        var scene = Scene.single(canvas: Size(width: 4, height: 4), background: .black, image: photo.size,
                                 window: Rect(photo.size), destination: PixelRect(x: 0, y: 0, width: 4, height: 4),
                                 opacity: 0.5)
        scene.compositing = .linear
        let canvas = try SceneRenderer.render(scene, images: MemoryImageProvider([photo]), threads: 1)
        for y in 0..<4 { for x in 0..<4 { XCTAssertEqual(canvas[x, y], TestImages.gray(188)) } }
    }

    func testLaterItemsDrawOverEarlierOnes() throws {
        // The photo draw is not written directly here (a fill before it
        // overlaps), so it is composited in order: fill, photo, mask.
        let green = Color(red: 0, green: 255, blue: 0)
        let photo = Pixmap(width: 6, height: 6, color: green)
        let scene = Scene(size: Size(width: 6, height: 1), background: .black,
                          images: [SceneImage(orientedSize: photo.size)], items: [
            .fill(PixelRect(x: 0, y: 0, width: 6, height: 1), .white),
            .image(ImageDraw(image: 0, source: Rect(photo.size), destination: PixelRect(x: 2, y: 0, width: 6, height: 6))),
            .mask(MaskDraw(mask: CoverageMask(width: 1, height: 1, coverage: [255]), originX: 3, originY: 0, color: .black)),
        ])
        let canvas = try SceneRenderer.render(scene, images: MemoryImageProvider([photo]), threads: 1)
        XCTAssertEqual((0..<6).map { canvas[$0, 0] }, [.white, .white, green, .black, green, green])
    }
}
