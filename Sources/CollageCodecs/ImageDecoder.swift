import CollageRaster
import CImageShim

/// Reads image files: format sniffing, header probe and full decode.
///
/// Formats are identified by magic bytes, never the extension. JPEG goes
/// through libjpeg-turbo (DCT shrink-on-load), PNG through libpng's low-level
/// API, HEIF/HEIC/AVIF through libheif (primary image, its own irot/imir
/// applied), WebP through libwebp.
/// Every decode applies the EXIF orientation (JPEG APP1, PNG `eXIf`, WebP
/// EXIF; never for HEIF, whose transformations libheif applies) and
/// returns RGBA8, sRGB, straight alpha (README "Rules": Rendering):
/// embedded ICC profiles (JPEG APP2, PNG iCCP, WebP ICCP, HEIF colr) and
/// AVIF nclx colour are converted to sRGB with LittleCMS; a profile that
/// names sRGB is left alone.
public enum ImageDecoder {
    /// Reads only the header: format, stored size, EXIF orientation. No pixels
    /// are decoded (HEIF: the boxes are parsed, nothing is decoded).
    ///
    /// JPEG and PNG headers are parsed from the file's first
    /// `headerPrefixLength` bytes; only when that parse fails (the header
    /// runs on past them: large APP1/APP2 segments, many ICC chunks, a late
    /// IDAT) is the whole file read and parsed again, so the result and any
    /// error are those of parsing the whole file. HEIF and WebP are always
    /// read whole (their metadata may sit at the end of the file).
    /// - Throws: `ImageError` naming the path: `.unreadable` (missing file),
    ///   `.unsupportedFormat` (unknown magic bytes, empty file),
    ///   `.corrupt`/`.unsupportedVariant` (the library rejects the header).
    public static func header(path: String) throws(ImageError) -> ImageHeader {
        try FileBytes.read(path, prefix: headerPrefixLength) { (bytes, isWhole) throws(ImageError) -> ImageHeader? in
            isWhole ? try header(bytes, path: path) : try? prefixHeader(bytes, path: path)
        }
    }

    /// How much of a file `header(path:)` reads first: 256 KiB, enough for
    /// a camera JPEG's EXIF (APP1 is at most 64 KiB) and a typical ICC profile.
    static let headerPrefixLength = 256 << 10

    /// The header parsed from all of a file's bytes.
    static func header(_ bytes: [UInt8], path: String) throws(ImageError) -> ImageHeader {
        switch try format(of: bytes, path: path) {
        case .jpeg: return try JPEGDecoding.header(bytes, path: path)
        case .png: return try PNGDecoding.header(bytes, path: path)
        case .heif: return try HEIFDecoding.header(bytes, path: path)
        case .webp: return try WebPDecoding.header(bytes, path: path)
        case .svg: return try SVGDecoding.header(bytes, path: path)
        }
    }

    /// The header parsed from the first bytes of a longer file; nil when
    /// they cannot tell. libjpeg's `jpeg_read_header` (for which running
    /// out of data is an error here) and libpng's `png_read_info` read the
    /// file strictly in order and stop at the first scan / IDAT, so a parse
    /// that succeeds read only bytes the prefix holds and equals the whole
    /// file's; a parse that throws may have run out of bytes. WebP and HEIF
    /// parsers may look at the end of the file (WebP's EXIF chunk, a `meta`
    /// box after `mdat`): nil.
    static func prefixHeader(_ bytes: [UInt8], path: String) throws(ImageError) -> ImageHeader? {
        switch try format(of: bytes, path: path) {
        case .jpeg: return try JPEGDecoding.header(bytes, path: path)
        case .png: return try PNGDecoding.header(bytes, path: path)
        case .heif, .webp, .svg: return nil
        }
    }

    /// Decodes the file, orientation applied, as sRGB RGBA8.
    ///
    /// - Parameter minimumSize: the oriented size (pixels) the result must
    ///   reach on both axes; JPEG uses the smallest DCT scale in {1,2,4,8}/8
    ///   whose decoded size still reaches it. nil = full size.
    /// - Throws: `ImageError` naming the path and the library's reason (see
    ///   `decode(path:options:)`). Warnings are dropped; use
    ///   `decode(path:options:)` to get them.
    /// - Parameter orientation: replaces the file's EXIF orientation (nil = the file's).
    public static func decode(path: String, minimumSize: Size? = nil, orientation: Orientation? = nil) throws(ImageError) -> Pixmap {
        try decode(path: path, options: DecodeOptions(minimumSize: minimumSize, orientation: orientation)).pixmap
    }

    /// Decodes the file with explicit limits and returns the library's warnings.
    ///
    /// The decoded-pixel budget (`options.maxPixels`, after DCT scaling) is
    /// checked right after the header, before any pixel buffer is allocated.
    /// - Throws: `ImageError` naming the path: `.unreadable`,
    ///   `.unsupportedFormat`, `.unsupportedVariant` (12-bit, lossless, DNL
    ///   JPEG; animated WebP), `.corrupt`, `.truncated` (premature end of data, unless
    ///   `options.allowTruncated`), `.tooLarge` (over the pixel budget or the
    ///   library memory cap).
    public static func decode(path: String, options: DecodeOptions) throws(ImageError) -> DecodeResult {
        try decode(bytes: try FileBytes.read(path), name: path, options: options)
    }

