/// Reads a JSON document by RFC 8259 into the same `Node` tree as
/// `YAMLReader`, every node located at its first character (line and
/// column 1-based, columns in Unicode scalars, a leading UTF-8 BOM skipped).
///
/// What it accepts and refuses (docs/format.md "JSON"):
/// - RFC 8259 grammar exactly: any value at the top level, numbers
///   `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?` kept as written (the
///   key that holds them types them, as in YAML), the escapes `\" \\ \/ \b
///   \f \n \r \t \uXXXX` with UTF-16 surrogate pairs decoded, white space
///   only space, tab, LF and CR. DEL and noncharacters (U+FFFF, U+FDD0, ...)
///   are ordinary characters.
/// - Errors, all of kind `.syntax` at their line:column, reading stops at the
///   first: anything else, including a raw control character or line break
///   in a string, an unpaired surrogate escape (a Swift string cannot hold
///   one), invalid UTF-8, text after the value, an empty document and
///   nesting deeper than `maxDepth`.
/// - Comments (`//`, `/* */`) are errors ("JSON does not allow comments")
///   reported where they are; reading goes on after them.
/// - Lenient, warnings of kind `.syntax` ("not strict JSON: ..."; errors
///   under `--strict`): a trailing comma before `]` or `}`, and a
///   single-quoted string (read like a double-quoted one, `\'` escaping the quote).
/// - A key given twice is `.duplicateKey` naming both lines (the first value
///   is kept). `<<` is a plain key: merge keys are YAML only.
struct JSONReader {
    /// Deepest nesting of arrays and objects accepted.
    static let maxDepth = 512

    private let source: SourceText
    private let bytes: [UInt8]
    private var offset: Int
    private var line = 1
    private var column = 1
    private var depth = 0
    private var diagnostics: [Diagnostic] = []

    /// Thrown inside the reader to stop at the first syntax error (already in `diagnostics`).
    private struct Stop: Error {}

    private init(source: SourceText) {
        self.source = source
        self.bytes = source.bytes
        let bom = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        self.offset = bom ? 3 : 0
    }

    /// Reads the whole document; never throws: problems are in `diagnostics`
    /// (the root is nil after a syntax error).
    static func read(_ source: SourceText) -> YAMLReader.Result {
        var reader = JSONReader(source: source)
        do {
            try reader.skipSpace()
            guard reader.offset < reader.bytes.count else {
                try reader.fail(at: reader.here, "the document is empty; a JSON document holds one value, "
                                + "such as an object {…}")
            }
            let root = try reader.value()
            try reader.skipSpace()
            if reader.offset < reader.bytes.count {
                try reader.fail(at: reader.here, "unexpected \(reader.describeHere()) after the end of the JSON value",
                                notes: ["a JSON document holds exactly one value"])
            }
            let failed = reader.diagnostics.contains { $0.severity == .error && $0.kind == .syntax }
            return YAMLReader.Result(root: failed ? nil : root, diagnostics: reader.diagnostics)
        } catch {
            return YAMLReader.Result(root: nil, diagnostics: reader.diagnostics)
        }
    }

    // MARK: - Position

    private var here: SourceLocation { source.location(line: line, column: column) }

    private var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    /// Moves past one byte that is not a line break (columns count scalars,
    /// so UTF-8 continuation bytes do not advance the column).
    private mutating func advance() {
        if bytes[offset] & 0xC0 != 0x80 { column += 1 }
        offset += 1
    }

    /// Moves past a line break (LF, CR LF or a lone CR, counted as SourceText does).
    private mutating func advanceLineBreak() {
        if bytes[offset] == 0x0D, offset + 1 < bytes.count, bytes[offset + 1] == 0x0A { offset += 1 }
        offset += 1
        line += 1
        column = 1
    }

    private mutating func fail(at location: SourceLocation, _ message: String, notes: [String] = []) throws -> Never {
        diagnostics.append(Diagnostic(.syntax, at: location, message, notes: notes))
        throw Stop()
    }

    private func warn(at location: SourceLocation, _ message: String) -> Diagnostic {
        Diagnostic(.syntax, at: location, "not strict JSON: " + message, severity: .warning)
    }

    /// The character at the cursor for a message: `'x'`, "a tab", "the end of
    /// the document", or "byte 0xNN" when it is not valid UTF-8.
    private func describeHere() -> String {
        guard let b = current else { return "the end of the document" }
        switch b {
        case 0x09: return "a tab"
        case 0x0A, 0x0D: return "a line break"
        case 0x00..<0x20: return "control character U+" + hex(UInt32(b), digits: 4)
        case 0x20..<0x80: return "'\(Character(Unicode.Scalar(b)))'"
        default:
            if let (scalar, _) = decodeScalar(at: offset) {
                return "'\(Character(scalar))' (U+\(hex(scalar.value, digits: 4)))"
            }
            return "byte 0x" + hex(UInt32(b), digits: 2) + ", which is not valid UTF-8"
        }
    }

