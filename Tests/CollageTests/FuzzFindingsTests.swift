import CollageCodecs
import CollageRaster
import Foundation
import XCTest
import CollageTestSupport

/// Regression tests for what the fuzz targets found (README "Fuzzing"):
/// each input through `check`, `layout` and `render` of the real binary.
/// Every run must exit 0, or 1 with a located message, never by a signal.
final class FuzzFindingsTests: XCTestCase {
    private func document(offset: String) -> String {
        """
        version: 1
        canvas: {width: 200, height: 100}
        photos: [photos/quadrants.png]
        overlays:
          - image: photos/logo.png
            offset: \(offset)

        """
    }

    /// Target document: an image overlay's `offset` of 1e19 trapped (SIGILL,
    /// exit 132) converting the box edge to Int in `FreeLayout.rounded`. It
    /// now has the text overlays' range (±100000 pixels, ±1000%), checked
    /// by the validator at the number.
    func testHugeImageOverlayOffsetIsALocatedError() throws {
        let directory = try TestPackage.temporaryDirectory(self)
        try SyntheticPhotos.writeAll(into: directory)
        let pixels = "must be at least -100000 and at most ", percent = "must be at least -1000 and at most 1000%"
        for (offset, column, text, range) in [("[1e19, 0]", 14, "1e19", pixels), ("[0, -1e300]", 17, "-1e300", pixels),
                                              ("[0, \"1e19%\"]", 17, "1e19%", percent)] {
            try Data(document(offset: offset).utf8).write(to: directory.appendingPathComponent("doc.yaml"))
            for command in [["check", "doc.yaml"], ["layout", "doc.yaml"], ["render", "doc.yaml", "-o", "out.png"]] {
                let result = try runCollage(command, in: directory)
                XCTAssertEqual(result.status, 1, "\(command) \(offset): \(result.stderr)")
                XCTAssertTrue(result.stderr.hasPrefix("doc.yaml:6:\(column): error: 'offset' \(range)"),
                              "\(command) \(offset): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains("found \(text)"), result.stderr)
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.png").path))
        }
    }

    /// The bounds themselves render: the logo lands off the canvas, which
    /// keeps the background.
    func testImageOverlayOffsetAtTheBoundRenders() throws {
        let directory = try TestPackage.temporaryDirectory(self)
        try SyntheticPhotos.writeAll(into: directory)
        for offset in ["[100000, -100000]", "[\"1000%\", \"-1000%\"]"] {
            try Data(document(offset: offset).utf8).write(to: directory.appendingPathComponent("doc.yaml"))
            let layout = try runCollage(["layout", "doc.yaml"], in: directory)
            XCTAssertEqual(layout.status, 0, "\(offset): \(layout.stderr)")
            let render = try runCollage(["render", "doc.yaml", "-o", "out.png"], in: directory)
            XCTAssertEqual(render.status, 0, "\(offset): \(render.stderr)")
        }
        // 100000 right of centre: x = 100 - 80 + 100000 (the 160x80 logo).
        try Data(document(offset: "[100000, 0]").utf8).write(to: directory.appendingPathComponent("doc.yaml"))
        let layout = try runCollage(["layout", "doc.yaml"], in: directory)
        XCTAssertTrue(String(decoding: layout.stdout, as: UTF8.self).contains("overlay 0 image photos/logo.png  box 100020,10 160x80"),
                      String(decoding: layout.stdout, as: UTF8.self))
    }

    /// Target document: a 120 px caption with `shadow.blur: 256` (sigma 128)
    /// took over 10 s in `prepare` (libFuzzer timeout): the blur was a
    /// direct 769-tap convolution over the whole padded mask. It is now
    /// three running-sum boxes per axis (GaussianBlur) computed only where
    /// the shadow lands on the canvas, and the shadow is still drawn.
    func testWideTextShadowBlurIsDrawnAndBounded() throws {
        let directory = try TestPackage.temporaryDirectory(self)
        try SyntheticPhotos.writeAll(into: directory)
        let document = """
            version: 1
            canvas: {width: 1200, height: 800, background: "#ffffff"}
            layout: {kind: free}
            photos:
              - {src: photos/quadrants.png, frame: {x: 1190, y: 790, width: 10, height: 10}}
            overlays:
              - text: "Sunset 2018"
                font: {size: 120}
                color: "#ffffff"
                shadow: {offset: [0, 6], blur: 256, color: "#000000"}
                anchor: center

            """
        let image = try renderedEverywhere(document, in: directory)
        // A white canvas (the photo is a 10 px corner), a wide soft shadow around the centre,
        // fading out towards the corners.
        let centre = image[600, 400 + 90], corner = image[5, 5]
        XCTAssertLessThan(Int(centre.red), 250, "the shadow darkens the canvas near the text")
        XCTAssertGreaterThan(Int(corner.red), Int(centre.red))
    }

    /// Target document: a colour emoji at `size: "1000%"` of its cell (about
    /// 9000 px) asked for a 1.8 GB tile (libFuzzer out-of-memory); the strike
    /// is now scaled only inside the canvas. A caption whose shadow offset is
    /// larger than the canvas is set twice, for the canvas and for the
    /// shadow's source, not over the gap between them.
    func testHugeEmojiAndFarShadowStayWithinTheCanvas() throws {
        let directory = try TestPackage.temporaryDirectory(self)
        try SyntheticPhotos.writeAll(into: directory)
        let document = """
            version: 1
            canvas: {width: 600, height: 300, background: "#ffffff"}
            layout: {kind: free}
            photos:
              - {src: photos/quadrants.png, frame: {x: 590, y: 290, width: 10, height: 10}}
            overlays:
              - {text: "Wine \u{1F377}", font: {size: "1000%"}, anchor: topLeft, offset: [-2000, -3000]}
              - text: "HH"
                font: {family: "DejaVu Sans", size: 100, weight: bold}
                color: "#ffffff"
                anchor: left
                offset: [-30000, 0]
                shadow: {offset: [30040, 0], color: "#000000"}

            """
        let image = try renderedEverywhere(document, in: directory)
        // "HH" itself is 30000 px off the canvas; its unblurred black shadow lands 40 px in from the left.
        let dark = (40..<200).filter { image[$0, 150].red < 64 }.count
        XCTAssertGreaterThan(dark, 20, "the shadow's stems cross the middle row")
        XCTAssertEqual(image[20, 150].red, 255)
    }

    /// `document` as doc.yaml in `directory` through `check`, `layout` and
    /// `render` (each must exit 0); the rendered image.
    private func renderedEverywhere(_ document: String, in directory: URL) throws -> Pixmap {
        try Data(document.utf8).write(to: directory.appendingPathComponent("doc.yaml"))
        for command in [["check", "doc.yaml"], ["layout", "doc.yaml"], ["render", "doc.yaml", "-o", "out.png"]] {
            let result = try runCollage(command, in: directory)
            XCTAssertEqual(result.status, 0, "\(command): \(result.stderr)")
        }
        return try ImageDecoder.decode(path: directory.appendingPathComponent("out.png").path)
    }
}
