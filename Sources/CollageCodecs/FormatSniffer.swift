import CImageShim

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

    /// How much of a file's start `sniff` looks at: the binary formats need
    /// 32 bytes; an SVG's root `<svg` may follow an XML declaration, comments
    /// and a DOCTYPE (with an internal subset), which this much must hold.
    static let prefixLength = 16 << 10

    /// - Parameter bytes: the start of the file (at least `prefixLength`
    ///   bytes when the file has them; 32 for the binary formats).
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
        // SVG: XML whose root element is <svg>; SVGZ: gzip (1F 8B) whose
        // inflated start is that.
        if isSVG(bytes) { return .format(.svg) }
        if n >= 10, at(0) == 0x1F, at(1) == 0x8B {
            var inflated = [UInt8](repeating: 0, count: prefixLength)
            let count = inflated.withUnsafeMutableBufferPointer { out in
                collage_gunzip_prefix(bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), n, out.baseAddress, out.count)
            }
            if inflated.withUnsafeBytes({ isSVG(UnsafeRawBufferPointer(rebasing: $0.prefix(count))) }) { return .format(.svg) }
        }
        return .unknown
    }

    /// True when the text starts (after an optional UTF-8 byte order mark,
    /// white space, an XML declaration, processing instructions, comments
    /// and a DOCTYPE) with an `<svg` start tag (`<svg` then white space,
    /// `>` or `/`; a prefix such as `<svg:svg` too). Text that runs out
    /// before the root element is not an SVG.
    static func isSVG(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let n = bytes.count
        var i = 0
        if n >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
        func starts(_ text: StaticString, at position: Int) -> Bool {
            let count = text.utf8CodeUnitCount
            guard position + count <= n else { return false }
            let start = text.utf8Start
            for k in 0 ..< count where bytes[position + k] != start[k] { return false }
            return true
        }
        /// The index just past the first `text` at or after `position`, or nil.
        func after(_ text: StaticString, from position: Int) -> Int? {
            var k = position
            while k + text.utf8CodeUnitCount <= n {
                if starts(text, at: k) { return k + text.utf8CodeUnitCount }
                k += 1
            }
            return nil
        }
        while i < n {
            let c = bytes[i]
            if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D { i += 1; continue }
            guard c == UInt8(ascii: "<") else { return false }
            if starts("<?", at: i) {
                guard let end = after("?>", from: i + 2) else { return false }
                i = end
            } else if starts("<!--", at: i) {
                guard let end = after("-->", from: i + 4) else { return false }
                i = end
            } else if starts("<!DOCTYPE", at: i) {
                // Up to the closing '>', past an internal subset "[ ... ]".
                var k = i + 9, inSubset = false
                while k < n, inSubset || bytes[k] != UInt8(ascii: ">") {
                    if bytes[k] == UInt8(ascii: "[") { inSubset = true } else if bytes[k] == UInt8(ascii: "]") { inSubset = false }
                    k += 1
                }
                guard k < n else { return false }
                i = k + 1
            } else {
                // The root element: <svg or <prefix:svg.
                var k = i + 1
                while k < n, bytes[k] != UInt8(ascii: ":"), bytes[k] != UInt8(ascii: ">"), bytes[k] != UInt8(ascii: " "),
                      bytes[k] != UInt8(ascii: "/"), bytes[k] > 0x20, k - i < 64 { k += 1 }
                if k < n, bytes[k] == UInt8(ascii: ":") { k += 1 } else { k = i + 1 }
                guard starts("svg", at: k), k + 3 < n else { return false }
                let next = bytes[k + 3]
                return next == 0x20 || next == 0x09 || next == 0x0A || next == 0x0D || next == UInt8(ascii: ">")
                    || next == UInt8(ascii: "/")
            }
        }
        return false
    }
}
