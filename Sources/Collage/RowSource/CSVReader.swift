/// A reader for CSV in UTF-8 as spreadsheets and tools export it (RFC 4180
/// plus the rules of docs/batch.md "Tables as spreadsheets export them").
///
/// Fields are separated by commas (or the character a first line `sep=;`
/// names, as Excel writes and reads it) and records by CRLF, LF or CR; a
/// field in double quotes may hold separators, line breaks and doubled
/// quotes (`""` for one `"`). A UTF-8 BOM is skipped, a final line break is
/// optional, and a line that holds nothing but white space and separators is
/// skipped. A record whose quoting is broken is returned with its `problem`,
/// and reading goes on at the next line; a quote that is never closed takes
/// the rest of the file with it. Written here rather than taken from a
/// library: Foundation on Linux has no CSV reader and the package takes no
/// outside dependencies. The table rules (header, trailing separator, field
/// counts) are `CSVReader.table`.
public enum CSVReader {
    /// A problem at a 1-based line and column (Unicode scalars) of the file.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        public var line: Int
        public var column: Int
        public var message: String
        public init(line: Int, column: Int = 1, message: String) {
            self.line = line; self.column = column; self.message = message
        }
        public var description: String { "line \(line): \(message)" }
    }

    /// One record: its fields and the line it starts on, or why it could
    /// not be read (its `fields` are then what was read before the problem).
    public struct Record: Sendable, Hashable {
        public var fields: [String]
        public var line: Int
        public var problem: Failure?
        public init(fields: [String], line: Int, problem: Failure? = nil) {
            self.fields = fields; self.line = line; self.problem = problem
        }
    }

    /// Splits `bytes` into records.
    /// - Throws: `Failure` for text that is not UTF-8 (`CSVReader.text`) or a
    ///   `sep=` line that does not name one character. Broken quoting fails
    ///   only its record (`Record.problem`).
    public static func records(_ bytes: [UInt8]) throws(Failure) -> [Record] {
        var scanner = Scanner(try text(bytes))
        try scanner.readSeparatorLine()
        var records: [Record] = []
        while let record = scanner.next() { records.append(record) }
        return records
    }

    /// Walks the text's scalars record by record, counting lines.
    struct Scanner {
        let scalars: [Unicode.Scalar]
        var separator: Unicode.Scalar = ","
        var i = 0
        var line = 1
        /// Index of the current line's first scalar (for columns).
        var lineStart = 0

        init(_ scalars: [Unicode.Scalar]) {
            self.scalars = scalars
            if scalars.first == "\u{FEFF}" { i = 1; lineStart = 1 }
        }

        var column: Int { i - lineStart + 1 }

        /// Excel's first line `sep=;`: that character separates fields and
        /// the line is not a record.
        mutating func readSeparatorLine() throws(Failure) {
            let prefix: [Unicode.Scalar] = ["s", "e", "p", "="]
            guard scalars.count - i >= prefix.count, Array(scalars[i ..< i + prefix.count]) == prefix else { return }
            var end = i + prefix.count
            while end < scalars.count, scalars[end] != "\n", scalars[end] != "\r" { end += 1 }
            let named = scalars[(i + prefix.count) ..< end]
            guard named.count == 1, let separator = named.first, separator != "\"" else {
                throw Failure(line: 1, column: column + prefix.count, message:
                    "the first line 'sep=' (Excel's separator line) must name one character other than '\"', as in sep=; or sep=,")
            }
            self.separator = separator
            i = end
            endLine()
        }

        /// Steps over a CRLF, LF or CR (or nothing, at the end) to the next line.
        mutating func endLine() {
            if i < scalars.count, scalars[i] == "\r" {
                i += 1
                if i < scalars.count, scalars[i] == "\n" { i += 1 }
            } else if i < scalars.count, scalars[i] == "\n" {
                i += 1
            }
            line += 1
            lineStart = i
        }

        /// Skips the rest of a broken record's line.
        mutating func skipLine() {
            while i < scalars.count, scalars[i] != "\n", scalars[i] != "\r" { i += 1 }
            endLine()
        }

        /// The next record, skipping lines of only white space and separators;
        /// nil at the end.
        mutating func next() -> Record? {
            while i < scalars.count {
                let recordLine = line
                var fields: [String] = []
                var field = String.UnicodeScalarView()
                var quoted = false          // inside a quoted field
                var wasQuoted = false       // the current field was quoted and has closed
                var anyQuoted = false
                var opened = (line: 0, column: 0)
                var problem: Failure?
                record: while true {
                    guard i < scalars.count else {
                        if quoted {
                            let last = scalars.last == "\n" ? line - 1 : line
                            problem = Failure(line: opened.line, column: opened.column, message:
                                "a quoted field opened here is never closed, so this row and every line after it (to line \(last)) "
                                + "were not read; close the quote, or double a quote inside the field (\"\")")
                        }
                        break record
                    }
                    let c = scalars[i]
                    if quoted {
                        if c == "\"" {
                            if i + 1 < scalars.count, scalars[i + 1] == "\"" { field.append("\""); i += 2; continue }
                            quoted = false; wasQuoted = true; i += 1; continue
                        }
                        field.append(c); i += 1
                        // A line break inside the field: LF, CRLF or a CR alone.
                        if c == "\r" || c == "\n" {
                            if !(c == "\n" && scalars[i - 2] == "\r") { line += 1 }
                            lineStart = i
                        }
                        continue
                    }
                    if c == separator {
                        fields.append(String(field)); field = String.UnicodeScalarView(); wasQuoted = false; i += 1
                    } else if c == "\r" || c == "\n" {
                        endLine()
                        break record
                    } else if c == "\"" && field.isEmpty && !wasQuoted {
                        quoted = true; anyQuoted = true; opened = (line, column); i += 1
                    } else if c == "\"" || wasQuoted {
                        problem = Failure(line: line, column: column, message: wasQuoted
                            ? "text after a closing quote; put the whole field in quotes, doubling a quote inside it (\"\")"
                            : "a quote inside an unquoted field; quote the whole field and double the quote (\"\")")
                        skipLine()
                        break record
                    } else {
                        field.append(c); i += 1
                    }
                }
                fields.append(String(field))
                if problem == nil, !anyQuoted,
                   fields.allSatisfy({ $0.unicodeScalars.allSatisfy { $0 == " " || $0 == "\t" } }) { continue }
                return Record(fields: fields, line: recordLine, problem: problem)
            }
            return nil
        }
    }
}
