import CImageShim

/// The EXIF block of an image file, for `collage convert --keep-metadata`:
/// read from JPEG APP1, PNG `eXIf`, WebP `EXIF` or the HEIF Exif item, as a
/// bare TIFF structure ("II*\0" or "MM\0*" first), and its Orientation reset.
public enum ExifMetadata {
    /// The file's EXIF as a TIFF structure, or nil when it has none.
    /// - Throws: `ImageError` as `ImageDecoder.header(path:)` does.
    public static func read(path: String) throws(ImageError) -> [UInt8]? {
        let bytes = try FileBytes.read(path)
        let raw: [UInt8]?
        switch try ImageDecoder.format(of: bytes, path: path) {
        case .jpeg:
            raw = try JPEGDecoding.withDecoder(bytes, path: path, options: DecodeOptions()) { (_, info) throws(ImageError) in
                copy(info.exif, info.exif_length)
            }
        case .png:
            raw = try PNGDecoding.withDecoder(bytes, path: path) { (_, info) throws(ImageError) in copy(info.exif, info.exif_length) }
        case .webp:
            raw = try bytes.withUnsafeBufferPointer { (buffer) throws(ImageError) in
                let info = try WebPDecoding.info(buffer, path: path)
                return copy(info.exif, info.exif_length)
            }
        case .heif:
            raw = try HEIFDecoding.withDecoder(bytes, path: path) { (_, info) throws(ImageError) in copy(info.exif, info.exif_length) }
        case .svg:
            raw = nil
        }
        guard var block = raw else { return nil }
        // Drop an "Exif\0\0" prefix (JPEG APP1, some WebP and HEIF files).
        if block.starts(with: [0x45, 0x78, 0x69, 0x66, 0, 0]) { block.removeFirst(6) }
        guard block.count >= 8, block.starts(with: [0x49, 0x49, 0x2A, 0]) || block.starts(with: [0x4D, 0x4D, 0, 0x2A]) else {
            return nil
        }
        return block
    }

    /// `tiff` with IFD0's Orientation (tag 274) set to 1 (upright), since
    /// the pixels written are already upright. Unchanged when there is no
    /// such entry or the structure is malformed (every offset is checked).
    public static func resettingOrientation(_ tiff: [UInt8]) -> [UInt8] {
        let little = tiff.first == 0x49
        func u16(_ i: Int) -> Int? {
            guard i >= 0, i + 2 <= tiff.count else { return nil }
            return little ? Int(tiff[i]) | Int(tiff[i + 1]) << 8 : Int(tiff[i]) << 8 | Int(tiff[i + 1])
        }
        func u32(_ i: Int) -> Int? {
            guard let a = u16(i), let b = u16(i + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        var out = tiff
        guard let ifd = u32(4), let count = u16(ifd) else { return tiff }
        for entry in 0 ..< count {
            let at = ifd + 2 + entry * 12
            guard let tag = u16(at), let type = u16(at + 2) else { break }
            if tag == 274, type == 3, at + 10 <= out.count {
                out[at + 8] = little ? 1 : 0
                out[at + 9] = little ? 0 : 1
            }
        }
        return out
    }

    private static func copy(_ pointer: UnsafePointer<UInt8>?, _ length: Int) -> [UInt8]? {
        guard let pointer, length > 0 else { return nil }
        return Array(UnsafeBufferPointer(start: pointer, count: length))
    }
}
