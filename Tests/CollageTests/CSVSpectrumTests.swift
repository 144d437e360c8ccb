@testable import Collage
import CollageTestSupport
import Foundation
import XCTest

/// csv-spectrum (Tests/Fixtures/csv-spectrum, BSD-2-Clause): every CSV file
/// reads as its JSON twin says: a list of rows, header name -> value.
final class CSVSpectrumTests: XCTestCase {
    static let folder = TestPackage.root.appendingPathComponent("Tests/Fixtures/csv-spectrum")

    func testEveryCaseReadsAsItsJSONSays() throws {
        let csvs = Self.folder.appendingPathComponent("csvs")
        let names = try FileManager.default.contentsOfDirectory(atPath: csvs.path)
            .filter { $0.hasSuffix(".csv") }.map { String($0.dropLast(4)) }.sorted()
        XCTAssertEqual(names.count, 11, "Debian's node-csv-spectrum 1.0.0 has 11 pairs")
        var passed: [String] = []
        for name in names {
            let json = Self.folder.appendingPathComponent("json/\(name).json")
            let expected = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [[String: String]], name)
            let table = try CSVTable(file: csvs.appendingPathComponent("\(name).csv"))
            XCTAssertEqual(table.failures, [:], name)
            XCTAssertEqual(table.readRows, expected, name)
            if table.failures.isEmpty && table.readRows == expected { passed.append(name) }
        }
        print("csv-spectrum: \(passed.count) of \(names.count) cases read as their JSON says")
    }
}
