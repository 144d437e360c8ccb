import Collage
import CollageCodecs
import CollageRaster
import Foundation
import XCTest
import CollageTestSupport

/// The render pipeline's output options and warnings, through the binary,
/// with corpus photos (JPEG, HEIC, WebP with alpha, PNG).
final class OutputOptionsTests: XCTestCase {
    private func document(_ scratch: URL, _ body: String, name: String = "doc.yaml") throws -> URL {
        let url = scratch.appendingPathComponent(name)
        try Data(body.utf8).write(to: url)
        return url
    }

    private func photos(_ root: URL) -> String {
        ["pillow-heif/pug.heic", "pillow/transparent.webp", "exif-orientation-examples/Landscape_6.jpg", "pillow/pil123rgba.png"]
            .map { "  - " + root.appendingPathComponent($0).path }.joined(separator: "\n")
    }

    func testEveryOutputFormatIsDeterministicAcrossRunsAndThreadCounts() throws {
        let root = try TestPackage.requireCorpus()
        let scratch = try TestPackage.temporaryDirectory(self)
        let doc = try document(scratch, "version: 1\ncanvas: {width: 480, height: 360}\nphotos:\n\(photos(root))\nlayout: {kind: auto, gap: 4}\n")
        for (ext, extra) in [("png", []), ("jpg", []), ("jpg", ["--progressive", "--subsampling", "444"]),
                             ("webp", []), ("webp", ["--lossless"])] {
            var outputs: [[UInt8]] = []
            for (run, threads) in [1, 4].enumerated() {
                let out = scratch.appendingPathComponent("out-\(run).\(ext)")
                let result = try ChildRun.collage(["render", doc.path, "-o", out.path, "--threads", "\(threads)"] + extra)
                XCTAssertEqual(result.status, 0, result.stderr)
                outputs.append([UInt8](try Data(contentsOf: out)))
            }
            XCTAssertEqual(outputs[0], outputs[1], "\(ext) \(extra): two renders, 1 and 4 threads")
            let decoded = try ImageDecoder.decode(path: scratch.appendingPathComponent("out-0.\(ext)").path)
            XCTAssertEqual(decoded.size, Size(width: 480, height: 360))
        }
    }

    func testWebPLosslessOutputEqualsThePNGOutput() throws {
        let root = try TestPackage.requireCorpus()
        let scratch = try TestPackage.temporaryDirectory(self)
        let doc = try document(scratch, "version: 1\ncanvas: {width: 300, height: 200, background: \"#00000000\"}\nphotos:\n\(photos(root))\noutput: {lossless: true}\n")
        for ext in ["png", "webp"] {
            let run = try ChildRun.collage(["render", doc.path, "-o", scratch.appendingPathComponent("out.\(ext)").path])
            XCTAssertEqual(run.status, 0, run.stderr)
        }
        let png = try ImageDecoder.decode(path: scratch.appendingPathComponent("out.png").path)
        let webp = try ImageDecoder.decode(path: scratch.appendingPathComponent("out.webp").path)
        XCTAssertFalse(png.isOpaque, "the transparent WebP photo keeps its alpha on a transparent canvas")
        XCTAssertEqual(webp, png)
    }

    func testJPEGOptionsFromTheDocumentAndFlags() throws {
        let root = try TestPackage.requireCorpus()
        let scratch = try TestPackage.temporaryDirectory(self)
        let photo = root.appendingPathComponent("exif-orientation-examples/Landscape_1.jpg").path
        let doc = try document(scratch, "version: 1\ncanvas: {width: 64, height: 48}\nphotos: [\(photo)]\noutput: {subsampling: \"444\", progressive: true, dpi: 300}\n")
        let out = scratch.appendingPathComponent("o.jpg")
        XCTAssertEqual(try ChildRun.collage(["render", doc.path, "-o", out.path]).status, 0)
        var bytes = [UInt8](try Data(contentsOf: out))
        XCTAssertEqual(Array(bytes[13 ..< 18]), [1, 0x01, 0x2C, 0x01, 0x2C], "JFIF density: dots per inch, 300 x 300")
        XCTAssertTrue(Self.markers(bytes).contains(0xC2), "SOF2: progressive")
        XCTAssertEqual(Self.lumaSampling(bytes), 0x11, "4:4:4")
        // Flags win over the document.
        XCTAssertEqual(try ChildRun.collage(["render", doc.path, "-o", out.path, "--subsampling", "420", "--dpi", "72"]).status, 0)
        bytes = [UInt8](try Data(contentsOf: out))
        XCTAssertEqual(Self.lumaSampling(bytes), 0x22, "4:2:0")
        XCTAssertEqual(Array(bytes[13 ..< 18]), [1, 0, 72, 0, 72])
        // PNG gets pHYs: 300 dpi = 11811 pixels per metre.
        let png = scratch.appendingPathComponent("o.png")
        XCTAssertEqual(try ChildRun.collage(["render", doc.path, "-o", png.path]).status, 0)
        let pngBytes = [UInt8](try Data(contentsOf: png))
        let phys = try XCTUnwrap(Self.find(Array("pHYs".utf8), in: pngBytes))
        XCTAssertEqual(Array(pngBytes[phys + 4 ..< phys + 13]), [0, 0, 0x2E, 0x23, 0, 0, 0x2E, 0x23, 1])
    }

