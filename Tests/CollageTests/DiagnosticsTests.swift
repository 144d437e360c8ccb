import Foundation
import XCTest
import CollageTestSupport

/// Document and input errors as the user sees them: `file:line:column:
/// error: ...`, the source line with a caret, exit code 1, nothing written.
final class DiagnosticsTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = try TestPackage.temporaryDirectory(self)
        try SyntheticPhotos.writeAll(into: directory)
    }

    /// Renders `text` as doc.yaml; asserts exit 1 and no output; returns stderr.
    func failingRender(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try Data(text.utf8).write(to: directory.appendingPathComponent("doc.yaml"))
        let result = try runCollage(["render", "doc.yaml", "-o", "out.png"], in: directory)
        XCTAssertEqual(result.status, 1, result.stderr, file: file, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.png").path),
                       file: file, line: line)
        return result.stderr
    }

    func testMisspelledKeyIsLocatedWithASuggestionAndACaret() throws {
        let stderr = try failingRender("""
            version: 1
            canvas:
              widht: 100
              height: 100
            photos: [photos/quadrants.png]
            """)
        let lines = stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertTrue(lines[0].hasPrefix("doc.yaml:3:3: error: "), stderr)
        XCTAssertTrue(lines[0].contains("'widht'") && lines[0].contains("'width'"), stderr)
        XCTAssertEqual(lines[1], "  widht: 100", stderr)
        XCTAssertEqual(lines[2].trimmingCharacters(in: .whitespaces), "^", stderr)
        XCTAssertEqual(lines[2].firstIndex(of: "^").map { lines[2].distance(from: lines[2].startIndex, to: $0) }, 2, stderr)
    }

    func testWrongTypeIsLocatedAtTheValue() throws {
        let stderr = try failingRender("""
            version: 1
            canvas:
              width: wide
              height: 100
            photos: [photos/quadrants.png]
            """)
        XCTAssertTrue(stderr.hasPrefix("doc.yaml:3:10: error: "), stderr)
        XCTAssertTrue(stderr.contains("number") || stderr.contains("integer"), stderr)
    }

    func testMissingPhotoNamesItsPathAtItsSrcValue() throws {
        let stderr = try failingRender("""
            version: 1
            canvas: {width: 100, height: 100}
            photos:
              - photos/quadrants.png
              - src: photos/nope.jpg
            """)
        XCTAssertTrue(stderr.hasPrefix("doc.yaml:5:10: error: "), stderr)
        XCTAssertTrue(stderr.contains("photos/nope.jpg"), stderr)
    }

    func testUndecodablePhotoNamesItsPathAndReason() throws {
        try Data("GIF89a, definitely not a JPEG".utf8).write(to: directory.appendingPathComponent("photos/fake.jpg"))
        let stderr = try failingRender("""
            version: 1
            photos:
              - photos/fake.jpg
            """)
        XCTAssertTrue(stderr.hasPrefix("doc.yaml:3:5: error: "), stderr)
        XCTAssertTrue(stderr.contains("photos/fake.jpg"), stderr)
    }

    func testTenPhotosInAutoSuggestGrid() throws {
        let photos = Array(repeating: "photos/quadrants.png", count: 10).joined(separator: ", ")
        let stderr = try failingRender("version: 1\ncanvas: {width: 100, height: 100}\nphotos: [\(photos)]\n")
        XCTAssertTrue(stderr.contains("grid"), stderr)
        XCTAssertTrue(stderr.hasPrefix("doc.yaml:"), stderr)
    }

    func testSyntaxErrorIsLocated() throws {
        let stderr = try failingRender("version: 1\nphotos: [photos/quadrants.png\n")
        XCTAssertTrue(stderr.hasPrefix("doc.yaml:"), stderr)
        XCTAssertTrue(stderr.contains("error:"), stderr)
    }

    func testMissingDocumentIsAnError() throws {
        let result = try runCollage(["render", "absent.yaml", "-o", "out.png"], in: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("absent.yaml"), result.stderr)
    }
}
