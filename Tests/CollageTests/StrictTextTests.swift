import Foundation
import XCTest

/// A cluster no pinned font covers is a warning (exit 0, file written);
/// `--strict` makes it an error (exit 1, nothing written).
final class StrictTextTests: XCTestCase, PhotoFolderTest {
    var directory: URL!

    override func setUpWithError() throws {
        try makePhotoFolder()
        try Data("""
            version: 1
            photos: [photos/quadrants.png]
            overlays:
              - text: "A\u{10FFFD}"
                font: {family: "DejaVu Sans", size: 40}
            """.utf8).write(to: directory.appendingPathComponent("doc.yaml"))
    }

    func testUncoveredTextIsAWarning() throws {
        let result = try runCollage(["render", "doc.yaml", "-o", "out.png"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.png").path))
        XCTAssertTrue(result.stderr.hasPrefix(
            "doc.yaml:4:5: warning: no installed font has a glyph for U+10FFFD; drawn as a missing-glyph box"), result.stderr)
    }

    func testStrictMakesItAnErrorAndWritesNothing() throws {
        let result = try runCollage(["render", "doc.yaml", "-o", "out.png", "--strict"], in: directory)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.png").path))
        XCTAssertTrue(result.stderr.hasPrefix(
            "doc.yaml:4:5: error: no installed font has a glyph for U+10FFFD; drawn as a missing-glyph box"), result.stderr)
    }
}

/// A TAB is drawn as space up to its tab stop: no warning, and `--strict` passes.
final class StrictTabTests: XCTestCase, PhotoFolderTest {
    var directory: URL!

    override func setUpWithError() throws {
        try makePhotoFolder()
        try Data("""
            version: 1
            photos: [photos/quadrants.png]
            overlays:
              - text: "Name:\\tAda\\u0001"
                font: {family: "DejaVu Sans", size: 40}
            """.utf8).write(to: directory.appendingPathComponent("doc.yaml"))
    }

    func testTabRendersWithoutWarningUnderStrict() throws {
        let result = try runCollage(["render", "doc.yaml", "-o", "out.png", "--strict"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.png").path))
    }
}

/// Vertical text in a face without vertical metrics (DejaVu Sans has no
/// vhea/vmtx) stands on the em box: a warning; `--strict` makes it an error.
final class StrictVerticalMetricsTests: XCTestCase, PhotoFolderTest {
    var directory: URL!

    override func setUpWithError() throws {
        try makePhotoFolder()
        try Data("""
            version: 1
            photos: [photos/quadrants.png]
            overlays:
              - text: "ABC"
                direction: vertical
                textOrientation: upright
                font: {family: "DejaVu Sans", size: 40}
            """.utf8).write(to: directory.appendingPathComponent("doc.yaml"))
    }

    func testWarningThenStrictError() throws {
        let message = "'DejaVu Sans' has no vertical metrics (vhea, vmtx): its upright glyphs in 'direction: vertical' stand on the em box"
        let plain = try runCollage(["render", "doc.yaml", "-o", "out.png"], in: directory)
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertTrue(plain.stderr.hasPrefix("doc.yaml:4:5: warning: " + message), plain.stderr)
        let strict = try runCollage(["render", "doc.yaml", "-o", "strict.png", "--strict"], in: directory)
        XCTAssertEqual(strict.status, 1, strict.stderr)
        XCTAssertTrue(strict.stderr.hasPrefix("doc.yaml:4:5: error: " + message), strict.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("strict.png").path))
    }
}
