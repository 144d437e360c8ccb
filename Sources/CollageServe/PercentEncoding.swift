/// Percent-encoding of URL paths and queries (RFC 3986), as `collage serve`
/// reads request targets and as `URLSignature` writes its normal form.
public enum PercentEncoding {
    /// The bytes of `text` with every `%XX` decoded (and, when `plusIsSpace`,
    /// every `+` a space, as in a query); nil when a `%` is not followed by
    /// two hex digits.
    public static func decode(_ text: Substring, plusIsSpace: Bool) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var bytes = text.utf8.makeIterator()
        while let byte = bytes.next() {
            if byte == UInt8(ascii: "%") {
                guard let high = bytes.next().flatMap(hexValue), let low = bytes.next().flatMap(hexValue) else { return nil }
                out.append(high << 4 | low)
            } else if plusIsSpace, byte == UInt8(ascii: "+") {
                out.append(UInt8(ascii: " "))
            } else {
                out.append(byte)
            }
        }
        return out
    }

    /// `bytes` with every byte other than the unreserved ones (`A-Z a-z 0-9
    /// - . _ ~`, and `/` when `keepSlash`) written `%XX` in upper-case hex.
    public static func encode(_ bytes: some Sequence<UInt8>, keepSlash: Bool = false) -> String {
        var out: [UInt8] = []
        let digits = Array("0123456789ABCDEF".utf8)
        for byte in bytes {
            if isUnreserved(byte) || (keepSlash && byte == UInt8(ascii: "/")) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default: return false
        }
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
