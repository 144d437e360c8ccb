@testable import Collage
import Foundation

/// A CSV text read by `CSVReader.table`, for the CSV tests: the rows read,
/// and the failed ones by line.
struct CSVTable {
    var table: CSVReader.Table

    init(_ text: String) throws { try self.init(bytes: Array(text.utf8)) }
    init(bytes: [UInt8]) throws { table = try CSVReader.table(bytes) }
    init(file: URL) throws { try self.init(bytes: Array(try Data(contentsOf: file))) }

    /// The fields of the rows that were read.
    var readRows: [[String: String]] { table.rows.filter { $0.failure == nil }.map(\.fields) }
    /// Failed rows: the line each starts on -> its failure.
    var failures: [Int: CSVReader.Failure] {
        Dictionary(uniqueKeysWithValues: table.rows.compactMap { row in row.failure.map { (row.line, $0) } })
    }

    /// The whole-file error of `text`, or nil when it reads.
    static func failure(_ text: String) -> CSVReader.Failure? { failure(bytes: Array(text.utf8)) }
    static func failure(bytes: [UInt8]) -> CSVReader.Failure? {
        do { _ = try CSVReader.table(bytes); return nil } catch { return error }
    }
}
