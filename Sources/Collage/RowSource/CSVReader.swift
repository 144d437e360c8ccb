/// A reader for RFC 4180 CSV in UTF-8, the format spreadsheets export.
///
/// Fields are separated by commas and records by CRLF or LF; a field in
/// double quotes may hold commas, line breaks and doubled quotes (`""` for
/// one `"`). The first record is the header. Every record must have as many
/// fields as the header; a final line break is optional and a UTF-8 BOM is
/// skipped. Written here rather than taken from a library: Foundation on
/// Linux has no CSV reader and the package takes no outside dependencies.
public enum CSVReader {
    /// A problem, at a 1-based line of the file.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        public var line: Int
        public var message: String
        public var description: String { "line \(line): \(message)" }
    }

    /// One record: its fields and the line it starts on.
    public struct Record: Sendable, Hashable {
        public var fields: [String]
        public var line: Int
    }

    /// Splits `bytes` into records.
    /// - Throws: `Failure` for invalid UTF-8, a quote inside an unquoted
    ///   field, text after a closing quote, or an unclosed quote.
    public static func records(_ bytes: [UInt8]) throws(Failure) -> [Record] {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw Failure(line: 1, message: "the file is not valid UTF-8")
        }
        var scalars = Array(text.unicodeScalars)
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        var records: [Record] = []
        var fields: [String] = []
        var field = String.UnicodeScalarView()
        var line = 1
        var recordLine = 1
        var i = 0
        var quoted = false          // inside a quoted field
        var wasQuoted = false       // the current field was quoted and has closed
        var quoteLine = 1

        func endField() {
            fields.append(String(field))
            field = String.UnicodeScalarView()
            wasQuoted = false
        }
        while i < scalars.count {
            let c = scalars[i]
            if quoted {
                if c == "\"" {
                    if i + 1 < scalars.count, scalars[i + 1] == "\"" {
                        field.append("\""); i += 2; continue
                    }
                    quoted = false; wasQuoted = true; i += 1; continue
                }
                if c == "\n" { line += 1 }
                field.append(c); i += 1
                continue
            }
            switch c {
            case ",":
                endField()
            case "\r", "\n":
                if c == "\r", i + 1 < scalars.count, scalars[i + 1] == "\n" { i += 1 }
                endField()
                records.append(Record(fields: fields, line: recordLine))
                fields = []
                line += 1
                recordLine = line
            case "\"":
                guard field.isEmpty, !wasQuoted else {
                    throw Failure(line: line, message: wasQuoted
                        ? "a quoted field must end at its closing quote; write \"\" for a quote inside it"
                        : "a quote inside an unquoted field; quote the whole field and double the quote (\"\")")
                }
                quoted = true; quoteLine = line
            default:
                if wasQuoted {
                    throw Failure(line: line, message: "text after a closing quote; put the whole field in quotes")
                }
                field.append(c)
            }
            i += 1
        }
        if quoted { throw Failure(line: quoteLine, message: "a quoted field opened here is never closed") }
        if !field.isEmpty || !fields.isEmpty || wasQuoted {
            endField()
            records.append(Record(fields: fields, line: recordLine))
        }
        return records
    }

    /// A file read as a header and data rows.
    public struct Table: Sendable {
        /// The header's names, in column order.
        public var header: [String]
        /// Each data row as header name -> value, with the line it starts on.
        public var rows: [(fields: [String: String], line: Int)]
    }

    /// The header and the data rows.
    /// - Throws: `Failure` for the problems of `records(_:)`, an empty file,
    ///   an empty or repeated header name, or a record whose field count
    ///   differs from the header's.
    public static func table(_ bytes: [UInt8]) throws(Failure) -> Table {
        let all = try records(bytes)
        guard let header = all.first else { throw Failure(line: 1, message: "the file is empty; it needs a header row") }
        var seen = Set<String>()
        for (index, name) in header.fields.enumerated() {
            guard !name.isEmpty else { throw Failure(line: 1, message: "header column \(index + 1) has no name") }
            guard seen.insert(name).inserted else { throw Failure(line: 1, message: "header name '\(name)' appears twice") }
        }
        let rows = try all.dropFirst().map { record throws(Failure) in
            guard record.fields.count == header.fields.count else {
                throw Failure(line: record.line, message:
                    "this record has \(record.fields.count) field\(record.fields.count == 1 ? "" : "s"), the header \(header.fields.count)")
            }
            return (fields: Dictionary(uniqueKeysWithValues: zip(header.fields, record.fields)), line: record.line)
        }
        return Table(header: header.fields, rows: rows)
    }
}
