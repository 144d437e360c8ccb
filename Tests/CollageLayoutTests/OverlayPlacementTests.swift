import CollageLayout
import CollageText
import CollageRaster
import CollageSpec
import XCTest

/// `photo: ID` placement and the order of an overlay's layers in the scene.
final class OverlayPlacementTests: XCTestCase {
    override func setUp() { PinnedFonts.load }

    func testPhotoOverlayAnchorsInThatPhotosCell() throws {
        var caption = OverlaySpec.text("p1", font: FontSpec(family: ["DejaVu Sans"], size: 10),
                                  anchor: .bottomLeft, offsetX: 5, offsetY: -5, location: at(30, 5))
        caption.photo = "p1"
        caption.font.relativeSize = 10
        let spec = makeSpec(photos: 4, width: 1000, height: 600, kind: .grid(columns: 2, rows: 2), gap: 10,
                            overlays: [caption])
        let sizes = Array(repeating: Size(width: 800, height: 600), count: 4)
        let layout = try LayoutEngine.layout(spec, photoSizes: sizes)
        let cell = layout.photos[1].cell
        XCTAssertEqual(cell, r(505, 0, 495, 295))
        let result = try SceneBuilder.build(spec, layout: layout, photoSizes: sizes)
        let block = result.textBlocks[0]
        // 10 % of the cell's height (295) is the size; the box's bottom-left meets the cell's.
        XCTAssertEqual(block.size, 29.5, accuracy: 1e-9)
        XCTAssertEqual(block.box.x, 505 + 5)
        XCTAssertEqual(block.box.y + block.box.height, 295 - 5, accuracy: 1e-9)
    }

    func testUnknownPhotoIdIsAnErrorAtTheValue() throws {
        var caption = OverlaySpec.text("x", location: at(30, 5))
        caption.photo = "nope"
        caption.photoLocation = at(31, 12)
        let spec = makeSpec(photos: 2, width: 100, height: 100, overlays: [caption])
        let sizes = Array(repeating: Size(width: 80, height: 60), count: 2)
        // Every overlay kind's area is found by the layout stage.
        assertDiagnostic(.unknownId, at: at(31, 12)) { () throws(DiagnosticList) in
            try LayoutEngine.layout(spec, photoSizes: sizes)
        }
    }

    func testLayersGoBoxShadowStrokeFillEmoji() throws {
        var overlay = OverlaySpec.text("Hi 😀", font: FontSpec(family: ["DejaVu Sans"], size: 40),
                                  color: .white, location: at(30, 5))
        let red = RGBA(red: 255, green: 0, blue: 0)
        let gray = RGBA(red: 128, green: 128, blue: 128, alpha: 200)
        overlay.textStyle.background = TextBackground(color: gray, padding: .pixels(8), cornerRadius: .pixels(6))
        overlay.textStyle.shadow = TextShadow(offsetX: 2, offsetY: 2, blur: 4, color: .black)
        overlay.textStyle.stroke = TextStroke(width: .pixels(3), color: red)
        let spec = makeSpec(photos: 1, width: 300, height: 200, overlays: [overlay])
        let sizes = [Size(width: 300, height: 200)]
        let layout = try LayoutEngine.layout(spec, photoSizes: sizes)
        let scene = try SceneBuilder.build(spec, layout: layout, photoSizes: sizes).scene
        XCTAssertEqual(scene.items.count, 6)
        let colors: [Color?] = scene.items.map { if case let .mask(m) = $0 { m.color } else { nil } }
        XCTAssertEqual(colors, [nil, Color(gray), .black, Color(red), .white, nil])
        guard case .image = scene.items[0], case .tile = scene.items[5] else {
            return XCTFail("expected the photo first and the emoji tile last: \(scene.items)")
        }
    }
}
