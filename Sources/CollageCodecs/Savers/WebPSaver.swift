import CImageShim
import CollageRaster

/// WebP: libwebp, lossy at `quality` (method 4) or `lossless` (exact: pixels
/// round-trip unchanged), alpha only when some pixel is not opaque,
/// single-threaded, no ICCP/EXIF/XMP chunks; the whole canvas at once (libwebp
/// takes whole pictures); at most 16383 pixels a side (its 14-bit sizes).
public enum WebPSaver: ImageSaver {
    public static let name = "webp"
    public static let displayName = "WebP"
    public static let suffixes = ["webp"]
    public static let mediaType = "image/webp"
    public static let maximumSide = 16_383
    public static let hasAlpha = true
    public static let options = [
        SaverOption.quality,
        SaverOption(key: "lossless", kind: .boolean, defaultValue: "false", doc: "lossless WebP, pixels kept exactly"),
    ]

    /// `lossless` (default false: lossy at `quality`).
    public static func isLossless(_ options: EncodeOptions) -> Bool { options.boolean("lossless", in: Self.options) }

    public static func streaming(_ options: EncodeOptions) -> SaverStreaming { .wholeCanvas }
    public static func qualities(_ options: EncodeOptions) -> ClosedRange<Int>? { isLossless(options) ? nil : 1...100 }

    public static func encode(_ pixmap: Pixmap, options: EncodeOptions) throws(ImageError) -> [UInt8] {
        try pixmap.pixels.withUnsafeBufferPointer { pixels throws(ImageError) in
            try shimEncode {
                collage_webp_encode(pixels.baseAddress, Int32(pixmap.width), Int32(pixmap.height), pixmap.isOpaque ? 0 : 1,
                                    quality(options), isLossless(options) ? 1 : 0, &$0)
            }
        }
    }

    /// As an `EXIF` chunk, turning a simple file into the extended (VP8X) layout.
    public static func embed(exif tiff: [UInt8], into encoded: [UInt8]) -> [UInt8]? { ExifEmbedding.webp(tiff, encoded) }
}

extension OutputFormat {
    public static let webp = OutputFormat(WebPSaver.self)
}
