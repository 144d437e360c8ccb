import CollageLayout
import CollageRaster
import CollageSpec
import Foundation
import XCTest
@testable import Collage
import CollageTestSupport

/// Layout in two phases, one scene (issue 33): the kinds that need no
/// fonts are laid out first with a reserved slot for each overlay that
/// does (`SceneBuilder.reserve`), which the font stage fills
/// (`SceneBuilder.fill`) while the photos decode; text below the photos,
/// mixed with shapes and image overlays, renders with the bytes of the
/// scene built in one pass.
final class TwoPhaseLayoutTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = try TestPackage.temporaryDirectory(self)
        try SyntheticPhotos.writeAll(into: directory)
    }

    /// Text under the photos, a shape, text over it, then an image overlay
    /// over that text (overlays in that order).
    private func writeDocument() throws -> String {
        let text = """
            version: 1
            canvas: {width: 360, height: 250, background: "#f0e8d8"}
            photos: [photos/quadrants.png, photos/gradient.jpg, photos/stripes.png]
            layout: {kind: auto, gap: 40, padding: 30}
            overlays:
              - text: "UNDER"
                layer: below
                font: {family: "DejaVu Sans", size: 90}
                color: "#c02020"
                anchor: center
              - shape: rect
                anchor: topLeft
                offset: [20, 20]
                width: 120
                height: 60
                fill: "#2050c080"
              - text: "Over"
                font: {family: "DejaVu Sans", size: 40}
                color: "#ffffff"
                stroke: {width: 2, color: "#000000"}
                anchor: topLeft
              - image: photos/logo.png
                width: 60
                anchor: topLeft
            """
        let path = directory.appendingPathComponent("mixed.yaml").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The reserved scene holds every image draw and a slot where each text
    /// goes: the first before the photos, the second between the shape's
    /// mask and the logo's draw; filled, the text's glyph masks are there.
    func testTheTextIsFilledIntoItsZOrderSlots() throws {
        let spec = try DocumentLoader.load(path: try writeDocument())
        let laidOut = try CollageRenderer.LaidOut(spec)
        let reserved = laidOut.reserved
        let scene = reserved.scene
        func isImage(_ item: SceneItem) -> Bool { if case .image = item { true } else { false } }
        XCTAssertEqual(scene.items.map(isImage), [true, true, true, false, true], "three photos, the shape, the logo")
        XCTAssertEqual(scene.slots, [SceneSlot(item: 0, node: 0), SceneSlot(item: 4, node: 4)])
        XCTAssertFalse(scene.slotsFollowImages)
        let (prepared, slotItems) = try laidOut.filled(reserved)
        XCTAssertEqual(slotItems.count, 2)
        XCTAssertGreaterThan(slotItems[0].count, 0)
        XCTAssertGreaterThan(slotItems[1].count, 0)
        let whole = prepared.scene
        XCTAssertTrue(whole.slots.isEmpty)
        XCTAssertEqual(whole.items.count, 5 + slotItems[0].count + slotItems[1].count)
        XCTAssertEqual(whole.nodes.count, scene.nodes.count + 2, "one node per slot")
        // UNDER's items first, then the photos and the shape, then Over's, then the logo.
        let under = 0 ..< slotItems[0].count
        let over = (under.upperBound + 4) ..< (under.upperBound + 4 + slotItems[1].count)
        XCTAssertTrue(whole.items[under].allSatisfy { !isImage($0) })
        XCTAssertEqual(whole.items[under.upperBound ..< under.upperBound + 4].map(isImage), [true, true, true, false])
        XCTAssertTrue(whole.items[over].allSatisfy { !isImage($0) })
        XCTAssertEqual(over.upperBound, whole.items.count - 1)
        XCTAssertTrue(isImage(whole.items[whole.items.count - 1]))
        XCTAssertEqual(prepared.textBlocks.map(\.overlay), [0, 2])
        // The one-pass build gives the same scene.
        let built = try SceneBuilder.build(spec, layout: laidOut.layout)
        XCTAssertEqual(built.scene.items.count, whole.items.count)
        XCTAssertEqual(built.textBlocks.map(\.overlay), [0, 2])
    }

    /// Rendered with the font stage on its own thread (slots filled while
    /// the render runs) or from the prepared document (no slots): the same
    /// bytes, for every thread count, streamed (JPEG, PNG) or whole (WebP).
    func testTextBelowPhotosWithShapesAndImagesGivesTheOnePassBytes() throws {
        let document = try writeDocument()
        let spec = try DocumentLoader.load(path: document)
        let plain = try CollageRenderer.prepare(spec: spec)
        XCTAssertEqual(plain.textBlocks.count, 2)
        var first: [UInt8]?
        for format in ["png", "jpg", "webp"] {
            for threads in [1, 2, 4] {
                let options = RenderOptions(outputPath: directory.appendingPathComponent("out.\(format)").path, threads: threads)
                let expected = try CollageRenderer.encode(plain, inputs: [document], options: options)
                let (prepared, encoded) = try CollageRenderer.prepareAndEncode(spec: spec, inputs: [document], options: options)
                XCTAssertEqual(encoded.bytes, expected.bytes, "\(format), threads \(threads)")
                XCTAssertEqual(prepared.scene.items.count, plain.scene.items.count)
                XCTAssertEqual(encoded.warnings.map(\.message), expected.warnings.map(\.message))
                if format == "png" {
                    if let first { XCTAssertEqual(encoded.bytes, first, "threads \(threads)") } else { first = encoded.bytes }
                }
            }
        }
    }
}
