import CollageCodecs
import CollageLayout
import CollageRaster
import CollageSpec
import Foundation
import XCTest
@testable import Collage
import CollageTestSupport

/// `CollageRenderer.prepareAndEncode`: the photos decode while the
/// overlays that need fonts are laid out into their reserved slots of the
/// same scene (issue 33: layout in two phases, one scene), with the plain
/// way's bytes, prepared document and errors, text below the photos and
/// mixed with shapes and image overlays too.
final class EarlyStartTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = try TestPackage.temporaryDirectory(self)
        try SyntheticPhotos.writeAll(into: directory)
    }

    /// Three photos, a caption on the canvas and one on a photo's cell.
    private func writeDocument(extraPhoto: String = "") throws -> String {
        let text = """
            version: 1
            canvas: {width: 360, height: 250, background: "#f0e8d8"}
            photos:
              - photos/quadrants.png
              - {src: photos/gradient.jpg, id: sky}
              - photos/stripes.png
            \(extraPhoto)
            layout: {kind: auto, gap: 6, padding: 6}
            overlays:
              - text: "Early"
                font: {family: "DejaVu Sans", size: 60}
                color: "#ffffff"
                stroke: {width: 3, color: "#000000"}
                anchor: bottom
              - text: "sky"
                photo: sky
                font: {family: "DejaVu Sans", size: 20}
                anchor: topLeft
            """
        let path = directory.appendingPathComponent("early.yaml").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testEarlyStartGivesThePlainBytesAndDocument() throws {
        let plain = try assertEarlyStartGivesThePlainBytes(try writeDocument(), formats: ["jpg", "png"])
        XCTAssertEqual(plain.textBlocks.count, 2)
    }

    /// Renders `document` with the font stage on its own thread (slots
    /// filled while the render runs) and from the prepared document (no
    /// slots): the same bytes, scene, fonts, layout and warnings for every
    /// thread count and format.
    /// - Returns: the prepared document.
    @discardableResult
    private func assertEarlyStartGivesThePlainBytes(_ document: String, formats: [String],
                                                    line: UInt = #line) throws -> CollageRenderer.Prepared {
        let spec = try DocumentLoader.load(path: document)
        let plain = try CollageRenderer.prepare(spec: spec)
        for format in formats {
            for threads in [1, 2, 4] {
                let options = RenderOptions(outputPath: directory.appendingPathComponent("out.\(format)").path, threads: threads)
                let expected = try CollageRenderer.encode(plain, inputs: [document], options: options)
                let (prepared, encoded) = try CollageRenderer.prepareAndEncode(spec: spec, inputs: [document], options: options)
                XCTAssertEqual(encoded.bytes, expected.bytes, "\(format), threads \(threads)", line: line)
                XCTAssertEqual(prepared.scene.items.count, plain.scene.items.count, line: line)
                XCTAssertEqual(prepared.textBlocks.map(\.fontFile), plain.textBlocks.map(\.fontFile), line: line)
                XCTAssertEqual(prepared.layout.photos.map(\.destination), plain.layout.photos.map(\.destination), line: line)
                XCTAssertEqual(encoded.warnings.map(\.message), expected.warnings.map(\.message), line: line)
            }
        }
        return plain
    }

    /// `check` sees the prepared document (fonts included); its error stops
    /// the render and is the one thrown.
    func testCheckSeesTheTextAndItsErrorWins() throws {
        let spec = try DocumentLoader.load(path: try writeDocument())
        final class Seen: @unchecked Sendable { var fonts: [String] = [] }
        let seen = Seen()
        let options = RenderOptions(outputPath: directory.appendingPathComponent("out.jpg").path, threads: 2)
        XCTAssertThrowsError(try CollageRenderer.prepareAndEncode(spec: spec, inputs: [], options: options) {
            prepared throws(CollageError) in
            seen.fonts = prepared.textBlocks.map(\.fontFile)
            throw .usage("refused by the check")
        }) { error in
            guard case .usage(let message) = error as? CollageError else { return XCTFail("\(error)") }
            XCTAssertEqual(message, "refused by the check")
        }
        XCTAssertEqual(seen.fonts.count, 2)
        XCTAssertTrue(seen.fonts.allSatisfy { $0.hasSuffix(".ttf") }, "\(seen.fonts)")
    }

    /// A photo that cannot be decoded is reported as such while the text is
    /// set beside it, and a usage error is not hidden by the early start.
    func testDecodeAndUsageErrorsAreThePlainWays() throws {
        let good = try Data(contentsOf: directory.appendingPathComponent("photos/gradient.jpg"))
        try good.prefix(good.count / 3).write(to: directory.appendingPathComponent("photos/cut.jpg"))
        let spec = try DocumentLoader.load(path: try writeDocument(extraPhoto: "  - photos/cut.jpg"))
        let output = directory.appendingPathComponent("cut.jpg").path
        XCTAssertThrowsError(try CollageRenderer.prepareAndEncode(spec: spec, inputs: [],
                                                                  options: RenderOptions(outputPath: output, threads: 2))) { error in
            guard case .diagnostics(let list) = error as? CollageError else { return XCTFail("\(error)") }
            XCTAssertEqual(list.diagnostics.map(\.kind), [.unreadableImage])
            XCTAssertTrue(list.diagnostics[0].message.hasPrefix("cannot decode photo 'photos/cut.jpg'"), list.diagnostics[0].message)
        }
        let photo = spec.photos[0].path
        XCTAssertThrowsError(try CollageRenderer.prepareAndEncode(spec: spec, inputs: [photo],
                                                                  options: RenderOptions(outputPath: photo, threads: 2))) { error in
            guard case .usage = error as? CollageError else { return XCTFail("\(error)") }
        }
    }

    /// `--strict` with a font warning and an output that is a photo: the
    /// output error (usage) comes first, as the plain way orders them.
    func testOutputErrorsComeBeforeStrictWarnings() throws {
        let text = """
            version: 1
            canvas: {width: 300, height: 200}
            photos: [photos/quadrants.png, photos/gradient.jpg]
            overlays:
              - text: "caption"
                font: {family: "No Such Font Family", size: 32}
            """
        let path = directory.appendingPathComponent("strict.yaml").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let spec = try DocumentLoader.load(path: path)
        let photo = spec.photos[1].path
        let before = try Data(contentsOf: URL(fileURLWithPath: photo))
        for (output, format) in [(photo, nil), (directory.appendingPathComponent("x.jpg").path, OutputFormat.png)] {
            var options = RenderOptions(outputPath: output, threads: 2)
            options.strict = true
            options.format = format
            XCTAssertThrowsError(try CollageRenderer.prepareAndEncode(spec: spec, inputs: [path, photo], options: options)) { error in
                guard case .usage = error as? CollageError else { return XCTFail("\(output): \(error)") }
            }
        }
        // Without the usage error, the strict warning is the error.
        var options = RenderOptions(outputPath: directory.appendingPathComponent("ok.jpg").path, threads: 2)
        options.strict = true
        XCTAssertThrowsError(try CollageRenderer.prepareAndEncode(spec: spec, inputs: [path], options: options)) { error in
            guard case .diagnostics(let list) = error as? CollageError else { return XCTFail("\(error)") }
            XCTAssertEqual(list.diagnostics.map(\.severity), [.error])
            XCTAssertEqual(list.diagnostics.map(\.kind), [.font])
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: photo)), before)
    }

    /// The output may not replace an image overlay or a font file the text
    /// is set in, whichever way the render goes (`collage render`, exit 64).
    func testOutputThatIsAnOverlayImageOrAFontIsRefused() throws {
        let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        let copy = directory.appendingPathComponent("face.ttf")
        try FileManager.default.copyItem(atPath: font, toPath: copy.path)
        try FileManager.default.copyItem(at: directory.appendingPathComponent("photos/logo.png"),
                                         to: directory.appendingPathComponent("logo.png"))
        try Data("""
            version: 1
            canvas: {width: 300, height: 200}
            photos: [photos/quadrants.png]
            overlays:
              - text: "face"
                font: {file: face.ttf, size: 30}
            """.utf8).write(to: directory.appendingPathComponent("font.yaml"))
        try Data("""
            version: 1
            canvas: {width: 300, height: 200}
            photos: [photos/quadrants.png]
            overlays:
              - image: logo.png
                width: 80
            """.utf8).write(to: directory.appendingPathComponent("overlay.yaml"))
        let fontBytes = try Data(contentsOf: copy)
        let logoBytes = try Data(contentsOf: directory.appendingPathComponent("logo.png"))
        for (arguments, name) in [(["render", "font.yaml", "-o", "face.ttf", "--format", "png"], "face.ttf"),
                                  (["render", "overlay.yaml", "-o", "logo.png"], "logo.png")] {
            let result = try runCollage(arguments, in: directory)
            XCTAssertEqual(result.status, 64, result.stderr)
            XCTAssertTrue(result.stderr.contains("is an input of this document"), result.stderr)
            XCTAssertTrue(result.stderr.contains(name), result.stderr)
        }
        XCTAssertEqual(try Data(contentsOf: copy), fontBytes)
        XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("logo.png")), logoBytes)
    }

    /// Text under the photos, a shape, text over it, then an image overlay
    /// over that text (overlays in that order).
    /// A component use holding an image overlay and a text (a logo and its
    /// label) waits for the fonts whole: its image cannot be planned late.
    /// It renders (it failed with `imageInSlot`), with and without the debug
    /// layout, and gives the one-pass bytes.
    func testAComponentWithAnImageAndATextRendersWhole() throws {
        let text = """
            version: 1
            canvas: {width: 360, height: 250, background: "#f0e8d8"}
            photos: [photos/quadrants.png, photos/gradient.jpg]
            layout: {kind: auto, gap: 20, padding: 20}
            components:
              tag:
                width: 300
                height: 80
                overlays:
                  - {image: photos/logo.png, width: 60, anchor: left}
                  - {text: "ACME", font: {family: "DejaVu Sans", size: 30}, color: "#101010", anchor: right}
            overlays:
              - {use: tag, anchor: bottom}
              - {text: "Over", font: {family: "DejaVu Sans", size: 24}, color: "#ffffff", anchor: top}
            """
        let path = directory.appendingPathComponent("component-image.yaml").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let spec = try DocumentLoader.load(path: path)
        let plain = try CollageRenderer.prepare(spec: spec)
        let reserved = SceneBuilder.reserve(plain.spec, layout: plain.layout)
        XCTAssertEqual(reserved.scene.slots.count, 2)
        XCTAssertTrue(reserved.slotsDrawImages)
        _ = try assertEarlyStartGivesThePlainBytes(path, formats: ["png", "jpg"])
        var options = RenderOptions(outputPath: directory.appendingPathComponent("debug.png").path, threads: 2)
        options.debugLayout = true
        let (_, encoded) = try CollageRenderer.prepareAndEncode(spec: spec, inputs: [path], options: options)
        XCTAssertFalse(encoded.bytes.isEmpty)
    }

    private func writeMixedDocument() throws -> String {
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
        let spec = try DocumentLoader.load(path: try writeMixedDocument())
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

    /// Text under the photos, mixed with a shape and an image overlay (two
    /// slots, one under the photos: the photos over it composited in order), rendered while
    /// the photos decode: the one-pass bytes, streamed (JPEG, PNG) or whole (WebP).
    func testTextBelowPhotosWithShapesAndImagesGivesTheOnePassBytes() throws {
        let plain = try assertEarlyStartGivesThePlainBytes(try writeMixedDocument(), formats: ["png", "jpg", "webp"])
        XCTAssertEqual(plain.textBlocks.map(\.overlay), [0, 2])
    }
}
