import CImageShim
import CollageCodecs

/// A deterministic PDF 1.6 file written front to back into an
/// `EncodedSink` (ISO 32000-1, 7.5: objects, cross-reference table,
/// trailer): objects are numbered when reserved and written when done, so a
/// page's images leave memory with the page; the page tree, the catalog and
/// the cross-reference table come last. Streams are Flate-compressed
/// (zlib level 6) unless they carry their own filter. The trailer's `/ID`
/// is the SHA-256 of every byte before the cross-reference table (its first
/// 16 bytes, twice), so the same document gives the same file.
final class PDFWriter {
    private let sink: EncodedSink
    private var hash = SHA256()
    /// Byte offset of each object (index: number - 1); nil while unwritten.
    private var offsets: [Int?] = []
    private var position = 0

    init(sink: EncodedSink) {
        self.sink = sink
        // The header, and a comment of high bytes marking the file as binary.
        emit(Array("%PDF-1.6\n%".utf8) + [0xE2, 0xE3, 0xCF, 0xD3, 0x0A])
    }

    private func emit(_ bytes: [UInt8]) {
        sink.append(bytes)
        hash.update(bytes)
        position += bytes.count
    }

    private func emit(_ text: String) { emit(Array(text.utf8)) }

    /// A new object number, its object to be written later.
    func reserve() -> Int {
        offsets.append(nil)
        return offsets.count
    }

    /// Writes object `number` (reserved) with `body`, a PDF value.
    func object(_ number: Int, _ body: String) {
        offsets[number - 1] = position
        emit("\(number) 0 obj\n\(body)\nendobj\n")
    }

    /// Writes a new object with `body`; its number.
    @discardableResult
    func object(_ body: String) -> Int {
        let number = reserve()
        object(number, body)
        return number
    }

    /// Writes object `number` as a stream: `dictionary` (the entries inside
    /// `<< >>`, without `/Length` and the filter) and `data`, Flate-compressed
    /// unless `filter` names the data's own (`/DCTDecode`).
    /// - Throws: `ImageError(kind: .encodeFailed)` when zlib fails.
    func stream(_ number: Int, _ dictionary: String, _ data: [UInt8], filter: String? = nil) throws(ImageError) {
        var data = data
        var entries = dictionary
        if let filter {
            entries += " /Filter \(filter)"
        } else {
            data = try Self.deflate(data)
            entries += " /Filter /FlateDecode"
        }
        offsets[number - 1] = position
        emit("\(number) 0 obj\n<< \(entries) /Length \(data.count) >>\nstream\n")
        emit(data)
        emit("\nendstream\nendobj\n")
    }

    /// As `stream(_:_:_:filter:)` for a new object; its number.
    @discardableResult
    func stream(_ dictionary: String, _ data: [UInt8], filter: String? = nil) throws(ImageError) -> Int {
        let number = reserve()
        try stream(number, dictionary, data, filter: filter)
        return number
    }

    /// The cross-reference table and the trailer (`root` the catalog,
    /// `info` the document information dictionary); the file is complete.
    /// - Precondition: every reserved object was written.
    func finish(root: Int, info: Int?) {
        var idHash = hash
        let id = String(idHash.hex().prefix(32))
        let start = position
        var table = "xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n"
        for offset in offsets {
            let text = String(offset ?? 0)
            table += String(repeating: "0", count: max(0, 10 - text.count)) + text + (offset == nil ? " 65535 f \n" : " 00000 n \n")
        }
        emit(table)
        emit("trailer\n<< /Size \(offsets.count + 1) /Root \(root) 0 R" + (info.map { " /Info \($0) 0 R" } ?? "")
             + " /ID [<\(id)> <\(id)>] >>\nstartxref\n\(start)\n%%EOF\n")
        sink.flush()
    }

    /// zlib's deflate of `data` (level 6).
    /// - Throws: `ImageError(kind: .encodeFailed)`.
    static func deflate(_ data: [UInt8]) throws(ImageError) -> [UInt8] {
        var buffer = collage_buffer()
        let status = data.withUnsafeBufferPointer { collage_deflate($0.baseAddress, $0.count, &buffer) }
        defer { collage_buffer_free(&buffer) }
        guard status == 0 else {
            throw ImageError(path: "<output>", reason: "PDF stream compression failed", kind: .encodeFailed)
        }
        return Array(UnsafeBufferPointer(start: buffer.bytes, count: buffer.length))
    }

    /// A PDF text string: `text` in parentheses, `\`, `(` and `)` escaped.
    static func string(_ text: String) -> String {
        var out = "("
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\", "(", ")": out += "\\" + String(scalar)
            case " " ... "~": out.unicodeScalars.append(scalar)
            default: out += "?"
            }
        }
        return out + ")"
    }
}
