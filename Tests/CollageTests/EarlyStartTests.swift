import CollageCodecs
import CollageRaster
import CollageSpec
import Foundation
import XCTest
@testable import Collage

/// `CollageRenderer.prepareAndEncode`: the photos decode while the text
/// overlays are set, with the plain way's bytes, prepared document and
/// errors.
final class EarlyStartTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = try TestPaths.temporaryDirectory(self)
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
}
