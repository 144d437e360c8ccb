/// Checks a JSON document for what libyaml accepts or misreports because it
/// reads JSON as YAML flow style (DESIGN.md "Document format": JSON is YAML's
/// flow subset):
///
/// - `// comment` and `/* comment */` are not JSON (RFC 8259 has no
///   comments); libyaml then reports a confusing error elsewhere, so they are
///   errors at their own line:column: "JSON does not allow comments".
/// - In a `.json` document, a trailing comma before `}` or `]` and a
///   single-quoted string are accepted (YAML allows them) but are not strict
///   JSON: warnings at their location (errors under `--strict`).
///
/// A document is treated as JSON when its name ends in `.json` or its first
/// non-blank character is `{` or `[`. A comment is only recognised where a
/// token may start, so a URL in a YAML plain scalar is not one.
enum JSONLint {
    static func isJSON(_ source: SourceText) -> Bool {
        if source.file.lowercased().hasSuffix(".json") { return true }
        let first = source.bytes.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    /// The comment errors, then (for `.json` names) the strictness warnings, in source order.
    static func check(_ source: SourceText) -> (comments: [Diagnostic], warnings: [Diagnostic]) {
        guard isJSON(source) else { return ([], []) }
        let strictName = source.file.lowercased().hasSuffix(".json")
        let bytes = source.bytes
        var comments: [Diagnostic] = [], warnings: [Diagnostic] = []
        func at(_ offset: Int) -> SourceLocation {
            let position = source.position(ofByte: offset)
            return source.location(line: position.line, column: position.column)
        }
        var i = 0
        var lastComma: Int?       // offset of a comma with only white space after it so far
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                if b == UInt8(ascii: "'") && strictName {
                    warnings.append(Diagnostic(.syntax, at: at(i), "not strict JSON: single-quoted string; use double quotes",
                                               severity: .warning))
                }
                lastComma = nil
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
            case UInt8(ascii: ","):
                lastComma = i
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if let comma = lastComma, strictName {
                    warnings.append(Diagnostic(.syntax, at: at(comma), "not strict JSON: trailing comma",
                                               severity: .warning))
                }
                lastComma = nil
            case 0x20, 0x09, 0x0A, 0x0D:
                break
            default:
                lastComma = nil
            }
            i += 1
        }
        return (comments, warnings)
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
