import Collage
import CollageCodecs
import CollageRaster
import Foundation
import XCTest
import CollageTestSupport

/// 1:163 photos: the corpus file (also truncated) with and without
/// --lenient, and a synthetic 1:163 fixture that lays out without
/// zero-size cells or destinations.
final class ExtremeAspectTests: XCTestCase {
    static let tall = "metadata-extractor-images/its_194531363df5b73f59c4c0517422f917.jpg"

    private func write(_ pixmap: Pixmap, _ url: URL) throws {
        try Data(ImageEncoder.encode(pixmap, as: .png)).write(to: url)
    }

    func testCorpusFileFailsUnlessLenientThenRendersWithAWarning() throws {
        let root = try TestPackage.requireCorpus()
        let scratch = try TestPackage.temporaryDirectory(self)
        try write(Pixmap(width: 40, height: 30, color: Color(red: 0, green: 128, blue: 255)), scratch.appendingPathComponent("blue.png"))
        let tall = root.appendingPathComponent(Self.tall).path
        let document = scratch.appendingPathComponent("tall.yaml")
        try Data("""
            version: 1
            canvas: {width: 400, height: 300, background: "#ff00ff"}
            photos:
              - {src: \(tall), fit: contain}
              - blue.png
            """.utf8).write(to: document)
        let output = scratch.appendingPathComponent("tall.png")
        let strict = try ChildRun.collage(["render", document.path, "-o", output.path])
        XCTAssertEqual(strict.status, 1, strict.stderr)
        XCTAssertTrue(strict.stderr.contains("tall.yaml:4:11: error: cannot decode photo '\(tall)': truncated JPEG"), strict.stderr)
        XCTAssertTrue(strict.stderr.contains("--lenient"), strict.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.path))

        let lenient = try ChildRun.collage(["render", document.path, "-o", output.path, "--lenient"])
        XCTAssertEqual(lenient.status, 0, lenient.stderr)
        let warnings = lenient.stderr.split(separator: "\n").filter { $0.contains("warning:") }
        XCTAssertEqual(warnings.count, 1, lenient.stderr)
        XCTAssertTrue(warnings.first?.hasPrefix("\(document.path):4:11: warning: photo '\(tall)': ") ?? false,
                      lenient.stderr)
        XCTAssertTrue(lenient.stderr.contains("Premature end of JPEG file"), lenient.stderr)
        let canvas = try ImageDecoder.decode(path: output.path)
        XCTAssertEqual(canvas.size, Size(width: 400, height: 300))
        // The 193x31423 photo, contained in its 200x300 cell, is a 2x300 strip in the cell's middle.
        let prepared = try CollageRenderer.prepare(documentPath: document.path)
        XCTAssertEqual(prepared.layout.photos[0].destination, PixelRect(x: 99, y: 0, width: 2, height: 300))
        XCTAssertNotEqual(canvas[99, 150], Color(red: 255, green: 0, blue: 255), "the strip is drawn")
        XCTAssertEqual(canvas[90, 150], Color(red: 255, green: 0, blue: 255), "background beside it")
    }

    func testSyntheticOneTo163PhotosLayOutWithoutZeroSizeCells() throws {
        let scratch = try TestPackage.temporaryDirectory(self)
        let red = Color(red: 255, green: 0, blue: 0), green = Color(red: 0, green: 160, blue: 0)
        try write(Pixmap(width: 10, height: 1630, color: red), scratch.appendingPathComponent("tall.png"))
        try write(Pixmap(width: 1630, height: 10, color: green), scratch.appendingPathComponent("wide.png"))
        try write(Pixmap(width: 30, height: 20, color: Color(red: 0, green: 0, blue: 255)), scratch.appendingPathComponent("plain.png"))
        for fit in ["contain", "cover"] {
            let document = scratch.appendingPathComponent("aspect-\(fit).yaml")
            try Data("""
                version: 1
                canvas: {width: 301, height: 97, background: "#ffffff"}
                photos:
                  - {src: tall.png, fit: \(fit)}
                  - {src: wide.png, fit: \(fit)}
                  - {src: plain.png, fit: \(fit)}
                layout: {kind: auto, gap: 1}
                """.utf8).write(to: document)
            let prepared = try CollageRenderer.prepare(documentPath: document.path)
            for placement in prepared.layout.photos {
                XCTAssertGreaterThan(placement.cell.width, 0, "\(fit): \(placement)")
                XCTAssertGreaterThan(placement.cell.height, 0, "\(fit): \(placement)")
                XCTAssertGreaterThan(placement.destination.width, 0, "\(fit): \(placement)")
                XCTAssertGreaterThan(placement.destination.height, 0, "\(fit): \(placement)")
                XCTAssertGreaterThan(placement.crop.width, 0); XCTAssertGreaterThan(placement.crop.height, 0)
            }
            let output = scratch.appendingPathComponent("aspect-\(fit).png")
            let run = try ChildRun.collage(["render", document.path, "-o", output.path])
            XCTAssertEqual(run.status, 0, run.stderr)
            let canvas = try ImageDecoder.decode(path: output.path)
            // Each photo shows in its destination's centre.
            for (index, colour) in [(0, red), (1, green)] {
                let d = prepared.layout.photos.first { $0.photo == index }!.destination
                let c = canvas[d.x + d.width / 2, d.y + d.height / 2]
                XCTAssertEqual(Int(c.red), Int(colour.red), accuracy: 3, "\(fit) photo \(index): \(c)")
                XCTAssertEqual(Int(c.green), Int(colour.green), accuracy: 3, "\(fit) photo \(index): \(c)")
            }
        }
    }
}
