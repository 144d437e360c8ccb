/// Writes an EXIF block (a TIFF structure) into encoded JPEG, PNG or WebP
/// bytes, for `collage convert --keep-metadata`. The encoders themselves
/// never write metadata.
public enum ExifEmbedding {
    /// `encoded` with `tiff` added: JPEG as an APP1 "Exif\0\0" segment after
    /// the JFIF APP0; PNG as an `eXIf` chunk after IHDR (PNG 1.5 extension:
    /// before IDAT); WebP as an `EXIF` chunk, turning a simple file into the
    /// extended (VP8X) layout. nil when the block does not fit (a JPEG
    /// segment holds at most 65,527 bytes of it) or the bytes are not as the
    /// encoder writes them.
    public static func embed(_ tiff: [UInt8], into encoded: [UInt8], format: OutputFormat) -> [UInt8]? {
        format.saver.embed(exif: tiff, into: encoded)
    }

    static func jpeg(_ tiff: [UInt8], _ jpeg: [UInt8]) -> [UInt8]? {
        let payload = [0x45, 0x78, 0x69, 0x66, 0, 0] + tiff
        let length = payload.count + 2
        guard length <= 65_535, jpeg.count > 4, jpeg[0] == 0xFF, jpeg[1] == 0xD8 else { return nil }
        // After SOI and, when present, APP0 (JFIF must stay first).
        var at = 2
        if jpeg[2] == 0xFF, jpeg[3] == 0xE0, jpeg.count > 6 { at = 4 + (Int(jpeg[4]) << 8 | Int(jpeg[5])) }
        let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        return Array(jpeg[..<at]) + segment + Array(jpeg[at...])
    }

    static func png(_ tiff: [UInt8], _ png: [UInt8]) -> [UInt8]? {
        let afterIHDR = 8 + 12 + 13
        guard png.count > afterIHDR else { return nil }
        let body = Array("eXIf".utf8) + tiff
        let crc = crc32(body)
        let chunk = bigEndian(tiff.count) + body + bigEndian(Int(crc))
        return Array(png[..<afterIHDR]) + chunk + Array(png[afterIHDR...])
    }

    static func webp(_ tiff: [UInt8], _ webp: [UInt8]) -> [UInt8]? {
        guard webp.count >= 30, String(decoding: webp[0 ..< 4], as: UTF8.self) == "RIFF",
              String(decoding: webp[8 ..< 12], as: UTF8.self) == "WEBP" else { return nil }
        func chunk(_ fourcc: String, _ payload: [UInt8]) -> [UInt8] {
            Array(fourcc.utf8) + littleEndian(payload.count) + payload + (payload.count % 2 == 1 ? [0] : [])
        }
        var body: [UInt8]
        switch String(decoding: webp[12 ..< 16], as: UTF8.self) {
        case "VP8X":
            body = Array(webp[12...])
            body[8] |= 0x08                                       // EXIF flag
        case "VP8 ", "VP8L":
            // Simple file: the canvas size from the bitstream header.
            let (width, height, alpha): (Int, Int, Bool)
            if webp[15] == 0x4C {                                 // VP8L: 14-bit sizes after the 0x2F signature
                let b = webp[21 ..< 25].map(Int.init)
                width = (b[0] | (b[1] & 0x3F) << 8) + 1
                height = ((b[1] >> 6) | b[2] << 2 | (b[3] & 0x0F) << 10) + 1
                alpha = b[3] & 0x10 != 0
            } else {                                              // VP8: frame tag, start code, 14-bit sizes
                width = (Int(webp[26]) | Int(webp[27]) << 8) & 0x3FFF
                height = (Int(webp[28]) | Int(webp[29]) << 8) & 0x3FFF
                alpha = false
            }
            let flags: UInt8 = 0x08 | (alpha ? 0x10 : 0)
            body = chunk("VP8X", [flags, 0, 0, 0] + Array(littleEndian(width - 1).prefix(3))
                         + Array(littleEndian(height - 1).prefix(3))) + Array(webp[12...])
        default:
            return nil
        }
        body += chunk("EXIF", tiff)
        return Array("RIFF".utf8) + littleEndian(body.count + 4) + Array("WEBP".utf8) + body
    }

    private static func bigEndian(_ v: Int) -> [UInt8] {
        [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }
    private static func littleEndian(_ v: Int) -> [UInt8] {
        [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)]
    }
    /// CRC-32 as PNG uses it (ISO 3309, PNG spec annex D).
    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            crc ^= UInt32(b)
            for _ in 0 ..< 8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
