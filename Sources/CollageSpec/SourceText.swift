/// The bytes of one document as the loader read them, with a line index,
/// so diagnostics can quote the offending line without re-reading the file.
///
/// Lines and columns are 1-based; columns count Unicode scalars
/// (README "Rules": Errors). A leading UTF-8 byte order mark is not part of
/// line 1's text.
public struct SourceText: Sendable, Hashable {
    /// The document's path as the user gave it ("<stdin>" for standard input).
    public let file: String
    /// The document exactly as read (BOM included, if any).
    public let bytes: [UInt8]
    /// Byte offset where each line starts; `lineStarts[0]` is 0, or 3 after a BOM.
    private let lineStarts: [Int]

    public init(file: String, bytes: [UInt8]) {
        self.file = file
        self.bytes = bytes
        let bom = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        var starts = [bom ? 3 : 0]
        var i = starts[0]
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x0A {
                starts.append(i + 1)
            } else if b == 0x0D {
                // CR LF counts as one line break, a lone CR as one too (as libyaml does).
                if i + 1 < bytes.count && bytes[i + 1] == 0x0A { i += 1 }
                starts.append(i + 1)
            }
            i += 1
        }
        self.lineStarts = starts
    }

    /// Number of lines, counting the empty line after a final line break.
    public var lineCount: Int { lineStarts.count }

    /// The text of a 1-based line without its line break, or nil when out of range.
    /// Invalid UTF-8 is replaced by U+FFFD.
    public func line(_ number: Int) -> String? {
        guard number >= 1, number <= lineStarts.count else { return nil }
        let start = lineStarts[number - 1]
        var end = number < lineStarts.count ? lineStarts[number] : bytes.count
        while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The Unicode scalar at a 1-based line and column, or nil past the line's end.
    public func scalar(line: Int, column: Int) -> Unicode.Scalar? {
        guard let text = self.line(line), column >= 1 else { return nil }
        let scalars = text.unicodeScalars
        guard column <= scalars.count else { return nil }
        return scalars[scalars.index(scalars.startIndex, offsetBy: column - 1)]
    }

    /// The 1-based line and column (in Unicode scalars) of a byte offset.
    public func position(ofByte offset: Int) -> (line: Int, column: Int) {
        let clamped = max(0, min(offset, bytes.count))
        // Binary search for the last line start <= offset.
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
        }
        let start = min(lineStarts[low], clamped)
        var column = 1
        for b in bytes[start..<clamped] where b & 0xC0 != 0x80 { column += 1 }
        return (low + 1, column)
    }

    /// A location in this document.
    public func location(line: Int, column: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }
}
