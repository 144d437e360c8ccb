import CollageCodecs
import CollageRaster
import Foundation
import XCTest
import CollageTestSupport

/// `collage render -o out.avif` end to end (issue 35): `heif-convert`
/// (libheif-examples) decodes the file to the canvas size, within 35 dB of
/// the PNG render; the bytes are the same on every run and for `--threads`
/// 1 and 4; a transparent canvas keeps its alpha. Canvases stay at or below
/// 512 x 512 (libaom is slow).
final class AVIFOutputTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = try TestPackage.temporaryDirectory(self)
        try SyntheticPhotos.writeAll(into: directory)
    }

    private func document(background: String) throws -> String {
        let text = """
            version: 1
            layout: {kind: free}
            canvas: {width: 384, height: 256, background: "\(background)"}
            photos:
              - {src: photos/gradient.jpg, frame: {x: 0, y: 0, width: 200, height: 150}}
              - {src: photos/quadrants.png, frame: {x: 180, y: 90, width: 200, height: 150}, rotation: 8}
              - {src: photos/logo.png, frame: {x: 20, y: 160, width: 140, height: 80}}
            """
        let path = directory.appendingPathComponent("doc-\(background.dropFirst()).yaml")
        try Data(text.utf8).write(to: path)
        return path.lastPathComponent
    }

    private func render(_ document: String, _ output: String, _ extra: [String] = []) throws -> [UInt8] {
        let result = try Pipeline.run(TestPackage.binary.path, ["render", document, "-o", output] + extra, in: directory)
        XCTAssertEqual(result.status, 0, result.output)
        return [UInt8](try Data(contentsOf: directory.appendingPathComponent(output)))
    }

    /// The AVIF decoded by heif-convert (to a PNG), read back.
    private func heifConvert(_ avif: String) throws -> Pixmap {
        let tool = try TestPackage.requireTool("heif-convert", package: "libheif-examples")
        let png = avif + ".decoded.png"
        let result = try Pipeline.run(tool, [avif, png], in: directory)
        XCTAssertEqual(result.status, 0, result.output)
        return try ImageDecoder.decode(path: directory.appendingPathComponent(png).path)
    }

    func testAVIFDecodesToTheCanvasWithin35dBOfThePNGRender() throws {
        let doc = try document(background: "#20304a")
        let png = try ImageDecoder.decode(bytes: render(doc, "out.png")).pixmap
        let avif = try render(doc, "out.avif")
        let decoded = try heifConvert("out.avif")
        XCTAssertEqual(decoded.size, Size(width: 384, height: 256))
        let psnr = PixelMetrics.psnr(decoded, png)
        XCTAssertGreaterThanOrEqual(psnr, 35, "PSNR \(psnr) dB")
        XCTAssertTrue(decoded.isOpaque)
        // The same bytes on another run and on any thread count.
        XCTAssertEqual(try render(doc, "again.avif"), avif)
        XCTAssertEqual(try render(doc, "one.avif", ["--threads", "1"]), avif)
        XCTAssertEqual(try render(doc, "four.avif", ["--threads", "4"]), avif)
    }

    func testATransparentCanvasKeepsItsAlpha() throws {
        let doc = try document(background: "#00000000")
        let png = try ImageDecoder.decode(bytes: render(doc, "alpha.png")).pixmap
        _ = try render(doc, "alpha.avif")
        let decoded = try heifConvert("alpha.avif")
        XCTAssertFalse(decoded.isOpaque)
        XCTAssertEqual(decoded[379, 4].alpha, 0, "the background outside every photo")
        XCTAssertEqual(decoded[100, 75].alpha, 255, "inside the opaque JPEG photo")
        let psnr = PixelMetrics.psnr(decoded, png, channels: .premultipliedRGBA)
        XCTAssertGreaterThanOrEqual(psnr, 35, "PSNR \(psnr) dB")
    }

    func testSpeedAndChromaFlagsAndKeysReachTheSaver() throws {
        let doc = try document(background: "#20304a")
        let plain = try render(doc, "plain.avif")
        let flagged = try render(doc, "flagged.avif", ["--chroma", "420", "--speed", "8"])
        XCTAssertNotEqual(flagged, plain)
        let keyed = directory.appendingPathComponent("keyed.yaml")
        let text = try String(contentsOf: directory.appendingPathComponent(doc), encoding: .utf8)
            + "\noutput: {chroma: \"420\", speed: 8}\n"
        try Data(text.utf8).write(to: keyed)
        XCTAssertEqual(try render("keyed.yaml", "keyed.avif"), flagged)
        let bad = try Pipeline.run(TestPackage.binary.path, ["render", doc, "-o", "x.avif", "--speed", "10"], in: directory)
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(bad.output.contains("error: --speed must be a whole number from 0 to 9, not '10'"), bad.output)
    }
}
