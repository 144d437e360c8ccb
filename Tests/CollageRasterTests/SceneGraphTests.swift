@testable import CollageRaster
import Glibc
import XCTest
import CollageTestSupport

/// The scene graph end to end: isolated layers, mirrors, turned prints.
final class SceneGraphTests: XCTestCase {
    private func square(_ x: Double, _ y: Double, _ size: Double, _ color: Color = .white) -> Node {
        .path(PathLeaf(path: .rect(Rect(x: x, y: y, width: size, height: size)), paint: .solid(color)))
    }

    /// A group at opacity 0.5 over two overlapping white squares on black is
    /// one isolated layer: the overlap is 0.5 linear (188), not 0.75 (225).
    /// Nested at 0.5 inside 0.5 it is 0.25 linear (137).
    func testGroupOpacityIsolatesItsChildren() throws {
        let pair = Node.group(Group(opacity: 0.5, children: [square(0, 0, 6), square(3, 0, 6)]))
        let scene = Scene(size: Size(width: 10, height: 6), background: .black, nodes: [pair], compositing: .linear)
        XCTAssertEqual(scene.items.count, 4)        // begin, two masks, end
        let canvas = try SceneRenderer.render(scene, images: NoImages(), threads: 1)
        XCTAssertEqual(canvas[1, 2], Color(red: 188, green: 188, blue: 188))
        XCTAssertEqual(canvas[4, 2], Color(red: 188, green: 188, blue: 188))   // the overlap
        XCTAssertEqual(canvas[9, 2], .black)
        let nested = Node.group(Group(opacity: 0.5, children: [pair]))
        let twice = try SceneRenderer.render(Scene(size: Size(width: 10, height: 6), background: .black, nodes: [nested], compositing: .linear),
                                             images: NoImages(), threads: 2)
        XCTAssertEqual(twice[4, 2], Color(red: 137, green: 137, blue: 137))
        // One child needs no layer: its opacity passes to the draw.
        let single = Scene(size: Size(width: 10, height: 6), background: .black,
                           nodes: [.group(Group(opacity: 0.5, children: [square(0, 0, 6)]))], compositing: .linear)
        XCTAssertEqual(single.items.count, 1)
    }

    /// A clip that is not a pixel-aligned rectangle, over two children, is a layer clipped by its coverage.
    func testClipOverSeveralChildrenIsALayerWithCoverage() throws {
        let clip = Path.ellipse(in: Rect(x: 0, y: 0, width: 20, height: 20))
        let group = Node.group(Group(clip: clip, children: [square(0, 0, 10), square(10, 10, 10)]))
        let scene = Scene(size: Size(width: 20, height: 20), background: .black, nodes: [group])
        guard case .beginLayer(let layer) = scene.items[0] else { return XCTFail("\(scene.items)") }
        XCTAssertNotNil(layer.clip)
        let canvas = try SceneRenderer.render(scene, images: NoImages(), threads: 1)
        XCTAssertEqual(canvas[0, 0], .black)        // outside the circle
        XCTAssertEqual(canvas[6, 6], .white)        // inside it and the first square
        XCTAssertEqual(canvas[14, 6], .black)       // inside it, no square
        XCTAssertEqual(canvas[19, 19], .black)
    }

    /// A mirrored axis-aligned draw stays on the separable path and shows the picture mirrored exactly.
    func testFlipsMirrorThePictureOnThePlainPath() throws {
        let image = TestImages.random(width: 7, height: 5, seed: 3)
        let leaf = Node.image(ImageLeaf(image: 0, source: Rect(x: 0, y: 0, width: 7, height: 5),
                                        bounds: Rect(x: -3.5, y: -2.5, width: 7, height: 5)))
        for (h, v) in [(true, false), (false, true), (true, true)] {
            let node = Node.group(Group(transform: Affine.flip(horizontal: h, vertical: v).then(.translation(3.5, 2.5)),
                                        children: [leaf]))
            let scene = Scene(size: Size(width: 7, height: 5), background: .black,
                              images: [SceneImage(orientedSize: image.size)], nodes: [node])
            guard case .image(let draw) = scene.items[0] else { return XCTFail() }
            XCTAssertNil(draw.transform)
            XCTAssertEqual([draw.flipsX, draw.flipsY], [h, v])
            let canvas = try SceneRenderer.render(scene, images: MemoryImageProvider([image]), threads: 1)
            for y in 0 ..< 5 { for x in 0 ..< 7 {
                XCTAssertEqual(canvas[x, y], image[h ? 6 - x : x, v ? 4 - y : y], "flip \(h) \(v) at (\(x), \(y))")
            } }
        }
    }

