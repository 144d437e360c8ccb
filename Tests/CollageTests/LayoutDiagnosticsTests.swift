import Foundation
import XCTest
import CollageTestSupport

/// Layout-time errors of issue 5 as the user sees them: located at the
/// offending `cell` or at `rows`, with the source line, exit 1, no output.
final class LayoutDiagnosticsTests: XCTestCase {
    func failingRender(_ text: String, line: UInt = #line) throws -> String {
        let directory = try TestPackage.temporaryDirectory(self)
        try SyntheticPhotos.writeAll(into: directory)
        try Data(text.utf8).write(to: directory.appendingPathComponent("doc.yaml"))
        let result = try runCollage(["render", "doc.yaml", "-o", "out.png"], in: directory)
        XCTAssertEqual(result.status, 1, result.stderr, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.png").path), line: line)
        return result.stderr
    }

    func testOverlappingCellIsReportedAtItsCell() throws {
        let stderr = try failingRender("""
            version: 1
            canvas: {width: 200, height: 200}
            photos:
              - {src: photos/quadrants.png, cell: {column: 1, row: 1, columnSpan: 2}}
              - {src: photos/stripes.png, cell: {column: 2, row: 1}}
            layout: {kind: grid, columns: 2, rows: 2}
            """)
        XCTAssertEqual(stderr.split(separator: "\n").map(String.init), [
            "doc.yaml:5:37: error: this cell overlaps the cell of the photo on line 4 (at column 2, row 1)",
            "  - {src: photos/stripes.png, cell: {column: 2, row: 1}}",
            String(repeating: " ", count: 36) + "^",
        ])
    }

    func testMorePhotosThanFreeCellsIsReportedAtRows() throws {
        let stderr = try failingRender("""
            version: 1
            canvas: {width: 200, height: 200}
            photos:
              - {src: photos/quadrants.png, cell: {column: 1, row: 1, rowSpan: 2}}
              - photos/stripes.png
              - photos/tall.png
              - photos/upright.png
            layout: {kind: grid, columns: 2, rows: 2}
            """)
        XCTAssertEqual(stderr.split(separator: "\n").map(String.init), [
            "doc.yaml:8:40: error: a grid of 2 × 2 cells has 2 cells left after the placed ones, for 3 photos without 'cell'",
            "layout: {kind: grid, columns: 2, rows: 2}",
            String(repeating: " ", count: 39) + "^",
            "note: raise 'rows', or leave 'rows' out to get as many as the photos need",
        ])
    }
}
