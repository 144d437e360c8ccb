import CollageCodecs
import CollageRaster
import Foundation
import XCTest
import CollageTestSupport

/// `collage watch` watches what a depfile lists: image overlays and fonts
/// as well as the photos.
final class WatchInputsTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = try TestPackage.temporaryDirectory(self)
        try SyntheticPhotos.writeAll(into: directory)
    }

    /// A solid 10×10 PNG, written as editors save: a new file renamed over the old.
    func writeBadge(_ color: Color) throws {
        let temporary = directory.appendingPathComponent("photos/.badge.png.swp")
        try Data(try ImageEncoder.encode(Pixmap(width: 10, height: 10, color: color), as: .png)).write(to: temporary)
        XCTAssertEqual(rename(temporary.path, directory.appendingPathComponent("photos/badge.png").path), 0)
    }

    func corner() -> Color? {
        guard let image = try? ImageDecoder.decode(path: directory.appendingPathComponent("out.png").path) else { return nil }
        return image[2, 2]
    }

    func testReplacingAnOverlayImageRerenders() throws {
        try writeBadge(Color(red: 255, green: 0, blue: 0))
        try Data("""
            version: 1
            canvas: {width: 60, height: 40, background: "#0000ff"}
            photos: [photos/quadrants.png]
            layout: {kind: auto, padding: 10}
            overlays:
              - {image: photos/badge.png, anchor: topLeft}
              - {text: "日", font: {family: ["DejaVu Sans", "Noto Sans CJK JP"], size: 8}, anchor: bottomRight}
            """.utf8).write(to: directory.appendingPathComponent("doc.yaml"))
        let log = directory.appendingPathComponent("watch.log")
        let process = try startWatch("doc.yaml", output: "out.png", in: directory, log: log)
        defer {
            if process.isRunning { process.terminate(); process.waitUntilExit() }
        }
        func logText() -> String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

        XCTAssertTrue(waitUntil(20) { corner() == Color(red: 255, green: 0, blue: 0) }, logText())
        // The document, the photo, the overlay image, DejaVu Sans (primary) and the CJK font that drew "日".
        XCTAssertTrue(waitUntil(5) { logText().contains("; watching 5 files\n") }, logText())
        try writeBadge(Color(red: 0, green: 255, blue: 0))
        XCTAssertTrue(waitUntil(20) { corner() == Color(red: 0, green: 255, blue: 0) }, logText())
        XCTAssertTrue(logText().contains("watch: changed: photos/badge.png\n"), logText())

        process.terminate()
        process.waitUntilExit()
    }
}
