/// Finds `//` and `/* */` comments in a YAML document written in flow style
/// (its first non-blank character is `{` or `[`, so it looks like JSON):
/// libyaml would report a confusing error elsewhere, so each is an error at
/// its own line:column, "JSON does not allow comments". A comment is only
/// recognised where a token may start, so a URL in a plain scalar is not one.
/// (`.json` documents are read by `JSONReader`, which reports comments itself.)
enum JSONLint {
    /// True when the first non-blank character is `{` or `[`.
    static func looksLikeJSON(_ source: SourceText) -> Bool {
        let first = source.bytes.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    /// The comment errors, in source order (none unless `looksLikeJSON`).
    static func comments(in source: SourceText) -> [Diagnostic] {
        guard looksLikeJSON(source) else { return [] }
        let bytes = source.bytes
        var comments: [Diagnostic] = []
        func at(_ offset: Int) -> SourceLocation {
            let position = source.position(ofByte: offset)
            return source.location(line: position.line, column: position.column)
        }
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                i += 1
                while i < bytes.count && bytes[i] != b && bytes[i] != 0x0A {
                    i += bytes[i] == UInt8(ascii: "\\") && b == UInt8(ascii: "\"") ? 2 : 1
                }
            case UInt8(ascii: "/") where i + 1 < bytes.count
                    && (bytes[i + 1] == UInt8(ascii: "/") || bytes[i + 1] == UInt8(ascii: "*"))
                    && startsToken(at: i, in: bytes):
                comments.append(Diagnostic(.syntax, at: at(i), "JSON does not allow comments",
                                           notes: ["remove the comment, or write the document in YAML, where comments start with '#'"]))
                if bytes[i + 1] == UInt8(ascii: "/") {
                    while i < bytes.count && bytes[i] != 0x0A { i += 1 }
                } else {
                    i += 2
                    while i + 1 < bytes.count && !(bytes[i] == UInt8(ascii: "*") && bytes[i + 1] == UInt8(ascii: "/")) { i += 1 }
                    i += 1
                }
            default:
                break
            }
            i += 1
        }
        return comments
    }

    /// True when the byte at `offset` starts a token: the first byte, or
    /// after white space or `{ [ ,`. A `//` inside a YAML plain scalar
    /// (`{src: http://example.org/a.jpg}`) is not a comment.
    private static func startsToken(at offset: Int, in bytes: [UInt8]) -> Bool {
        guard offset > 0 else { return true }
        return [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: ",")]
            .contains(bytes[offset - 1])
    }
}
