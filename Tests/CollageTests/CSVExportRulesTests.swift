@testable import Collage
import CollageSpec
import XCTest

/// docs/batch.md "Tables as spreadsheets export them": every rule, one test
/// each, with the rows that must still be read around a bad one.
final class CSVExportRulesTests: XCTestCase {
    func testBlankAndWhiteSpaceOnlyLinesAreSkipped() throws {
        let table = try CSVTable("\nid,title\n\na,one\n   \n\t \r\nb,two\n\n")
        XCTAssertEqual(table.readRows, [["id": "a", "title": "one"], ["id": "b", "title": "two"]])
        XCTAssertEqual(table.table.rows.map(\.line), [4, 7], "lines still count the skipped ones")
    }

    func testALineOfOnlySeparatorsIsSkippedLikeABlankOne() throws {
        // Excel and Google Sheets write an empty row inside the sheet as ",,".
        let table = try CSVTable("id,title,photo\r\na,one,a.jpg\r\n,,\r\n , ,\r\nb,two,b.jpg\r\n")
        XCTAssertEqual(table.readRows.map { $0["id"] }, ["a", "b"])
        XCTAssertEqual(try CSVTable("id,title\n\"\",\n").readRows, [["id": "", "title": ""]], "a quoted field makes it a row")
    }

    func testATrailingSeparatorOnEveryLineIsDropped() throws {
        let table = try CSVTable("id,title,\r\na,one,\r\nb,\"two, three\",\r\n")
        XCTAssertEqual(table.table.header, ["id", "title"])
        XCTAssertEqual(table.readRows, [["id": "a", "title": "one"], ["id": "b", "title": "two, three"]])
        // A row without it has the wrong field count (the header line's,
        // trailing separator included): that row fails, the others are read.
        let ragged = try CSVTable("id,title,\na,one,\nb,two\n")
        XCTAssertEqual(ragged.readRows, [["id": "a", "title": "one"]])
        XCTAssertEqual(ragged.failures[3]?.message, "this row has 2 fields, the header line 3")
        // A value in the unnamed column: it is a column, and it has no name.
        XCTAssertEqual(CSVTable.failure("id,title,\na,one,x\n")?.message, "header column 3 has no name")
    }

    func testARowWithAnotherFieldCountFailsAtItsLineAndTheOthersAreRead() throws {
        let table = try CSVTable("id,title\na,one\nb,Lisboa, Portugal\nc\nd,four\n")
        XCTAssertEqual(table.readRows, [["id": "a", "title": "one"], ["id": "d", "title": "four"]])
        XCTAssertEqual(table.failures, [
            3: CSVReader.Failure(line: 3, message:
                "this row has 3 fields, the header line 2; a field that holds the separator must be in double quotes"),
            4: CSVReader.Failure(line: 4, message: "this row has 1 field, the header line 2"),
        ])
        XCTAssertEqual(table.table.rows.count, 4, "failed rows keep their place: row numbers do not shift")
    }

    func testBrokenQuotingFailsItsRowAndReadingGoesOnAtTheNextLine() throws {
        let table = try CSVTable("id,title\na,one\nb,say \"hi\"\nc,\"quoted\" after\nd,four\n")
        XCTAssertEqual(table.readRows, [["id": "a", "title": "one"], ["id": "d", "title": "four"]])
        XCTAssertEqual(table.failures[3], CSVReader.Failure(line: 3, column: 7, message:
            "a quote inside an unquoted field; quote the whole field and double the quote (\"\")"))
        XCTAssertEqual(table.failures[4], CSVReader.Failure(line: 4, column: 11, message:
            "text after a closing quote; put the whole field in quotes, doubling a quote inside it (\"\")"))
    }

    func testAnUnclosedQuoteFailsFromItsLineToTheEndAndTheRowsBeforeAreRead() throws {
        let table = try CSVTable("id,title\na,one\nb,two\nc,\"never closed\nd,four\ne,five\n")
        XCTAssertEqual(table.readRows, [["id": "a", "title": "one"], ["id": "b", "title": "two"]])
        XCTAssertEqual(table.table.rows.count, 3, "the rest of the file is one failed row")
        XCTAssertEqual(table.failures[4], CSVReader.Failure(line: 4, column: 3, message:
            "a quoted field opened here is never closed, so this row and every line after it (to line 6) were not read; "
            + "close the quote, or double a quote inside the field (\"\")"))
    }

