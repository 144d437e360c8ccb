/// Base64 (RFC 4648): the URL-safe alphabet without padding for
/// signatures, and both alphabets, padded or not, for key files.
enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// `bytes` in the URL-safe alphabet (`-`, `_`), without `=` padding.
    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            let chunk = bytes[i..<min(i + 3, bytes.count)]
            let n = chunk.enumerated().reduce(0) { $0 | Int($1.element) << (16 - 8 * $1.offset) }
            for k in 0...chunk.count { out.append(alphabet[(n >> (18 - 6 * k)) & 63]) }
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of `text` in either alphabet (`+/` or `-_`), with or
    /// without padding; nil when it is not base64.
    static func decode(_ text: Substring) -> [UInt8]? {
        var bits = 0, count = 0
        var out: [UInt8] = []
        let body = text.hasSuffix("==") ? text.dropLast(2) : text.hasSuffix("=") ? text.dropLast() : text
        for byte in body.utf8 {
            let value: Int
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = Int(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = Int(byte - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = Int(byte - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"), UInt8(ascii: "-"): value = 62
            case UInt8(ascii: "/"), UInt8(ascii: "_"): value = 63
            default: return nil
            }
            bits = bits << 6 | value
            count += 6
            if count >= 8 { count -= 8; out.append(UInt8((bits >> count) & 255)) }
        }
        guard count < 6 else { return nil }
        return out
    }
}
