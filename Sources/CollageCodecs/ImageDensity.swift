/// The pixel density an image file records (docs/print.md "Imposition"):
/// a PNG's `pHYs` chunk (pixels per metre), a JPEG's JFIF `APP0` density
/// (dots per inch or per centimetre). What `collage render` writes for
/// `output.dpi` / `canvas.dpi` reads back as the same whole number.
public enum ImageDensity {
    /// Dots per inch, rounded to a whole number; nil when the file records none.
    public static func dpi(of bytes: [UInt8]) -> Int? {
        func u32(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        func u16(_ i: Int) -> Int { Int(bytes[i]) << 8 | Int(bytes[i + 1]) }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            var at = 8
            while at + 8 <= bytes.count {
                let length = u32(at), type = String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self)
                if type == "pHYs", at + 17 <= bytes.count, bytes[at + 16] == 1 {
                    return Int((Double(u32(at + 8)) * 0.0254).rounded())
                }
                if type == "IDAT" || type == "IEND" { return nil }
                at += 12 + length
            }
        } else if bytes.starts(with: [0xFF, 0xD8]) {
            var at = 2
            while at + 4 <= bytes.count, bytes[at] == 0xFF {
                let marker = bytes[at + 1], length = u16(at + 2)
                if marker == 0xE0, at + 18 <= bytes.count, bytes[(at + 4)..<(at + 9)].elementsEqual([0x4A, 0x46, 0x49, 0x46, 0]) {
                    let units = bytes[at + 11], x = u16(at + 12)
                    switch units {
                    case 1: return x
                    case 2: return Int((Double(x) * 2.54).rounded())
                    default: return nil
                    }
                }
                if marker == 0xDA { return nil }
                at += 2 + length
            }
        }
        return nil
    }
}
