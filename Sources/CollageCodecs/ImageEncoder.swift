import CImageShim
import CollageRaster

/// JPEG chroma subsampling.
public enum ChromaSubsampling: String, Sendable, Hashable {
    /// Chroma halved both ways (the default).
    case yuv420 = "420"
    /// Full-resolution chroma.
    case yuv444 = "444"
}

/// Encoder settings. All outputs are deterministic: no timestamps, fixed settings.
public struct EncodeOptions: Sendable, Hashable {
    /// JPEG and lossy WebP quality 1-100 (clamped); default 90.
    public var quality: Int
    /// Colour that transparent pixels are flattened onto for JPEG (in linear
    /// light, README "Rules": Rendering); its alpha is ignored. Default white.
    public var flattenBackground: Color
    /// JPEG chroma subsampling; default 4:2:0.
    public var subsampling: ChromaSubsampling
    /// Progressive JPEG; default false (baseline).
    public var progressive: Bool
    /// Dots per inch written as JFIF density / PNG pHYs; nil writes none
    /// (JFIF 1:1 aspect). No effect on pixels.
    public var dpi: Int?
    /// WebP: lossless (exact: pixels round-trip unchanged) instead of lossy
    /// at `quality`; default false.
    public var lossless: Bool
    public init(quality: Int = 90, flattenBackground: Color = .white, subsampling: ChromaSubsampling = .yuv420,
                progressive: Bool = false, dpi: Int? = nil, lossless: Bool = false) {
        self.quality = quality; self.flattenBackground = flattenBackground
        self.subsampling = subsampling; self.progressive = progressive; self.dpi = dpi; self.lossless = lossless
    }
}

/// Writes pixmaps to file bytes.
public enum ImageEncoder {
    /// Encodes `pixmap` (RGBA8, sRGB, straight alpha) as `format`.
    ///
    /// PNG: 8-bit RGB (RGBA when any pixel is not opaque), an `sRGB` chunk,
    /// adaptive filters, zlib level 1 with the run-length strategy (within
    /// 3% of level 6's size on photo collages, about 5x faster; Benchmarks/),
    /// `pHYs` only with `dpi`, no tIME/text.
    /// JPEG: libjpeg-turbo, JFIF header, JDCT_ISLOW, baseline with the
    /// standard Huffman tables (encoded row by row: no whole-image coefficient
    /// buffer; files about 1% larger than with optimised tables) and a restart
    /// interval of one MCU row (so bands encode independently:
    /// `JPEGBandEncoder`) unless `progressive` (optimised tables, no
    /// restarts), 4:2:0 unless `.yuv444`, no EXIF;
    /// transparency flattened onto `options.flattenBackground`.
    /// WebP: libwebp, lossy at `quality` (method 4) or `lossless` (exact),
    /// alpha only when some pixel is not opaque, single-threaded, no
    /// ICCP/EXIF/XMP chunks; at most 16383 pixels a side (the format's limit).
    /// The same input and options always give the same bytes.
    /// - Throws: `ImageError(kind: .encodeFailed)` with path "<output>" and
    ///   the library's message (e.g. an empty pixmap).
    public static func encode(_ pixmap: Pixmap, as format: OutputFormat, options: EncodeOptions = EncodeOptions()) throws(ImageError) -> [UInt8] {
        try checkSize(pixmap.size, format: format)
        var buffer = collage_buffer()
        let status: Int32 = pixmap.pixels.withUnsafeBufferPointer { pixels in
            switch format {
            case .jpeg:
                let bg = options.flattenBackground
                return collage_jpeg_encode(pixels.baseAddress, Int32(pixmap.width), Int32(pixmap.height),
                                           Int32(min(max(options.quality, 1), 100)),
                                           options.subsampling == .yuv444 ? 444 : 420, options.progressive ? 1 : 0,
                                           Int32(clamping: options.dpi ?? 0), bg.red, bg.green, bg.blue, &buffer)
            case .png:
                return collage_png_encode(pixels.baseAddress, Int32(pixmap.width), Int32(pixmap.height),
                                          pixmap.isOpaque ? 0 : 1, Int32(clamping: options.dpi ?? 0), &buffer)
            case .webp:
                return collage_webp_encode(pixels.baseAddress, Int32(pixmap.width), Int32(pixmap.height),
                                           pixmap.isOpaque ? 0 : 1, Int32(min(max(options.quality, 1), 100)),
                                           options.lossless ? 1 : 0, &buffer)
            }
        }
        defer { collage_buffer_free(&buffer) }
        if status != 0 {
            let message = withUnsafeBytes(of: buffer.message) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            throw ImageError(path: "<output>", reason: "\(format.displayName) encoding failed: \(message)",
                             kind: .encodeFailed)
        }
        return Array(UnsafeBufferPointer(start: buffer.bytes, count: buffer.length))
    }

    /// Refuses a size `format` cannot hold (empty; over its `maximumSide`:
    /// 16383 pixels a side for WebP, 65500 for JPEG) or the encoders' `Int32` arithmetic cannot.
    /// - Throws: `ImageError(kind: .encodeFailed)` with path "<output>".
    public static func checkSize(_ size: Size, format: OutputFormat) throws(ImageError) {
        let maxSide = format.maximumSide
        guard size.width > 0, size.height > 0, size.width <= maxSide, size.height <= maxSide, size.width <= Int(Int32.max) / 4, size.height <= Int(Int32.max) else {
            throw ImageError(path: "<output>", reason: "cannot encode a \(size) image as \(format.displayName)",
                             kind: .encodeFailed)
        }
    }
}
