/// A minimal JSON writer for machine-readable output (`collage check
/// --diagnostics json`, `collage layout --json`): keys are written in the
/// order given, so output is deterministic byte for byte.
public enum JSONText {
    /// A JSON value built in code.
    public indirect enum Value: Sendable, Equatable {
        case null
        case bool(Bool)
        case int(Int)
        /// Written in Swift's shortest round-trip form; integral values
        /// without a fraction (`12`, not `12.0`); non-finite values as null.
        case number(Double)
        case string(String)
        case array([Value])
        /// Keys in this order.
        case object([(String, Value)])

        public static func == (a: Value, b: Value) -> Bool { JSONText.write(a) == JSONText.write(b) }
    }

    /// `value` as JSON text, two-space indented, ending without a newline.
    public static func write(_ value: Value) -> String {
        var out = ""
        write(value, indent: "", into: &out)
        return out
    }

    private static func write(_ value: Value, indent: String, into out: inout String) {
        let inner = indent + "  "
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let n): out += String(n)
        case .number(let d): out += number(d)
        case .string(let s): out += quoted(s)
        case .array(let items):
            guard !items.isEmpty else { out += "[]"; return }
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += inner
                write(item, indent: inner, into: &out)
                out += i + 1 < items.count ? ",\n" : "\n"
            }
            out += indent + "]"
        case .object(let members):
            guard !members.isEmpty else { out += "{}"; return }
            out += "{\n"
            for (i, (key, member)) in members.enumerated() {
                out += inner + quoted(key) + ": "
                write(member, indent: inner, into: &out)
                out += i + 1 < members.count ? ",\n" : "\n"
            }
            out += indent + "}"
        }
    }

    /// A number as `write` prints it (`12`, `12.5`; null when not finite).
    public static func number(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        return NumberText.plain(d)
    }

    /// A JSON string literal (RFC 8259): quotes, backslashes and control
    /// characters escaped; everything else as UTF-8.
    public static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension Diagnostic {
    /// The diagnostic as a JSON object: `file`, `line`, `column` (null when
    /// unlocated; 1-based, columns in Unicode scalars), `severity`, `kind`
    /// (a `Diagnostic.Kind` raw value), `message`, `notes`. `file` is
    /// `document` for a diagnostic with no location (null when that is nil too).
    public func json(document: String? = nil) -> JSONText.Value {
        let members: [(String, JSONText.Value)] = [
            ("file", (location?.file ?? document).map { .string($0) } ?? .null),
            ("line", location.map { .int($0.line) } ?? .null),
            ("column", location.map { .int($0.column) } ?? .null),
            ("severity", .string(severity.rawValue)),
            ("kind", .string(kind.rawValue)),
            ("message", .string(message)),
            ("notes", .array(notes.map { .string($0) })),
        ]
        // A multi-page document's diagnostics name their pages; a single page's keep their keys.
        return .object(pages.isEmpty ? members : members + [("pages", .array(pages.map { .int($0) }))])
    }
}