    private func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    // MARK: - White space and comments

    /// Skips RFC 8259 white space; a comment is an error at its start, then skipped.
    private mutating func skipSpace() throws {
        while let b = current {
            switch b {
            case 0x20, 0x09: advance()
            case 0x0A, 0x0D: advanceLineBreak()
            case UInt8(ascii: "/") where offset + 1 < bytes.count
                    && (bytes[offset + 1] == UInt8(ascii: "/") || bytes[offset + 1] == UInt8(ascii: "*")):
                diagnostics.append(Diagnostic(.syntax, at: here, "JSON does not allow comments",
                    notes: ["remove the comment, or write the document in YAML, where comments start with '#'"]))
                let start = here
                let block = bytes[offset + 1] == UInt8(ascii: "*")
                advance(); advance()
                var closed = !block
                while let c = current {
                    if !block && (c == 0x0A || c == 0x0D) { break }
                    if block && c == UInt8(ascii: "*") && offset + 1 < bytes.count && bytes[offset + 1] == UInt8(ascii: "/") {
                        advance(); advance()
                        closed = true
                        break
                    }
                    if c == 0x0A || c == 0x0D { advanceLineBreak() } else { advance() }
                }
                if !closed { try fail(at: start, "this comment is not closed by '*/'") }
            default:
                return
            }
        }
    }

    // MARK: - Values

