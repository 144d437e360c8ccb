extension CSVReader {
    /// The scalars of `bytes`, which must be UTF-8 (a BOM is kept here and
    /// skipped by the scanner).
    /// - Throws: `Failure` at the first byte that is not UTF-8, or at line 1
    ///   for UTF-16, naming the export that writes UTF-8: Excel's
    ///   "CSV UTF-8 (Comma delimited)". Excel's plain "CSV (Comma delimited)"
    ///   writes the system's code page (Windows-1252 in Western Europe and
    ///   the Americas, Shift-JIS in Japan), its "Unicode Text" UTF-16.
    static func text(_ bytes: [UInt8]) throws(Failure) -> [Unicode.Scalar] {
        let saveAsUTF8 = "save it from Excel as \"CSV UTF-8 (Comma delimited) (*.csv)\", or choose the character set "
            + "UTF-8 in LibreOffice or your tool's export"
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            throw Failure(line: 1, message: "the file is UTF-16 (Excel's \"Unicode Text\"), not UTF-8; \(saveAsUTF8)")
        }
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(bytes.count)
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0, line = 1, lineStart = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                // Lines end at LF, CRLF or a CR alone, as the scanner counts them.
                if scalar == "\r" || scalar == "\n" {
                    if !(scalar == "\n" && scalars.last == "\r") { line += 1 }
                    lineStart = scalars.count + 1
                }
                scalars.append(scalar)
                offset += UTF8.width(scalar)
            case .emptyInput:
                return scalars
            case .error:
                let byte = String(bytes[offset], radix: 16, uppercase: true)
                throw Failure(line: line, column: scalars.count - lineStart + 1, message:
                    "byte 0x\(byte.count == 1 ? "0" : "")\(byte) is not UTF-8: the file is in another encoding "
                    + "(Excel's plain \"CSV (Comma delimited)\" writes the system's code page); \(saveAsUTF8)")
            }
        }
    }
}
