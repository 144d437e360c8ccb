import XCTest
@testable import CollageRaster

/// The fast mode (`SceneRenderer.render(fast: true)`, `collage render --fast`):
/// decodes only as large as the draws, margin 1 instead of the 2 of README "Rules": Resampler.
final class FastModeTests: XCTestCase {
    func testFastModeAsksForOneDecodedPixelPerCanvasPixel() throws {
        let full = Size(width: 4000, height: 3000)
        // Cover crop 2250x3000 into 300x400: ceil(4000 * 300 / 2250) = 534, 3000 * 400 / 3000 = 400.
        let scene = Scene.single(canvas: Size(width: 400, height: 500), image: full,
                                 window: Rect(x: 875.5, y: 0, width: 2250, height: 3000),
                                 destination: PixelRect(x: 8, y: 8, width: 300, height: 400))
        XCTAssertEqual(scene.minimumDecodeSize(ofImage: 0, margin: 1), Size(width: 534, height: 400))
        let provider = MemoryImageProvider { _, size in Pixmap(width: size.width, height: size.height, color: .black) }
        _ = try SceneRenderer.render(scene, images: provider, threads: 1, fast: true)
        _ = try SceneRenderer.render(scene, images: provider, threads: 1)
        XCTAssertEqual(provider.requests.map(\.minimumSize), [Size(width: 534, height: 400), Size(width: 1067, height: 800)])
    }

    func testFastModeGivesTheSamePixelsForTheSameDecode() throws {
        // The mode changes only the requested decode size: a provider that
        // ignores it gets identical output.
        let photo = TestImages.make(width: 120, height: 90) { x, y in
            Color(red: UInt8(x * 2), green: UInt8(y * 2), blue: UInt8((x + y) & 255))
        }
        let scene = Scene.single(canvas: Size(width: 50, height: 40), image: photo.size,
                                 window: Rect(x: 4.5, y: 0, width: 112.5, height: 90),
                                 destination: PixelRect(x: 0, y: 0, width: 50, height: 40))
        let fast = try SceneRenderer.render(scene, images: MemoryImageProvider([photo]), threads: 2, fast: true)
        let normal = try SceneRenderer.render(scene, images: MemoryImageProvider([photo]), threads: 2)
        XCTAssertEqual(fast, normal)
    }
}
