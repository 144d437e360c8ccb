import CollageCodecs
import CollageRaster
import CollageSpec
import Foundation
import XCTest
@testable import Collage
import CollageTestSupport

/// `CollageRenderer.prepareAndEncode`: the photos decode while the text
/// overlays are set, with the plain way's bytes, prepared document and
/// errors.
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
        let document = try writeDocument()
        let spec = try DocumentLoader.load(path: document)
        let plain = try CollageRenderer.prepare(spec: spec)
        XCTAssertEqual(plain.textBlocks.count, 2)
        for format in ["jpg", "png"] {
            for threads in [1, 2, 4] {
                let options = RenderOptions(outputPath: directory.appendingPathComponent("out.\(format)").path, threads: threads)
                let expected = try CollageRenderer.encode(plain, inputs: [document], options: options)
                let (prepared, encoded) = try CollageRenderer.prepareAndEncode(spec: spec, inputs: [document], options: options)
                XCTAssertEqual(encoded.bytes, expected.bytes, "\(format), threads \(threads)")
                XCTAssertEqual(prepared.scene.items.count, plain.scene.items.count)
                XCTAssertEqual(prepared.textBlocks.map(\.fontFile), plain.textBlocks.map(\.fontFile))
                XCTAssertEqual(prepared.layout.photos.map(\.destination), plain.layout.photos.map(\.destination))
                XCTAssertEqual(encoded.warnings.map(\.message), expected.warnings.map(\.message))
            }
        }
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
}
