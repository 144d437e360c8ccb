import CollageCodecs
import CollageRaster
import Foundation
import XCTest
import CollageTestSupport

/// Issue 44's streaming: a PDF's pages are written as they finish, so a
/// 100-page book holds one page's pictures at a time. Measured through the
/// `collage` binary's peak RSS (`ChildRun`, wait4's ru_maxrss).
final class PDFStreamingTests: XCTestCase {
    /// A 100-page book, each page a 1000 x 1000 noise JPEG (about 1.2 MB,
    /// placed whole at 250 ppi: copied byte for byte) and the next page's
    /// photo cropped small (resampled, re-encoded) with a caption: a file
    /// of over 110 MB written within a peak RSS of 80 MiB (36 MiB measured
    /// on 2026-12-04), where a writer that held every page's images (or the
    /// file) until the end would need more than the file's size. With
    /// `--max-memory 64M` the run succeeds within those 64 MiB (a PDF holds
    /// no canvas: one page's pictures are its working set).
    func testHundredPageBookHoldsOnePageAtATime() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pdf-stream-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("book"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Noise (a fixed LCG): JPEG cannot compress it much.
        var state: UInt32 = 12345
        var pixels = [UInt8](repeating: 255, count: 1000 * 1000 * 4)
        for i in 0 ..< 1000 * 1000 {
            for k in 0 ..< 3 {
                state = state &* 1_664_525 &+ 1_013_904_223
                pixels[i * 4 + k] = UInt8(truncatingIfNeeded: state >> 24)
            }
        }
        let jpeg = Data(try ImageEncoder.encode(Pixmap(width: 1000, height: 1000, pixels: pixels), as: .jpeg,
                                                options: EncodeOptions(quality: 95)))
        XCTAssertGreaterThan(jpeg.count, 1_000_000)
        let pages = (0 ..< 100).map { i -> String in
            try? jpeg.write(to: folder.appendingPathComponent(String(format: "book/p%03d.jpg", i)))
            return String(format: "  - photos: [{src: book/p%03d.jpg, frame: {x: 0, y: 0, width: 600, height: 600}, fit: contain}, "
                          + "{src: book/p%03d.jpg, frame: {x: 420, y: 420, width: 150, height: 150}}]\n"
                          + "    overlays: [{text: \"Page %d\", anchor: bottom, offset: [0, -10], "
                          + "font: {family: \"DejaVu Sans\", size: 20}, color: \"#ff0000\"}]", i, (i + 1) % 100, i + 1)
        }
        let document = folder.appendingPathComponent("book.yaml")
        try ("version: 1\ncanvas: {width: 4in, height: 4in, dpi: 150, background: \"#ffffff\"}\nlayout: {kind: free}\npages:\n"
             + pages.joined(separator: "\n") + "\n").write(to: document, atomically: true, encoding: .utf8)
        let pdf = folder.appendingPathComponent("book.pdf").path
        for (extra, bound) in [([String](), 80 << 20), (["--max-memory", "64M"], 64 << 20)] {
            let run = try ChildRun.collage(["render", document.path, "-o", pdf] + extra, timeout: 120)
            print("PEAKRSS PDF 100-page book \(extra): status \(run.status.map(String.init) ?? "signal") peak \(run.peakRSS >> 20) MiB")
            XCTAssertEqual(run.status, 0, run.stderr)
            let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: pdf)[.size] as? Int)
            XCTAssertGreaterThan(size, 110_000_000, "100 JPEGs of 1.2 MB copied whole")
            XCTAssertLessThan(run.peakRSS, bound, "peak RSS \(run.peakRSS >> 20) MiB \(extra)")
            XCTAssertLessThan(run.peakRSS, size / 2, "far less than the file")
        }
        let boxes = try PDFTools.pageBoxes(pdf)
        XCTAssertEqual(boxes.count, 100)
        let images = try PDFTools.images(pdf)
        XCTAssertEqual(images.count, 200)
        XCTAssertEqual(images.filter { $0.width == 1000 && $0.encoding == "jpeg" }.count, 100, "copied whole")
        XCTAssertEqual(images.filter { $0.width == 150 && $0.height == 150 }.count, 100, "resampled at 150 ppi")
    }
}
