import Foundation
import XCTest
import CollageTestSupport

/// `collage layout --json` lists each text overlay's lines (issue 16):
/// text in logical order, box and baseline, in reading order.
final class LayoutLinesTests: XCTestCase {
    private func lines(_ overlays: String) throws -> [[String: Any]] {
        let directory = try TestPackage.temporaryDirectory(self)
        try SyntheticPhotos.writeAll(into: directory)
        try Data("""
            version: 1
            canvas: {width: 600, height: 400}
            photos: [photos/quadrants.png]
            overlays:
            \(overlays)
            """.utf8).write(to: directory.appendingPathComponent("doc.yaml"))
        let result = try runCollage(["layout", "doc.yaml", "--json"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let overlays = try XCTUnwrap(json["overlays"] as? [[String: Any]])
        return try XCTUnwrap(overlays.first?["lines"] as? [[String: Any]])
    }

    func testWrappedLinesWithBoxesAndBaselines() throws {
        // DejaVu Sans 40 px: ascender 38, descender −10, line height 47.
        let lines = try lines("""
              - text: "one two three four five"
                font: {family: DejaVu Sans, size: 40}
                width: 200
                align: left
                anchor: topLeft
                offset: [10, 20]
            """)
        XCTAssertEqual(lines.map { $0["text"] as? String }, ["one two", "three four", "five"])
        XCTAssertEqual(lines.map { $0["baseline"] as? Double }, [58, 105, 152])
        let box = try XCTUnwrap(lines[1]["box"] as? [String: Double])
        XCTAssertEqual(box["x"], 10)
        XCTAssertEqual(box["y"], 105 - 38)
        XCTAssertEqual(box["height"], 48)
        XCTAssertLessThanOrEqual(try XCTUnwrap(box["width"]), 200)
        XCTAssertGreaterThan(try XCTUnwrap(box["width"]), 150)
    }

    func testVerticalTextListsColumnsWithTheirCentreLines() throws {
        // Noto Sans CJK JP 40 px, columns of at most 3 cells (maxHeight 130), centre lines
        // lineHeight 1.5 × 40 = 60 px apart, the first half an em inside the box's right edge (590).
        let lines = try lines("""
              - text: "夏休みの思い出"
                direction: vertical
                font: {family: Noto Sans CJK JP, size: 40}
                lineHeight: 1.5
                maxHeight: 130
                align: left
                anchor: topRight
                offset: [-10, 10]
            """)
        XCTAssertEqual(lines.map { $0["text"] as? String }, ["夏休み", "の思い", "出"])
        XCTAssertEqual(lines.map { $0["baseline"] as? Double }, [570, 510, 450])
        let box = try XCTUnwrap(lines[2]["box"] as? [String: Double])
        XCTAssertEqual(box, ["x": 430, "y": 10, "width": 40, "height": 40])
    }

    func testBidiLinesKeepLogicalOrder() throws {
        let lines = try lines("""
              - text: "abc مرحبا بكم def"
                font: {family: DejaVu Sans, size: 40}
                maxWidth: 240
            """)
        XCTAssertEqual(lines.map { $0["text"] as? String }, ["abc مرحبا", "بكم def"])
    }

    func testAHyphenAddedAtABreakEndsTheLinesText() throws {
        let lines = try lines("""
              - text: "the documentation"
                font: {family: DejaVu Sans, size: 40}
                width: 210
                hyphens: auto
                lang: en-US
            """)
        XCTAssertEqual(lines.map { $0["text"] as? String }, ["the docu\u{2010}", "mentation"])
    }
}
