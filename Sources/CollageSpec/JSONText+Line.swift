extension JSONText {
    /// `value` as JSON text on one line, with no spaces between tokens (for
    /// JSON Lines, e.g. `collage batch --report`); keys in the order given.
    public static func line(_ value: Value) -> String {
        var out = ""
        line(value, into: &out)
        return out
    }

    private static func line(_ value: Value, into out: inout String) {
        switch value {
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                line(item, into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, (key, member)) in members.enumerated() {
                if i > 0 { out += "," }
                out += quoted(key) + ":"
                line(member, into: &out)
            }
            out += "}"
        default:
            out += write(value)
        }
    }
}