    func testTextThatIsNotUTF8NamesExcelsCSVUTF8() {
        // "café" in Windows-1252, as Excel's plain "CSV (Comma delimited)" writes it.
        let latin1: [UInt8] = Array("id,title\na,caf".utf8) + [0xE9] + Array("\n".utf8)
        let failure = CSVTable.failure(bytes: latin1)
        XCTAssertEqual(failure?.line, 2)
        XCTAssertEqual(failure?.column, 6)
        XCTAssertEqual(failure?.message, "byte 0xE9 is not UTF-8: the file is in another encoding (Excel's plain "
            + "\"CSV (Comma delimited)\" writes the system's code page); save it from Excel as \"CSV UTF-8 (Comma delimited) "
            + "(*.csv)\", or choose the character set UTF-8 in LibreOffice or your tool's export")
        let utf16: [UInt8] = [0xFF, 0xFE] + Array("id".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        XCTAssertEqual(CSVTable.failure(bytes: utf16)?.message.hasPrefix("the file is UTF-16 (Excel's \"Unicode Text\")"), true)
        XCTAssertEqual(CSVTable.failure(bytes: utf16)?.message.contains("\"CSV UTF-8 (Comma delimited) (*.csv)\""), true)
    }

    func testLinesAreCountedAtLFCRLFAndCRAloneInsideQuotesToo() throws {
        let table = try CSVTable("id,note\r\na,\"one\r\ntwo\rthree\nfour\"\r\nb,x\"y\r\n")
        XCTAssertEqual(table.readRows, [["id": "a", "note": "one\r\ntwo\rthree\nfour"]])
        XCTAssertEqual(table.failures[6], CSVReader.Failure(line: 6, column: 4, message:
            "a quote inside an unquoted field; quote the whole field and double the quote (\"\")"))
        let latin1: [UInt8] = Array("id\r\"a\rb\r\nc\"\rd".utf8) + [0xE9]
        XCTAssertEqual(CSVTable.failure(bytes: latin1).map { [$0.line, $0.column] }, [5, 2])
    }

    func testASepLineSelectsTheSeparator() throws {
        let table = try CSVTable("\u{FEFF}sep=;\r\nid;price;title\r\na;1,50;\"semi; colon\"\r\n")
        XCTAssertEqual(table.readRows, [["id": "a", "price": "1,50", "title": "semi; colon"]])
        XCTAssertEqual(table.table.rows.map(\.line), [3])
        XCTAssertEqual(try CSVTable("sep=\t\nid\ttitle\na\tone\n").readRows, [["id": "a", "title": "one"]])
        XCTAssertEqual(try CSVTable("id;title\na;one\n").table.header, ["id;title"], "no sep= line: commas, never a guess")
        XCTAssertEqual(CSVTable.failure("sep=;;\nid\n")?.message,
                       "the first line 'sep=' (Excel's separator line) must name one character other than '\"', as in sep=; or sep=,")
    }

    func testHeaderNamesWithSpacesAreRefusedWithTheRenameToMake() {
        for (name, rename) in [("First Name", "First_Name"), (" title", "title"), ("2nd photo", "_2nd_photo"), ("€", "column")] {
            XCTAssertEqual(DataRows.variableName(name), rename)
        }
        XCTAssertThrowsError(try DataRows.rows(Array("id,First Name\na,Ana\n".utf8), file: "people.csv", isCSV: true)) { error in
            guard case .diagnostics(let list) = error as? CollageError, let first = list.diagnostics.first else {
                return XCTFail("expected diagnostics, got \(error)")
            }
            XCTAssertEqual(first.kind, .invalidValue)
            XCTAssertEqual(first.description, "people.csv:1:1: error: header name 'First Name' is not a variable name; "
                           + "use letters, digits and '_', not starting with a digit")
            XCTAssertEqual(first.notes, ["rename the column in the header line, e.g. to 'First_Name', and write ${First_Name} in the template"])
        }
    }

    func testAFailedRowBecomesADataRowThatCarriesItsDiagnostic() throws {
        let rows = try DataRows.rows(Array("id,title\na,one\nb\nc,three\n".utf8), file: "rows.csv", isCSV: true)
        XCTAssertEqual(rows.map(\.number), [1, 2, 3])
        XCTAssertEqual(rows.map { $0.failure?.description }, [nil, "rows.csv:3:1: error: this row has 1 field, the header line 2", nil])
        XCTAssertEqual(rows[1].fields, [:])
        XCTAssertEqual(rows[1].location, SourceLocation(file: "rows.csv", line: 3, column: 1))
    }
}