    func testTransparentCanvasAsJPEGIsFlattenedWithAWarning() throws {
        let root = try TestPackage.requireCorpus()
        let scratch = try TestPackage.temporaryDirectory(self)
        let webp = root.appendingPathComponent("pillow/transparent.webp").path
        let doc = try document(scratch, "version: 1\ncanvas:\n  width: 200\n  height: 150\n  background: \"#00000000\"\nphotos: [\(webp)]\n")
        let out = scratch.appendingPathComponent("flat.jpg")
        let run = try ChildRun.collage(["render", doc.path, "-o", out.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("doc.yaml:2:1: warning: the canvas background is transparent and JPEG has no alpha: flattened onto white"),
                      run.stderr)
        let image = try ImageDecoder.decode(path: out.path)
        XCTAssertEqual(image[0, 0], Color(red: 255, green: 255, blue: 255), "transparent corner flattened onto white")
    }

    func testDecoderWarningsAreOneLinePerPhotoAtItsSource() throws {
        let root = try TestPackage.requireCorpus()
        let scratch = try TestPackage.temporaryDirectory(self)
        let junk = root.appendingPathComponent("pillow/junk_jpeg_header.jpg").path
        let clean = root.appendingPathComponent("pillow/pil_sample_rgb.jpg").path
        let doc = try document(scratch, "version: 1\ncanvas: {width: 200, height: 100}\nphotos:\n  - \(clean)\n  - \(junk)\n")
        let run = try ChildRun.collage(["render", doc.path, "-o", scratch.appendingPathComponent("w.png").path])
        XCTAssertEqual(run.status, 0, run.stderr)
        let warnings = run.stderr.split(separator: "\n").filter { $0.contains(": warning: ") }
        XCTAssertEqual(warnings, ["\(doc.path):5:5: warning: photo '\(junk)': Corrupt JPEG data: 5 extraneous bytes before marker 0xdb"])
    }

    func testMaxPixelsBudget() throws {
        let root = try TestPackage.requireCorpus()
        let scratch = try TestPackage.temporaryDirectory(self)
        let heic = root.appendingPathComponent("pillow-heif/pug.heic").path
        let doc = try document(scratch, "version: 1\ncanvas: {width: 100, height: 75}\nphotos: [\(heic)]\n")
        let out = scratch.appendingPathComponent("budget.png")
        let refused = try ChildRun.collage(["render", doc.path, "-o", out.path, "--max-pixels", "12000000"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("4032x3024 (12.2 megapixels), over the limit of 12 megapixels"), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
        XCTAssertEqual(try ChildRun.collage(["render", doc.path, "-o", out.path, "--max-pixels", "13000000"]).status, 0)
        XCTAssertEqual(try ChildRun.collage(["render", doc.path, "-o", out.path, "--max-pixels", "lots"]).status, 64)
        // batch, grid (and watch) take the same flag (CommonRenderFlags), with the same message.
        let rows = scratch.appendingPathComponent("rows.csv")
        try Data("n\n1\n".utf8).write(to: rows)
        for command in [["batch", doc.path, "--data", rows.path, "-o", scratch.appendingPathComponent("b-${row}.png").path],
                        ["grid", heic, "--cell", "100x75", "-o", scratch.appendingPathComponent("grid.png").path]] {
            let over = try ChildRun.collage(command + ["--max-pixels", "12000000"])
            XCTAssertEqual(over.status, 1, "\(command[0]): \(over.stderr)")
            XCTAssertTrue(over.stderr.contains("4032x3024 (12.2 megapixels), over the limit of 12 megapixels"), over.stderr)
            XCTAssertEqual(try ChildRun.collage(command + ["--max-pixels", "13000000"]).status, 0, command[0])
            XCTAssertEqual(try ChildRun.collage(command + ["--max-pixels", "0"]).status, 64, command[0])
        }
    }

    static func markers(_ jpeg: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [], i = 2
        while i + 4 <= jpeg.count, jpeg[i] == 0xFF {
            let marker = jpeg[i + 1]
            out.append(marker)
            if marker == 0xDA { break }
            i += 2 + (Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3]))
        }
        return out
    }

    /// The first component's sampling factors byte in SOF0/SOF2.
    static func lumaSampling(_ jpeg: [UInt8]) -> UInt8? {
        var i = 2
        while i + 4 <= jpeg.count, jpeg[i] == 0xFF {
            let marker = jpeg[i + 1]
            if marker == 0xC0 || marker == 0xC2 { return jpeg[i + 11] }
            i += 2 + (Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3]))
        }
        return nil
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for i in 0 ... haystack.count - needle.count where Array(haystack[i ..< i + needle.count]) == needle { return i }
        return nil
    }
}
