/// Recognises the first bytes of the image formats collage reads, so that a
/// photo given where a document is expected gets a plain explanation instead
/// of a YAML syntax error about binary bytes.
///
/// Signatures: JPEG SOI + marker `FF D8 FF` (ITU T.81 B.1.1.2), PNG's 8-byte
/// signature (PNG spec 5.2), WebP `RIFF....WEBP` (RFC 9649 2.5), HEIF/AVIF
/// an ISO BMFF `ftyp` box at offset 4 (ISO/IEC 14496-12 4.3).
enum ImageSignature {
    /// "JPEG", "PNG", "WebP" or "HEIF" when `bytes` start like one, else nil.
    static func format(of bytes: [UInt8]) -> String? {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        if starts([0xFF, 0xD8, 0xFF]) { return "JPEG" }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "PNG" }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return "WebP" }
        if starts(Array("ftyp".utf8), at: 4) { return "HEIF" }
        return nil
    }
}
