import Foundation
import XCTest
import CollageTestSupport

/// A table as spreadsheets export it, through `collage batch`: rows the data
/// file cannot give fail alone, at their line, in the summary and in the
/// `--report`, and every other row is written (docs/batch.md "Tables as
/// spreadsheets export them").
final class BatchTableRowsTests: XCTestCase, PhotoFolderTest {
    var directory: URL!

    override func setUpWithError() throws {
        try makePhotoFolder()
        try write("card.yaml", Self.batchCard)
    }

    func report(_ name: String) throws -> [[String: Any]] {
        try text(name).split(separator: "\n").map { line in
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], String(line))
        }
    }

    func testBadRecordsFailAtTheirLineAndTheOtherRowsAreWritten() throws {
        // Excel's shape (BOM, CRLF, a trailing separator, an empty row as
        // ",,,"), a blank line, then a row with a stray comma (line 6), a
        // stray quote (line 7), and a quote never closed (line 9 to the end).
        try write("rows.csv", "\u{FEFF}id,photo,bg,\r\na,quadrants.png,#000000,\r\n,,,\r\n\r\nb,stripes.png,#000000,\r\n"
                  + "c,stripes, again.png,#000000,\r\nd,\"tall\".png,#000000,\r\ne,tall.png,#ff0000,\r\n"
                  + "f,\"tall.png,#000000,\r\ng,quadrants.png,#000000,\r\n")
        let result = try runCollage(["batch", "card.yaml", "--data", "rows.csv", "-o", "out/${row}-${id}.png",
                                     "--report", "report.jsonl"], in: directory)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: url("out").path).sorted(),
                       ["1-a.png", "2-b.png", "5-e.png"])
        XCTAssertTrue(result.stderr.contains("batch: 3 of 6 rows written; 3 failed: rows 3, 4, 6 in "), result.stderr)
        XCTAssertTrue(result.stderr.contains("row 3 (rows.csv:6): failed\n"), result.stderr)
        XCTAssertTrue(result.stderr.contains(
            "rows.csv:6:1: error: this row has 5 fields, the header line 4; a field that holds the separator must be in double quotes"),
                      result.stderr)
        XCTAssertTrue(result.stderr.contains("rows.csv:7:9: error: text after a closing quote"), result.stderr)
        XCTAssertTrue(result.stderr.contains("rows.csv:9:3: error: a quoted field opened here is never closed, "
                                             + "so this row and every line after it (to line 10) were not read"), result.stderr)

        let lines = try report("report.jsonl")
        XCTAssertEqual(lines.map { $0["row"] as? Int }, [1, 2, 3, 4, 5, 6])
        XCTAssertEqual(lines.map { $0["status"] as? String }, ["ok", "ok", "failed", "failed", "ok", "failed"])
        XCTAssertEqual(lines.map { $0["id"] as? String }, ["a", "b", nil, nil, "e", nil])
        XCTAssertTrue(lines[2]["output"] is NSNull, "a row the file could not give has no output path")
        let error = try XCTUnwrap(lines[2]["error"] as? [String: Any])
        XCTAssertEqual(error["kind"] as? String, "syntax")
        XCTAssertEqual(error["file"] as? String, "rows.csv")
        XCTAssertEqual(error["line"] as? Int, 6)
        XCTAssertEqual(error["column"] as? Int, 1)
        XCTAssertEqual((lines[5]["error"] as? [String: Any])?["line"] as? Int, 9)
    }

    func testFailedRowsKeepTheirShard() throws {
        try write("rows.csv", "id,photo\na,quadrants.png\nb\nc,stripes.png,x\nd,tall.png\n")
        var rows: [Int: String] = [:]
        for k in 1...2 {
            let result = try runCollage(["batch", "card.yaml", "--data", "rows.csv", "-o", "out/${id}.png", "--shard", "\(k)/2",
                                         "--report", "report-${shard}.jsonl"], in: directory)
            XCTAssertEqual(result.status, 1, result.stderr)
            for line in try report("report-\(k).jsonl") {
                let row = try XCTUnwrap(line["row"] as? Int)
                XCTAssertNil(rows[row], "row \(row) in two shards")
                rows[row] = line["status"] as? String
            }
        }
        XCTAssertEqual(rows, [1: "ok", 2: "failed", 3: "failed", 4: "ok"])
    }

    func testNonUTF8DataNamesExcelsCSVUTF8AndRendersNothing() throws {
        try Data(Array("id,photo\na,quadrants.png\nb,caf".utf8) + [0xE9] + Array(".png\n".utf8)).write(to: url("rows.csv"))
        let result = try runCollage(["batch", "card.yaml", "--data", "rows.csv", "-o", "out/${id}.png"], in: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("rows.csv:3:6: error: byte 0xE9 is not UTF-8"), result.stderr)
        XCTAssertTrue(result.stderr.contains("\"CSV UTF-8 (Comma delimited) (*.csv)\""), result.stderr)
        XCTAssertFalse(exists("out"))
    }
}
