import CollageLayout
import CollageText
import CollageRaster
import CollageSpec
import XCTest

final class SceneBuilderTests: XCTestCase {
    override func setUp() { PinnedFonts.load }

    func testPhotosThenOverlaysInListOrder() throws {
        var spec = makeSpec(photos: 2, width: 1000, height: 500, overlays: [
            OverlaySpec.text("Hello", font: FontSpec(family: ["DejaVu Sans"], size: 40),
                        color: RGBA(red: 255, green: 0, blue: 0, alpha: 128), anchor: .topLeft,
                        offsetX: 10, offsetY: 10, location: at(30, 5)),
            OverlaySpec.text("World", font: FontSpec(family: ["DejaVu Sans"], size: 40),
                        anchor: .bottomRight, location: at(35, 5)),
        ])
        spec.canvas.background = RGBA(red: 1, green: 2, blue: 3, alpha: 4)
        spec.photos[1].fit = .contain
        let sizes = [Size(width: 3000, height: 2000), Size(width: 3000, height: 2000)]
        let layout = try LayoutEngine.layout(spec, photoSizes: sizes)
        let result = try SceneBuilder.build(spec, layout: layout, photoSizes: sizes)
        let scene = result.scene

        XCTAssertEqual(scene.size, Size(width: 1000, height: 500))
        XCTAssertEqual(scene.background, Color(red: 1, green: 2, blue: 3, alpha: 4))
        XCTAssertEqual(scene.images, sizes.map { SceneImage(orientedSize: $0) })
        XCTAssertEqual(scene.items.count, 4)
        guard case let .image(first) = scene.items[0], case let .image(second) = scene.items[1],
              case let .mask(hello) = scene.items[2], case let .mask(world) = scene.items[3] else {
            return XCTFail("expected image, image, mask, mask: \(scene.items)")
        }
        // Cell 500×500 on 3000×2000: cover crops the centred 2000×2000 square.
        XCTAssertEqual(first, ImageDraw(image: 0, source: Rect(x: 500, y: 0, width: 2000, height: 2000),
                                        destination: r(0, 0, 500, 500), clip: r(0, 0, 1000, 500)))
        // contain: the whole photo, 500 × 333.33 at y 83.33 → 83…417; only the canvas clips a print.
        XCTAssertEqual(second, ImageDraw(image: 1, source: Rect(x: 0, y: 0, width: 3000, height: 2000),
                                         destination: r(500, 83, 500, 334), clip: r(0, 0, 1000, 500)))
        XCTAssertEqual(hello.color, Color(red: 255, green: 0, blue: 0, alpha: 128))
        XCTAssertEqual(world.color, .black)
        XCTAssertEqual(hello.mask, result.textBlocks[0].mask)
        XCTAssertEqual(hello.originX, result.textBlocks[0].maskX)
        XCTAssertEqual(hello.originY, result.textBlocks[0].maskY)
        XCTAssertEqual(result.textBlocks[1].box.maxX, 1000, accuracy: 1e-9)
        XCTAssertEqual(result.textBlocks[1].box.maxY, 500, accuracy: 1e-9)
        XCTAssertEqual(result.warnings, [])
    }

    func testFontErrorsOfEveryOverlayAreReported() throws {
        let library = FontLibrary()
        let empty = "\(NSTemporaryDirectory())collage-empty-\(getpid()).conf"
        try "<?xml version=\"1.0\"?>\n<fontconfig></fontconfig>\n".write(toFile: empty, atomically: true, encoding: .utf8)
        defer { unlink(empty) }
        try library.useConfiguration(file: empty)
        let spec = makeSpec(photos: 0, width: 100, height: 100, overlays: [
            OverlaySpec.text("a", location: at(30, 5)),
            OverlaySpec.text("b", location: at(40, 5)),
        ])
        let layout = try LayoutEngine.layout(spec, photoSizes: [])
        XCTAssertThrowsError(try SceneBuilder.build(spec, layout: layout, photoSizes: [], library: library)) { error in
            let list = error as? DiagnosticList
            XCTAssertEqual(list?.diagnostics.map(\.kind), [.font, .font])
            XCTAssertEqual(list?.diagnostics.map(\.location), [at(30, 5), at(40, 5)])
        }
    }

    func testSceneWithoutOverlays() throws {
        let spec = makeSpec(photos: 3, width: 900, height: 600)
        let sizes = Array(repeating: Size(width: 600, height: 400), count: 3)
        let scene = try SceneBuilder.scene(for: spec, layout: try LayoutEngine.layout(spec, photoSizes: sizes),
                                           photoSizes: sizes)
        XCTAssertEqual(scene.background, .white)
        let destinations: [PixelRect] = scene.items.compactMap {
            if case let .image(draw) = $0 { return draw.destination } else { return nil }
        }
        XCTAssertEqual(destinations, [r(0, 0, 450, 600), r(450, 0, 450, 300), r(450, 300, 450, 300)])
    }
}
