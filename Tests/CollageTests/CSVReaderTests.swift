@testable import Collage
import XCTest

/// RFC 4180 reading: quoting, line breaks, whole-file errors with their line.
final class CSVReaderTests: XCTestCase {
    func testQuotedFieldsHoldCommasLineBreaksAndDoubledQuotes() throws {
        let text = "id,title\r\n1,\"Lisboa, Portugal\"\r\n2,\"two\nlines\"\r\n3,\"say \"\"hi\"\"\"\r\n4,\r\n"
        XCTAssertEqual(try CSVTable(text).readRows, [
            ["id": "1", "title": "Lisboa, Portugal"],
            ["id": "2", "title": "two\nlines"],
            ["id": "3", "title": "say \"hi\""],
            ["id": "4", "title": ""],
        ])
        let records = try CSVReader.records(Array(text.utf8))
        XCTAssertEqual(records.map(\.line), [1, 2, 3, 5, 6], "a record's line is where it starts")
    }

    func testUTF8BOMAndMissingFinalLineBreakAndLF() throws {
        XCTAssertEqual(try CSVTable("\u{FEFF}name,city\nア,القاهرة").readRows, [["name": "ア", "city": "القاهرة"]])
        XCTAssertEqual(try CSVTable("a\n\"\"\n").readRows, [["a": ""]], "a quoted empty field is a value, not a blank line")
        XCTAssertEqual(try CSVTable("a,b\n").readRows, [])
        XCTAssertEqual(try CSVTable("a,b\r1,2\r").readRows, [["a": "1", "b": "2"]], "CR alone ends a line (Excel for Mac)")
    }

    func testWholeFileErrorsNameTheirLine() {
        XCTAssertEqual(CSVTable.failure("a,a\n1,2\n")?.message, "header name 'a' appears twice")
        XCTAssertEqual(CSVTable.failure("a,,b\n1,2,3\n")?.message, "header column 2 has no name")
        XCTAssertEqual(CSVTable.failure("")?.message, "the file is empty; it needs a header row")
        XCTAssertEqual(CSVTable.failure("\n  \n")?.message, "the file is empty; it needs a header row")
        XCTAssertEqual(CSVTable.failure("a,\"b\nc\n"), CSVReader.Failure(line: 1, column: 3, message:
            "a quoted field opened here is never closed, so this row and every line after it (to line 2) were not read; "
            + "close the quote, or double a quote inside the field (\"\")"), "a broken header fails the file")
    }
}
