import CollageCodecs
import Foundation
import XCTest
import CollageTestSupport

/// The traps issue 13 found, through the binary: each document now ends in
/// exit 0, or exit 1 with a located error, in `check`, `layout` and `render`.
final class NumberTrapTests: XCTestCase {
    private func run(_ document: String) throws -> (directory: URL, results: [String: CommandResult]) {
        let directory = try TestPackage.temporaryDirectory(self)
        try Data(try ImageEncoder.encode(SyntheticPhotos.quadrants(width: 8, height: 6), as: .png))
            .write(to: directory.appendingPathComponent("p.png"))
        try document.write(to: directory.appendingPathComponent("doc.yaml"), atomically: true, encoding: .utf8)
        var results: [String: CommandResult] = [:]
        for arguments in [["check", "doc.yaml"], ["layout", "doc.yaml"], ["render", "doc.yaml", "-o", "out.png"]] {
            results[arguments[0]] = try runCollage(arguments, in: directory)
        }
        return (directory, results)
    }

    /// An image overlay's offset of 1e19 trapped (exit 132) in all three.
    func testAHugeImageOverlayOffsetIsAnOutOfRangeError() throws {
        let (directory, results) = try run("""
            version: 1
            canvas: {width: 64, height: 48}
            photos: [p.png]
            overlays:
              - image: p.png
                offset: [1e19, 0]

            """)
        for (command, result) in results {
            XCTAssertEqual(result.status, 1, "\(command): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("doc.yaml:6:14: error: 'offset' must be at least -100000 and at most 100000 pixels; found 1e19"),
                          "\(command): \(result.stderr)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.png").path))
    }

    /// A text shadow's blur of 1e-300 passed check, then trapped in render
    /// (0 / 0 in the Gaussian kernel); it now draws an unblurred shadow.
    func testATinyShadowBlurRenders() throws {
        let (directory, results) = try run("""
            version: 1
            canvas: {width: 64, height: 48}
            photos: [p.png]
            overlays:
              - text: "Hi"
                font: {size: 20}
                shadow: {blur: 1e-300, offset: [2, 2], color: "#000000"}

            """)
        for (command, result) in results { XCTAssertEqual(result.status, 0, "\(command): \(result.stderr)") }
        let image = try ImageDecoder.decode(path: directory.appendingPathComponent("out.png").path)
        XCTAssertEqual(image.width, 64)
        XCTAssertEqual(image.height, 48)
    }

    /// A grid weight far smaller than the others snapped its column to 0 px:
    /// check passed, render failed with `invalidDraw(item: 0)` and no place.
    func testAGridTrackThatSnapsToZeroPixelsIsReportedByCheck() throws {
        for weights in ["[1e-300, 1]", "[1, 1000]"] {
            let (_, results) = try run("""
                version: 1
                canvas: {width: 64, height: 48}
                photos:
                  - p.png
                  - {src: p.png, id: second}
                layout: {kind: grid, columns: 2, columnWidths: \(weights)}

                """)
            // The first column's weight is the tiny one (1e-300 against 1, 1 against 1000).
            let zeroColumn = "p", line = 4
            for (command, result) in results {
                XCTAssertEqual(result.status, 1, "\(weights) \(command): \(result.stderr)")
                XCTAssertTrue(result.stderr.hasPrefix("doc.yaml:\(line):5: error: photo '\(zeroColumn)' gets a cell of 0 × 48 px"),
                              "\(weights) \(command): \(result.stderr)")
                XCTAssertFalse(result.stderr.contains("invalidDraw"))
            }
        }
    }
}
