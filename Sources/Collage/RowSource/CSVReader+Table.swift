extension CSVReader {
    /// A file read as a header and data rows.
    public struct Table: Sendable {
        /// The header's names, in column order (a trailing separator's empty
        /// last column dropped).
        public var header: [String]
        /// The data rows in file order, failed ones included.
        public var rows: [Row]
    }

    /// One data row: header name -> value, or why the row could not be read.
    public struct Row: Sendable, Hashable {
        /// The row's values by header name; empty for a failed row.
        public var fields: [String: String]
        /// The line the row starts on.
        public var line: Int
        /// Why the row could not be read: broken quoting, or a field count
        /// that is not the header's. The other rows are read as usual.
        public var failure: Failure?
    }

    /// The header and the data rows (docs/batch.md "Tables as spreadsheets
    /// export them").
    ///
    /// The first record is the header. An empty last header name whose
    /// column is empty in every record of the header's width (a separator
    /// at the end of every line) is dropped. A record whose quoting is
    /// broken, or whose field count is not the header's (the trailing
    /// separator counted), is a failed row at its line.
    /// - Throws: `Failure` for the whole-file problems of `records(_:)`, an
    ///   empty file, a header whose quoting is broken, or an empty or
    ///   repeated header name.
    public static func table(_ bytes: [UInt8]) throws(Failure) -> Table {
        var records = try records(bytes)[...]
        guard let headerRecord = records.popFirst() else {
            throw Failure(line: 1, message: "the file is empty; it needs a header row")
        }
        if let problem = headerRecord.problem { throw problem }
        let width = headerRecord.fields.count
        var header = headerRecord.fields
        if width > 1, header.last == "",
           records.allSatisfy({ $0.problem != nil || $0.fields.count != width || $0.fields.last == "" }) {
            header.removeLast()
        }
        var seen = Set<String>()
        for (index, name) in header.enumerated() {
            guard !name.isEmpty else {
                throw Failure(line: headerRecord.line, message: "header column \(index + 1) has no name")
            }
            guard seen.insert(name).inserted else {
                throw Failure(line: headerRecord.line, message: "header name '\(name)' appears twice")
            }
        }
        let rows = records.map { record in
            if let problem = record.problem { return Row(fields: [:], line: record.line, failure: problem) }
            guard record.fields.count == width else {
                let count = record.fields.count
                let hint = count > width ? "; a field that holds the separator must be in double quotes" : ""
                return Row(fields: [:], line: record.line, failure: Failure(line: record.line, message:
                    "this row has \(count) field\(count == 1 ? "" : "s"), the header line \(width)\(hint)"))
            }
            return Row(fields: Dictionary(uniqueKeysWithValues: zip(header, record.fields)), line: record.line, failure: nil)
        }
        return Table(header: header, rows: rows)
    }
}
