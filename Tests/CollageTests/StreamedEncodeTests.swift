import CollageCodecs
@testable import CollageRaster
import Foundation
import XCTest
@testable import Collage
import CollageTestSupport

/// JPEG and PNG output is encoded band by band while the canvas is rendered
/// (`CanvasEncoder`): the file must be byte for byte the whole-canvas
/// encode of the finished canvas, for any thread count, and an image that
/// fails late must still leave no output.
final class StreamedEncodeTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = try TestPackage.temporaryDirectory(self)
        try SyntheticPhotos.writeAll(into: directory)
    }

    /// Overlapping photos (held for in-order compositing), a photo with
    /// alpha (logo.png), a rotated photo, a caption whose stroke and fill
    /// masks span many bands, and a translucent image overlay; 301 rows.
    private func writeDocument(background: String = "#20304a", extraPhoto: String = "") throws -> String {
        let text = """
            version: 1
            canvas: {width: 420, height: 301, background: "\(background)"}
            photos:
              - {src: photos/quadrants.png, frame: {x: 0, y: 0, width: 260, height: 190}}
              - {src: photos/gradient.jpg, frame: {x: 150, y: 90, width: 250, height: 180}, opacity: 0.7}
              - {src: photos/logo.png, frame: {x: 40, y: 170, width: 200, height: 100}}
              - {src: photos/stripes.png, frame: {x: 300, y: 10, width: 100, height: 100}, rotation: 20}
            \(extraPhoto)
            layout: {kind: free}
            overlays:
              - text: "Bands"
                font: {family: "DejaVu Sans", size: 120}
                color: "#ffffffcc"
                stroke: {width: 4, color: "#000000"}
              - image: photos/logo.png
                anchor: bottomRight
                width: 120
                opacity: 0.5
            """
        let path = directory.appendingPathComponent("doc.yaml").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The whole-canvas way: render without handing rows over, then encode.
    private func wholeCanvas(_ document: String, as format: OutputFormat = .jpeg, flatten: Color = .white) throws -> [UInt8] {
        let prepared = try CollageRenderer.prepare(documentPath: document)
        let canvas = try SceneRenderer.render(prepared.scene, images: CodecImageProvider(prepared.layout), threads: 1)
        return try ImageEncoder.encode(canvas, as: format, options: EncodeOptions(quality: 90, flattenBackground: flatten))
    }

    func testStreamedJPEGEqualsTheWholeCanvasEncode() throws {
        let document = try writeDocument()
        let prepared = try CollageRenderer.prepare(documentPath: document)
        let plan = try RenderPlan(prepared.scene)
        XCTAssertTrue(plan.direct.contains(false), "the scene has items composited in order")
        for format in [OutputFormat.jpeg, .png] {
            let expected = try wholeCanvas(document, as: format)
            for threads in [1, 2, 4] {
                let output = directory.appendingPathComponent("out-\(threads).\(format.rawValue)")
                let report = try CollageRenderer.render(documentPath: document,
                                                        options: RenderOptions(outputPath: output.path, threads: threads))
                XCTAssertEqual([UInt8](try Data(contentsOf: output)), expected, "\(format), threads \(threads)")
                XCTAssertTrue(report.warnings.isEmpty, "\(report.warnings)")
            }
        }
    }

    /// PNG over a transparent background is streamed as RGBA; when photos
    /// cover the whole canvas it must come out RGB after all, as the
    /// whole-canvas encoder writes it.
    func testPNGColourTypeFollowsTheFinishedCanvas() throws {
        let partly = try writeDocument(background: "#00000000")
        let covered = directory.appendingPathComponent("covered.yaml").path
        try Data("""
            version: 1
            canvas: {width: 300, height: 200, background: "#00000000"}
            photos: [{src: photos/gradient.jpg, frame: {x: 0, y: 0, width: 300, height: 200}}]
            layout: {kind: free}
            """.utf8).write(to: URL(fileURLWithPath: covered))
        for (document, colourType) in [(partly, UInt8(6)), (covered, 2)] {
            let output = directory.appendingPathComponent("alpha.png")
            try CollageRenderer.render(documentPath: document, options: RenderOptions(outputPath: output.path, threads: 2))
            let bytes = [UInt8](try Data(contentsOf: output))
            XCTAssertEqual(bytes, try wholeCanvas(document, as: .png))
            XCTAssertEqual(bytes[25], colourType, "IHDR colour type")
        }
    }

    /// A transparent canvas: the rows are flattened onto white while they
    /// are encoded, and the flattening warning still comes (from the
    /// encoder's view of the alpha), with the same bytes.
    func testTransparentCanvasIsFlattenedAndWarnedAbout() throws {
        let document = try writeDocument(background: "#00000000")
        let output = directory.appendingPathComponent("clear.jpg")
        let report = try CollageRenderer.render(documentPath: document, options: RenderOptions(outputPath: output.path, threads: 2))
        XCTAssertEqual([UInt8](try Data(contentsOf: output)), try wholeCanvas(document))
        XCTAssertEqual(report.warnings.map(\.message),
                       ["the canvas background is transparent and JPEG has no alpha: flattened onto white"])
    }

    /// A photo that fails to decode after the rows above it were encoded:
    /// the render fails and neither creates nor replaces the output.
    func testALateFailingPhotoLeavesNoOutput() throws {
        let good = try Data(contentsOf: directory.appendingPathComponent("photos/gradient.jpg"))
        try good.prefix(good.count / 3).write(to: directory.appendingPathComponent("photos/cut.jpg"))
        // Smallest decode, so it is decoded last, and at the bottom.
        let document = try writeDocument(extraPhoto: "  - {src: photos/cut.jpg, frame: {x: 0, y: 285, width: 16, height: 16}}")
        for (threads, format) in [(1, "jpg"), (2, "jpg"), (2, "png")] {
            let fresh = directory.appendingPathComponent("fresh-\(threads).\(format)")
            XCTAssertThrowsError(try CollageRenderer.render(documentPath: document,
                                                            options: RenderOptions(outputPath: fresh.path, threads: threads))) { error in
                guard case .diagnostics(let list) = error as? CollageError else { return XCTFail("\(error)") }
                XCTAssertEqual(list.diagnostics.map(\.kind), [.unreadableImage])
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: fresh.path))
            let existing = directory.appendingPathComponent("existing-\(threads).\(format)")
            try Data("keep".utf8).write(to: existing)
            XCTAssertThrowsError(try CollageRenderer.render(documentPath: document,
                                                            options: RenderOptions(outputPath: existing.path, threads: threads)))
            XCTAssertEqual(try Data(contentsOf: existing), Data("keep".utf8))
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(".") }
            XCTAssertEqual(leftovers, [], "no temporary file left behind")
        }
    }

    /// With --lenient the cut photo renders with a decoder warning, known
    /// only after its rows were encoded: --strict must still stop before
    /// anything is written; without --strict the file is the whole-canvas one.
    func testStrictDecoderWarningStopsAfterStreamingBeforeWriting() throws {
        let good = try Data(contentsOf: directory.appendingPathComponent("photos/gradient.jpg"))
        try good.prefix(good.count / 3).write(to: directory.appendingPathComponent("photos/cut.jpg"))
        let document = try writeDocument(extraPhoto: "  - {src: photos/cut.jpg, frame: {x: 0, y: 285, width: 16, height: 16}}")
        for format in ["jpg", "png"] {
            let output = directory.appendingPathComponent("strict.\(format)")
            var options = RenderOptions(outputPath: output.path, threads: 2, lenient: true)
            options.strict = true
            XCTAssertThrowsError(try CollageRenderer.render(documentPath: document, options: options)) { error in
                guard case .diagnostics(let list) = error as? CollageError else { return XCTFail("\(error)") }
                XCTAssertEqual(list.diagnostics.map(\.severity), [.error])
                XCTAssertTrue(list.diagnostics[0].message.hasPrefix("photo 'photos/cut.jpg': "), list.diagnostics[0].message)
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: output.path))
            options.strict = false
            let report = try CollageRenderer.render(documentPath: document, options: options)
            XCTAssertEqual(report.warnings.map(\.severity), [.warning])
            let prepared = try CollageRenderer.prepare(documentPath: document)
            let canvas = try SceneRenderer.render(prepared.scene, images: CodecImageProvider(prepared.layout,
                                                  options: DecodeOptions(allowTruncated: true)), threads: 1)
            XCTAssertEqual([UInt8](try Data(contentsOf: output)),
                           try ImageEncoder.encode(canvas, as: format == "png" ? .png : .jpeg))
        }
    }
}
