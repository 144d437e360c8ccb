import CollageSpec

/// The rows of a batch: `--data` read as CSV (`.csv`), JSON (`.json`) or
/// YAML (`.yaml`, `.yml`), numbered from 1 for the first data row (the
/// built-in `${row}`).
public struct DataRow: Sendable, Hashable {
    /// 1 for the first data row (after a CSV header).
    public var number: Int
    /// Field name -> value, used as document variables.
    public var fields: [String: String]
    /// Where the row starts in the data file, for messages.
    public var location: SourceLocation
    /// Why the data file's row could not be read (a CSV record with broken
    /// quoting or the wrong field count): the row has no fields and fails
    /// in the batch with this error; the other rows render.
    public var failure: Diagnostic?
    public init(number: Int, fields: [String: String], location: SourceLocation, failure: Diagnostic? = nil) {
        self.number = number; self.fields = fields; self.location = location; self.failure = failure
    }
}

/// Reads `--data` files into `DataRow`s, choosing the reader by extension:
/// `CSVReader` for `.csv`, the document reader (`VariableRows`) otherwise.
public enum DataRows {
    /// Reads the rows of `path`; `-` reads them from standard input, named
    /// `<stdin>` in messages, as CSV unless the first character that is not
    /// white space or part of a `#` comment line is `[`, `{` or `-` (JSON,
    /// or a YAML list): a CSV header name cannot start with any of them.
    /// - Throws: `CollageError.usage` for an unknown extension;
    ///   `.diagnostics` for an unreadable file (`.missingFile`) or one that
    ///   does not parse (`.syntax` at its line for a CSV file that is not
    ///   UTF-8, is empty or has a broken header; the YAML reader's located
    ///   diagnostics otherwise) or a CSV header name that is not a variable
    ///   name (`.invalidValue`, with the rename to make). A CSV row that
    ///   cannot be read is a `DataRow` with a `failure`, not an error.
    public static func load(path: String) throws(CollageError) -> [DataRow] {
        if path == "-" {
            guard case .text(let bytes, _, _) = try DocumentInput.standardInput() else { return [] }
            return try rows(bytes, file: "<stdin>", isCSV: looksLikeCSV(bytes))
        }
        let lower = path.lowercased()
        let isCSV = lower.hasSuffix(".csv")
        guard isCSV || lower.hasSuffix(".json") || lower.hasSuffix(".yaml") || lower.hasSuffix(".yml") else {
            throw .usage("cannot tell the format of --data '\(path)': use a .csv, .json, .yaml or .yml file, or - for standard input")
        }
        guard let bytes = FileSystem.contents(of: path), FileSystem.kind(of: path) != .folder else {
            throw .failure(.missingFile, "cannot read data file '\(path)': \(FileSystem.unreadableReason(path))")
        }
        return try rows(bytes, file: path, isCSV: isCSV)
    }

    /// Whether rows read from standard input are CSV: not when the first
    /// significant character opens JSON or a YAML list.
    static func looksLikeCSV(_ bytes: [UInt8]) -> Bool {
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"): i += 1
            case UInt8(ascii: "#"):
                while i < bytes.count, bytes[i] != UInt8(ascii: "\n") { i += 1 }
            case UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "-"): return false
            default: return true
            }
        }
        return true
    }

    /// `name` made a variable name for the rename note: each run of other
    /// characters becomes one `_` (none at either end), and a leading digit
    /// gets a `_` before it: "First Name" -> "First_Name".
    static func variableName(_ name: String) -> String {
        var result = ""
        var gap = false
        for scalar in name.unicodeScalars {
            if scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                if gap, !result.isEmpty { result += "_" }
                result.unicodeScalars.append(scalar)
                gap = false
            } else {
                gap = true
            }
        }
        guard let first = result.unicodeScalars.first else { return "column" }
        return ("0"..."9").contains(first) ? "_" + result : result
    }

    /// The rows of `bytes`, read from `path` (a file name or `<stdin>`).
    static func rows(_ bytes: [UInt8], file path: String, isCSV: Bool) throws(CollageError) -> [DataRow] {
        if isCSV {
            let table: CSVReader.Table
            do {
                table = try CSVReader.table(bytes)
            } catch {
                throw .diagnostics(DiagnosticList([Diagnostic(.syntax, at: SourceLocation(file: path, line: error.line, column: error.column),
                                                              error.message)]))
            }
            if let bad = table.header.first(where: { !VariableRows.isVariableName($0) }) {
                let name = variableName(bad)
                throw .diagnostics(DiagnosticList([Diagnostic(.invalidValue, at: SourceLocation(file: path, line: 1, column: 1),
                    "header name '\(bad)' is not a variable name; use letters, digits and '_', not starting with a digit",
                    notes: ["rename the column in the header line, e.g. to '\(name)', and write ${\(name)} in the template"])]))
            }
            return table.rows.enumerated().map { index, row in
                DataRow(number: index + 1, fields: row.fields,
                        location: SourceLocation(file: path, line: row.line, column: 1),
                        failure: row.failure.map {
                            Diagnostic(.syntax, at: SourceLocation(file: path, line: $0.line, column: $0.column), $0.message)
                        })
            }
        }
        do {
            let rows = try VariableRows.read(SourceText(file: path, bytes: bytes))
            return rows.enumerated().map { DataRow(number: $0 + 1, fields: $1.fields, location: $1.location) }
        } catch {
            throw .diagnostics(error)
        }
    }
}