    /// A print in a square cell turned by 90° matches the same photo turned
    /// by its EXIF orientation (6: stored pixels turned clockwise to show):
    /// the turned print is resampled at its cell's scale, then placed by a
    /// quarter turn that maps pixel centres onto pixel centres.
    func testQuarterTurnedPrintMatchesTheOrientedPhoto() throws {
        let stored = TestImages.make(width: 400, height: 300) { x, y in
            let v = 0.5 + 0.25 * sin(Double(x) / 9) * cos(Double(y) / 13)
            return Color(red: UInt8(v * 255), green: UInt8((x * 255) / 400), blue: UInt8((y * 255) / 300))
        }
        let cell = 100.0
        let print = Rect(x: -cell / 2, y: -cell / 2, width: cell, height: cell)
        let turned = Node.group(Group(transform: Affine.rotation(degrees: 90).then(.translation(50, 50)),
            children: [.image(ImageLeaf(image: 0, source: Rect(x: 50, y: 0, width: 300, height: 300), bounds: print))]))
        let a = try SceneRenderer.render(Scene(size: Size(width: 100, height: 100), background: .black,
                                               images: [SceneImage(orientedSize: stored.size)], nodes: [turned]),
                                         images: MemoryImageProvider([stored]), threads: 1)
        struct Oriented: ImageProvider {
            let stored: Pixmap
            func decode(image index: Int, minimumSize: Size) throws -> Pixmap {
                StoredOrientation(transposed: true, flipsX: false, flipsY: true).upright(stored)
            }
            func stored(image index: Int, minimumSize: Size, streaming: Bool) throws -> StoredImageSource {
                .pixels(stored, StoredOrientation(transposed: true, flipsX: false, flipsY: true))
            }
        }
        let upright = Node.image(ImageLeaf(image: 0, source: Rect(x: 0, y: 50, width: 300, height: 300),
                                           bounds: Rect(x: 0, y: 0, width: cell, height: cell)))
        let b = try SceneRenderer.render(Scene(size: Size(width: 100, height: 100), background: .black,
                                               images: [SceneImage(orientedSize: Size(width: 300, height: 400))],
                                               nodes: [upright]),
                                         images: Oriented(stored: stored), threads: 1)
        let psnr = PixelMetrics.psnr(a, b)
        XCTAssertGreaterThanOrEqual(psnr, 45, "PSNR \(psnr) dB")
    }

    /// A drop shadow is the blurred, moved shape, hidden under the caster.
    func testShadowIsKnockedOutUnderTheCaster() throws {
        let shape = Path.rect(Rect(x: 5, y: 5, width: 10, height: 10))
        let shadow = Shadow(shape: shape, offsetX: 4, offsetY: 4, sigma: 1, color: .black, knockout: shape)
        let group = Node.group(Group(opacity: 0.5, shadow: shadow,
            children: [.path(PathLeaf(path: shape, paint: .solid(.white)))]))
        let scene = Scene(size: Size(width: 30, height: 30), background: Color(red: 255, green: 0, blue: 0), nodes: [group], compositing: .linear)
        let canvas = try SceneRenderer.render(scene, images: NoImages(), threads: 1)
        // Under the translucent caster: white at 0.5 over red, no shadow.
        let linear = SRGBTransfer.encode(0.5)
        XCTAssertEqual(canvas[10, 10], Color(red: 255, green: linear, blue: linear))
        // Beside it, in the moved shadow: darker red; far away: the background.
        XCTAssertLessThan(canvas[17, 17].red, 200)
        XCTAssertEqual(canvas[28, 2], Color(red: 255, green: 0, blue: 0))
    }
}

/// A provider for scenes without images.
private struct NoImages: ImageProvider {
    func decode(image index: Int, minimumSize: Size) throws -> Pixmap { Pixmap(width: 1, height: 1) }
}
