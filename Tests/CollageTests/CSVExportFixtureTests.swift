@testable import Collage
import CollageTestSupport
import Foundation
import XCTest

/// Tests/Fixtures/csv-exports (scripts/gen-csv-fixtures): files written by
/// Python's csv module, by pandas, and by hand in the shapes Excel and Google
/// Sheets export. Each reads as its JSON twin says: every row, or the one
/// error of the whole file.
final class CSVExportFixtureTests: XCTestCase {
    static let folder = TestPackage.root.appendingPathComponent("Tests/Fixtures/csv-exports")

    struct Expected: Decodable {
        struct WholeFileError: Decodable { var line: Int; var column: Int; var message: String }
        var madeBy: String
        var rows: [[String: String]]?
        var error: WholeFileError?
    }

    func testEveryExportReadsAsItsJSONSays() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
        XCTAssertEqual(Set(names.map { $0.split(separator: "-").first.map(String.init) ?? $0 }),
                       ["python", "pandas", "excel", "google"], "each producer has fixtures")
        XCTAssertEqual(names.count, 12)
        for name in names {
            let expected = try JSONDecoder().decode(Expected.self, from: Data(contentsOf: Self.folder.appendingPathComponent("\(name).json")))
            let bytes = Array(try Data(contentsOf: Self.folder.appendingPathComponent("\(name).csv")))
            let context = "\(name).csv (\(expected.madeBy))"
            if let error = expected.error {
                let failure = CSVTable.failure(bytes: bytes)
                XCTAssertEqual(failure?.line, error.line, context)
                XCTAssertEqual(failure?.column, error.column, context)
                XCTAssertTrue(failure?.message.hasPrefix(error.message) ?? false, "\(context): \(String(describing: failure))")
                continue
            }
            let table = try CSVTable(bytes: bytes)
            XCTAssertEqual(table.failures, [:], context)
            XCTAssertEqual(table.readRows, try XCTUnwrap(expected.rows, context), context)
        }
    }

    /// The Windows-1252 export names the format to save as instead.
    func testTheWindows1252ExportNamesExcelsCSVUTF8() throws {
        let bytes = Array(try Data(contentsOf: Self.folder.appendingPathComponent("excel-csv-windows-1252.csv")))
        XCTAssertTrue(CSVTable.failure(bytes: bytes)?.message.contains("save it from Excel as \"CSV UTF-8 (Comma delimited) (*.csv)\"") ?? false)
    }
}
