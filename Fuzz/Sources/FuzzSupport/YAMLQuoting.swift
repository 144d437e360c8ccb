/// `text` as a YAML double-quoted scalar (every character kept: escapes for
/// quotes, backslashes and control characters).
public func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                     || scalar.value == 0xFEFF || scalar.value == 0x2028 || scalar.value == 0x2029:
            let hex = String(scalar.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}
