/// Parses a colour as the document writes it (docs/format.md):
/// `#rgb`, `#rrggbb`, `#rrggbbaa` (hex digits of either case, each `#rgb`
/// digit doubled as in CSS), a CSS named colour (case-insensitive), or
/// `transparent` (black with alpha 0). sRGB, straight alpha.
public enum ColorParser {
    /// The colour, or nil when `text` is none of the accepted forms.
    public static func parse(_ text: String) -> RGBA? {
        if text.hasPrefix("#") {
            let digits = Array(text.utf8.dropFirst())
            var values: [UInt8] = []
            for d in digits {
                guard let v = hexValue(d) else { return nil }
                values.append(v)
            }
            switch values.count {
            case 3:
                return RGBA(red: values[0] * 17, green: values[1] * 17, blue: values[2] * 17)
            case 6, 8:
                var bytes: [UInt8] = []
                for i in stride(from: 0, to: values.count, by: 2) { bytes.append(values[i] << 4 | values[i + 1]) }
                return RGBA(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? bytes[3] : 255)
            default:
                return nil
            }
        }
        let name = text.lowercased()
        if name == "transparent" { return RGBA(red: 0, green: 0, blue: 0, alpha: 0) }
        guard let value = CSSNamedColors.table[name] else { return nil }
        return RGBA(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }

    /// Every accepted colour name (for suggestions).
    static var names: [String] { ["transparent"] + CSSNamedColors.table.keys.sorted() }

    private static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
