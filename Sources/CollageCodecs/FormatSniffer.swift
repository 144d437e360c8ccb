/// Identifies an image format from a file's first bytes (magic numbers),
/// never from its extension.
enum FormatSniffer {
    /// What the first bytes say.
    enum Verdict: Equatable {
        case format(ImageFormat)
        /// HEIF family with the brand that identified it, e.g. "heic", "avif".
        case heif(brand: String)
        case empty
        case unknown
    }

    static let heicBrands: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1"]
    static let avifBrands: Set<String> = ["avif", "avis"]

    /// - Parameter bytes: the start of the file (at least 32 bytes when the file has them).
    static func sniff(_ bytes: UnsafeRawBufferPointer) -> Verdict {
        let n = bytes.count
        if n == 0 { return .empty }
        func at(_ i: Int) -> UInt8 { i < n ? bytes[i] : 0 }
        func ascii(_ start: Int, _ length: Int) -> String {
            guard start + length <= n else { return "" }
            return String(decoding: bytes[start ..< start + length], as: UTF8.self)
        }
        // JPEG: SOI (FF D8), the same two bytes libjpeg checks; what follows
        // may be damaged, and libjpeg reports that itself.
        if n >= 2, at(0) == 0xFF, at(1) == 0xD8 { return .format(.jpeg) }
        // PNG: \x89 P N G \r \n \x1A \n. A file with "PNG" at bytes 1-3 but a
        // damaged rest of the signature goes to libpng, which names the damage
        // ("PNG file corrupted by ASCII conversion").
        if n >= 4, ascii(1, 3) == "PNG" { return .format(.png) }
        // WebP: RIFF <size> WEBP.
        if ascii(0, 4) == "RIFF", ascii(8, 4) == "WEBP" { return .format(.webp) }
        // ISO BMFF: <size> ftyp <major brand> <minor version> <compatible brands...>.
        if ascii(4, 4) == "ftyp" {
            let boxSize = Int(at(0)) << 24 | Int(at(1)) << 16 | Int(at(2)) << 8 | Int(at(3))
            var brands = [ascii(8, 4)]
            var offset = 16
            while offset + 4 <= min(n, max(boxSize, 16)) { brands.append(ascii(offset, 4)); offset += 4 }
            if let brand = brands.first(where: { avifBrands.contains($0) }) { return .heif(brand: brand) }
            if let brand = brands.first(where: { heicBrands.contains($0) }) { return .heif(brand: brand) }
        }
        return .unknown
    }
}