    private mutating func value() throws -> Node {
        let start = here
        guard let b = current else {
            try fail(at: start, "expected a JSON value, found the end of the document")
        }
        switch b {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return Node(.scalar(try string(), .quoted), at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return Node(.scalar(try number(), .plain), at: start)
        default:
            let word = self.word()
            if word == "true" || word == "false" || word == "null" {
                for _ in word.utf8 { advance() }
                return Node(.scalar(word, .plain), at: start)
            }
            if word.isEmpty {
                try fail(at: start, "expected a JSON value, found \(describeHere())")
            }
            var notes: [String] = []
            switch word {
            case "NaN", "Infinity", "nan", "inf", "infinity": notes = ["JSON numbers are finite: write the number itself"]
            case "True", "False", "TRUE", "FALSE", "yes", "no": notes = ["JSON booleans are lowercase 'true' and 'false'"]
            case "None", "NULL", "Null", "nil": notes = ["JSON's null is lowercase 'null'"]
            default: notes = ["strings are written in double quotes, e.g. \"\(word)\""]
            }
            try fail(at: start, "'\(word)' is not a JSON value", notes: notes)
        }
    }

    /// The run of ASCII letters, digits and `_ + - .` at the cursor (for messages).
    private func word() -> String {
        var end = offset
        while end < bytes.count, end - offset < 40 {
            let c = bytes[end]
            let isWord = (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
                || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "_")
                || c == UInt8(ascii: "+") || c == UInt8(ascii: "-") || c == UInt8(ascii: ".")
            guard isWord else { break }
            end += 1
        }
        return String(decoding: bytes[offset..<end], as: UTF8.self)
    }

    private mutating func enter(_ start: SourceLocation) throws {
        depth += 1
        if depth > Self.maxDepth {
            try fail(at: start, "the document nests more than \(Self.maxDepth) levels deep")
        }
    }

    private mutating func array() throws -> Node {
        let start = here
        try enter(start)
        advance()   // [
        var items: [Node] = []
        try skipSpace()
        if current == UInt8(ascii: "]") {
            advance()
            depth -= 1
            return Node(.sequence(items), at: start)
        }
        while true {
            try skipSpace()
            if current == UInt8(ascii: ",") {
                try fail(at: here, "expected a value before this ','")
            }
            items.append(try value())
            if try endOfItem(closer: "]", item: "an item of this array", container: "array", start: start) {
                return Node(.sequence(items), at: start)
            }
        }
    }

    /// After an item of an array or object that `closer` ends: a comma
    /// (warned when `closer` follows it: a trailing comma) or `closer`
    /// itself, which leaves the container. Returns true when it ended.
    /// - Throws: the syntax error for anything else.
    private mutating func endOfItem(closer: Unicode.Scalar, item: String, container: String,
                                    start: SourceLocation) throws -> Bool {
        let close = UInt8(ascii: closer)
        try skipSpace()
        if current == UInt8(ascii: ",") {
            let comma = here
            advance()
            try skipSpace()
            guard current == close else { return false }
            diagnostics.append(warn(at: comma, "trailing comma"))
        } else if current != close {
            try fail(at: here, "expected ',' or '\(closer)' after \(item), found \(describeHere())",
                     notes: ["the \(container) starts at \(start)"])
        }
        advance()
        depth -= 1
        return true
    }

    private mutating func object() throws -> Node {
        let start = here
        try enter(start)
        advance()   // {
        var entries: [Node.Entry] = []
        var seen: [String: SourceLocation] = [:]
        try skipSpace()
        if current == UInt8(ascii: "}") {
            advance()
            depth -= 1
            return Node(.mapping(entries), at: start)
        }
        while true {
            try skipSpace()
            let keyLocation = here
            guard current == UInt8(ascii: "\"") || current == UInt8(ascii: "'") else {
                if current == UInt8(ascii: ",") { try fail(at: keyLocation, "expected a member before this ','") }
                let word = self.word()
                if !word.isEmpty && current != UInt8(ascii: "-") && !(current! >= UInt8(ascii: "0") && current! <= UInt8(ascii: "9")) {
                    try fail(at: keyLocation, "an object key must be a string in double quotes; found '\(word)'",
                             notes: ["write \"\(word)\""])
                }
                try fail(at: keyLocation, "expected a key (a string in double quotes), found \(describeHere())",
                         notes: ["the object starts at \(start)"])
            }
            let key = try string()
            try skipSpace()
            guard current == UInt8(ascii: ":") else {
                try fail(at: here, "expected ':' after the key \(JSONText.quoted(key)), found \(describeHere())")
            }
            advance()
            try skipSpace()
            let member = try value()
            if let first = seen[key] {
                diagnostics.append(Diagnostic(.duplicateKey, at: keyLocation,
                    "duplicate key '\(key)' on line \(keyLocation.line); it is already on line \(first.line)",
                    notes: ["the first '\(key)' is at \(first)"]))
            } else {
                seen[key] = keyLocation
                entries.append(Node.Entry(key: key, keyLocation: keyLocation, value: member))
            }
            if try endOfItem(closer: "}", item: "a member of this object", container: "object", start: start) {
                return Node(.mapping(entries), at: start)
            }
        }
    }

    // MARK: - Numbers

    /// A number's text as written, after checking it against RFC 8259 §6.
    private mutating func number() throws -> String {
        let start = here
        let first = offset
        func isDigit(_ b: UInt8?) -> Bool { b.map { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } ?? false }
        if current == UInt8(ascii: "-") { advance() }
        guard isDigit(current) else {
            try fail(at: start, "'\(word())' is not a JSON number: a digit must follow '-'")
        }
        if current == UInt8(ascii: "0") {
            advance()
            if isDigit(current) {
                try fail(at: start, "'\(wordFrom(first))' is not a JSON number: it has a leading zero",
                         notes: ["write the number without leading zeros"])
            }
        } else {
            while isDigit(current) { advance() }
        }
        if current == UInt8(ascii: ".") {
            advance()
            guard isDigit(current) else {
                try fail(at: start, "'\(wordFrom(first))' is not a JSON number: a digit must follow '.'")
            }
            while isDigit(current) { advance() }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            advance()
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { advance() }
            guard isDigit(current) else {
                try fail(at: start, "'\(wordFrom(first))' is not a JSON number: the exponent has no digits")
            }
            while isDigit(current) { advance() }
        }
        let text = String(decoding: bytes[first..<offset], as: UTF8.self)
        if let b = current, !(b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == UInt8(ascii: ",")
                              || b == UInt8(ascii: "]") || b == UInt8(ascii: "}") || b == UInt8(ascii: "/")) {
            try fail(at: start, "'\(wordFrom(first))' is not a JSON number",
                     notes: ["JSON numbers are decimal: -12, 0.5, 1e3 (no hex, no leading '+', '.' or zeros)"])
        }
        return text
    }

    /// The word starting at byte `first` (for messages about a number).
    private func wordFrom(_ first: Int) -> String {
        var end = first
        while end < bytes.count, end - first < 40 {
            let c = bytes[end]
            if c < 0x21 || c == UInt8(ascii: ",") || c == UInt8(ascii: "]") || c == UInt8(ascii: "}") || c >= 0x80 { break }
            end += 1
        }
        return String(decoding: bytes[first..<end], as: UTF8.self)
    }

    // MARK: - Strings

    /// A string's value; the cursor is on its opening quote.
    private mutating func string() throws -> String {
        let start = here
        let quote = bytes[offset]
        if quote == UInt8(ascii: "'") {
            diagnostics.append(warn(at: start, "single-quoted string; use double quotes"))
        }
        advance()
        var scalars = String.UnicodeScalarView()
        while true {
            guard let b = current else {
                try fail(at: start, "this string is not closed", notes: ["add the closing quote"])
            }
            switch b {
            case quote:
                advance()
                return String(scalars)
            case UInt8(ascii: "\\"):
                scalars.append(try escape(quote: quote))
            case 0x0A, 0x0D:
                try fail(at: here, "a line break inside a string; write it as \\n",
                         notes: ["the string starts at \(start)"])
            case 0x00..<0x20:
                try fail(at: here, "control character U+\(hex(UInt32(b), digits: 4)) inside a string; "
                         + "write it as an escape (\\t, \\u\(hex(UInt32(b), digits: 4)))")
            case 0x20..<0x80:
                scalars.append(Unicode.Scalar(b))
                advance()
            default:
                guard let (scalar, length) = decodeScalar(at: offset) else {
                    try fail(at: here, "the document is not valid UTF-8 text (byte 0x\(hex(UInt32(b), digits: 2)) in a string)")
                }
                scalars.append(scalar)
                for _ in 0..<length { advance() }
            }
        }
    }

    /// One escape sequence; the cursor is on the backslash.
    private mutating func escape(quote: UInt8) throws -> Unicode.Scalar {
        let start = here
        advance()
        guard let c = current else { try fail(at: start, "this string is not closed") }
        let simple: Unicode.Scalar?
        switch c {
        case UInt8(ascii: "\""): simple = "\""
        case UInt8(ascii: "\\"): simple = "\\"
        case UInt8(ascii: "/"): simple = "/"
        case UInt8(ascii: "b"): simple = "\u{08}"
        case UInt8(ascii: "f"): simple = "\u{0C}"
        case UInt8(ascii: "n"): simple = "\n"
        case UInt8(ascii: "r"): simple = "\r"
        case UInt8(ascii: "t"): simple = "\t"
        case UInt8(ascii: "'") where quote == UInt8(ascii: "'"): simple = "'"
        case UInt8(ascii: "u"): simple = nil
        default:
            let shown = c >= 0x20 && c < 0x7F ? String(Character(Unicode.Scalar(c))) : "U+" + hex(UInt32(c), digits: 4)
            try fail(at: start, "'\\\(shown)' is not a JSON escape",
                     notes: ["JSON escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX (four hex digits)"])
        }
        if let simple {
            advance()
            return simple
        }
        advance()   // u
        let unit = try hexUnit(escapeStart: start)
        switch unit {
        case 0xD800...0xDBFF:
            // A high surrogate must be followed by an escaped low surrogate.
            guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else {
                try fail(at: start, "'\\u\(hex(unit, digits: 4))' is half of a UTF-16 surrogate pair; "
                         + "the second half (\\uDC00-\\uDFFF) must follow")
            }
            let second = here
            advance(); advance()
            let low = try hexUnit(escapeStart: second)
            guard (0xDC00...0xDFFF).contains(low) else {
                try fail(at: start, "'\\u\(hex(unit, digits: 4))' is half of a UTF-16 surrogate pair, "
                         + "but '\\u\(hex(low, digits: 4))' is not its second half (\\uDC00-\\uDFFF)")
            }
            return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
        case 0xDC00...0xDFFF:
            try fail(at: start, "'\\u\(hex(unit, digits: 4))' is the second half of a UTF-16 surrogate pair, "
                     + "with no first half before it")
        default:
            return Unicode.Scalar(unit)!
        }
    }

    /// The four hex digits after `\u`.
    private mutating func hexUnit(escapeStart: SourceLocation) throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let c = current else { try fail(at: escapeStart, "this string is not closed") }
            let digit: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(c - UInt8(ascii: "A") + 10)
            default:
                try fail(at: escapeStart, "'\\u' must be followed by four hex digits",
                         notes: ["for example \\u00e9 for é; characters beyond U+FFFF are a surrogate pair such as \\ud83d\\ude00"])
            }
            value = value * 16 + digit
            advance()
        }
        return value
    }

    /// The scalar encoded at byte `at` by well-formed UTF-8 (no overlong
    /// forms, no surrogates, at most U+10FFFF) and its length in bytes.
    private func decodeScalar(at start: Int) -> (Unicode.Scalar, Int)? {
        let b0 = UInt32(bytes[start])
        let length: Int, minimum: UInt32
        var value: UInt32
        switch b0 {
        case 0x00..<0x80: return (Unicode.Scalar(UInt8(b0)), 1)
        case 0xC0..<0xE0: length = 2; minimum = 0x80; value = b0 & 0x1F
        case 0xE0..<0xF0: length = 3; minimum = 0x800; value = b0 & 0x0F
        case 0xF0..<0xF8: length = 4; minimum = 0x10000; value = b0 & 0x07
        default: return nil
        }
        guard start + length <= bytes.count else { return nil }
        for i in 1..<length {
            let b = UInt32(bytes[start + i])
            guard b & 0xC0 == 0x80 else { return nil }
            value = value << 6 | (b & 0x3F)
        }
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}