    /// As `decode(path:options:)`, without applying the orientation: the
    /// pixels as stored, `header.orientation` saying how they stand upright
    /// (for a renderer that places resampled pixels upright itself).
    public static func decodeStored(path: String, options: DecodeOptions) throws(ImageError) -> StoredImage {
        try decodeStored(bytes: try FileBytes.read(path), name: path, options: options)
    }

    /// Opens a JPEG for row-by-row decoding at the scale `decode` would use
    /// (`JPEGRowStream`).
    /// - Returns: nil for other formats and for JPEGs that need whole-image
    ///   colour conversion (CMYK, a non-sRGB ICC profile): decode those.
    /// - Throws: as `decode(path:options:)` for what is read before the first row.
    public static func openRows(path: String, options: DecodeOptions) throws(ImageError) -> JPEGRowStream? {
        let bytes = try FileBytes.readStable(path)
        guard try format(of: bytes.raw, path: path) == .jpeg else { return nil }
        return try JPEGRowStream.open(bytes, path: path, options: options)
    }

    /// Opens the file as a vector image when it is an SVG or SVGZ (sniffed
    /// from its first bytes; nothing more is read otherwise), for drawing at
    /// each draw's device transform (`SVGDocument`).
    /// - Returns: nil for every other format.
    /// - Throws: `ImageError` naming the path: `.unreadable`, `.corrupt`
    ///   (librsvg's reason), `.tooLarge` (the intrinsic size over
    ///   `options.maxPixels`), `.unsupportedVariant` (librsvg not installed).
    public static func openVector(path: String, options: DecodeOptions) throws(ImageError) -> SVGDocument? {
        try FileBytes.read(path, prefix: FormatSniffer.prefixLength) { (bytes, isWhole) throws(ImageError) -> SVGDocument?? in
            let isSVG = bytes.withUnsafeBytes { raw in
                FormatSniffer.sniff(UnsafeRawBufferPointer(rebasing: raw.prefix(FormatSniffer.prefixLength))) == .format(.svg)
            }
            guard isSVG else { return .some(nil) }
            guard isWhole else { return nil }
            return .some(try SVGDecoding.open(bytes, path: path, options: options))
        }
    }

    /// Releases the memory decoders keep between decodes for the next one
    /// (the pages of freed progressive-JPEG coefficient arrays, which a
    /// decode that starts while another runs reuses instead of mapping
    /// fresh ones); memory of decodes still running is untouched. For a
    /// caller that knows no decode will start soon: a render that has
    /// handed its last image to a worker. Correct to call at any time;
    /// decodes that start later map fresh memory.
    public static func releaseKeptMemory() {
        collage_jpeg_release_kept()
    }

    /// Runs `body` with the decoders' memory kept between decodes even when
    /// none is running, up to `limit` bytes kept (the largest limit of the
    /// calls under way when they nest), and `releaseKeptMemory()` doing
    /// nothing meanwhile: for work that decodes one photo after another on
    /// a few threads (`BatchRunner`: one photo a row), whose next decode
    /// would otherwise map and fault in its progressive-JPEG coefficient
    /// arrays afresh. Only pages a decode had in use are kept, so the
    /// resident memory stays within the most that decodes used at once.
    /// When the last such call returns, the kept pages go (if no decode is
    /// running; else when the last running one ends).
    public static func keepingMemoryBetweenDecodes<T>(upTo limit: Int, _ body: () throws -> T) rethrows -> T {
        collage_jpeg_retain_begin(max(0, limit))
        defer { collage_jpeg_retain_end() }
        return try body()
    }

    /// The format the magic bytes say.
    /// - Throws: `.unsupportedFormat` for an empty file or unknown bytes.
    static func format(of bytes: [UInt8], path: String) throws(ImageError) -> ImageFormat {
        let verdict: Result<ImageFormat, ImageError> = bytes.withUnsafeBytes { raw in
            do throws(ImageError) { return .success(try format(of: raw, path: path)) } catch { return .failure(error) }
        }
        return try verdict.get()
    }

    /// As `format(of:path:)`, for bytes anywhere in memory.
    static func format(of bytes: UnsafeRawBufferPointer, path: String) throws(ImageError) -> ImageFormat {
        let verdict = FormatSniffer.sniff(UnsafeRawBufferPointer(rebasing: bytes.prefix(FormatSniffer.prefixLength)))
        switch verdict {
        case .format(let format): return format
        case .heif: return .heif
        case .empty:
            throw ImageError(path: path, reason: "empty file (0 bytes): not an image", kind: .unsupportedFormat)
        case .unknown:
            throw ImageError(path: path, reason: "not a supported image format (expected JPEG, PNG, HEIC/HEIF/AVIF, WebP or SVG; the format is "
                + "detected from the file's content, not its extension)", kind: .unsupportedFormat)
        }
    }
}
