@testable import Collage
import XCTest

/// RFC 4180 reading: quoting, line breaks, errors with their line.
final class CSVReaderTests: XCTestCase {
    func rows(_ text: String) throws -> [[String: String]] {
        try CSVReader.table(Array(text.utf8)).rows.map(\.fields)
    }

    func failure(_ text: String) -> CSVReader.Failure? {
        do { _ = try CSVReader.table(Array(text.utf8)); return nil } catch { return error }
    }

    func testQuotedFieldsHoldCommasLineBreaksAndDoubledQuotes() throws {
        let text = "id,title\r\n1,\"Lisboa, Portugal\"\r\n2,\"two\nlines\"\r\n3,\"say \"\"hi\"\"\"\r\n4,\r\n"
        XCTAssertEqual(try rows(text), [
            ["id": "1", "title": "Lisboa, Portugal"],
            ["id": "2", "title": "two\nlines"],
            ["id": "3", "title": "say \"hi\""],
            ["id": "4", "title": ""],
        ])
        let records = try CSVReader.records(Array(text.utf8))
        XCTAssertEqual(records.map(\.line), [1, 2, 3, 5, 6], "a record's line is where it starts")
    }

    func testUTF8BOMAndMissingFinalLineBreakAndLF() throws {
        XCTAssertEqual(try rows("\u{FEFF}name,city\nア,القاهرة"), [["name": "ア", "city": "القاهرة"]])
        XCTAssertEqual(try rows("a\n\"\"\n"), [["a": ""]])
        XCTAssertEqual(try rows("a,b\n"), [])
    }

    func testErrorsNameTheirLine() {
        XCTAssertEqual(failure("a,b\n1,2\n3\n"), CSVReader.Failure(line: 3, message: "this record has 1 field, the header 2"))
        XCTAssertEqual(failure("a\n1\n\"open\n\n")?.line, 3)
        XCTAssertEqual(failure("a\nab\"c\n")?.line, 2)
        XCTAssertEqual(failure("a\n\"ab\"c\n")?.message, "text after a closing quote; put the whole field in quotes")
        XCTAssertEqual(failure("a,a\n1,2\n")?.message, "header name 'a' appears twice")
        XCTAssertEqual(failure("a,\n1,2\n")?.message, "header column 2 has no name")
        XCTAssertEqual(failure("")?.message, "the file is empty; it needs a header row")
        XCTAssertEqual(try? CSVReader.records([0x61, 0xFF, 0x0A]), nil, "invalid UTF-8 is refused")
    }
}
