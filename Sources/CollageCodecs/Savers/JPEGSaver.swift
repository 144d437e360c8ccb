import CImageShim
import CollageRaster

/// JPEG: libjpeg-turbo, JFIF header, JDCT_ISLOW, baseline with the standard
/// Huffman tables (encoded row by row: no whole-image coefficient buffer;
/// files about 1% larger than with optimised tables) and a restart interval
/// of one MCU row (so bands encode independently: `JPEGBandEncoder`) unless
/// `progressive` (optimised tables, no restarts, rows top to bottom), 4:2:0
/// unless `subsampling` 444, no EXIF; transparency flattened onto
/// `EncodeOptions.flattenBackground` (no alpha). At most 65500 px a side
/// (libjpeg's `JPEG_MAX_DIMENSION`).
public enum JPEGSaver: ImageSaver {
    public static let name = "jpeg"
    public static let displayName = "JPEG"
    public static let suffixes = ["jpg", "jpeg"]
    public static let mediaType = "image/jpeg"
    public static let maximumSide = 65_500
    public static let hasAlpha = false
    public static let options = [
        SaverOption.quality,
        SaverOption(key: "subsampling", kind: .choice(["420", "444"]), defaultValue: "420", doc: "JPEG chroma subsampling"),
        SaverOption(key: "progressive", kind: .boolean, defaultValue: "false", doc: "progressive JPEG"),
    ]

    /// `subsampling`: 444 or 420 (the default), as libjpeg's sampling.
    public static func subsampling(_ options: EncodeOptions) -> Int32 { options.text("subsampling", in: Self.options) == "444" ? 444 : 420 }
    /// `progressive` (default false: baseline).
    public static func isProgressive(_ options: EncodeOptions) -> Bool { options.boolean("progressive", in: Self.options) }

    public static func streaming(_ options: EncodeOptions) -> SaverStreaming { isProgressive(options) ? .rows : .bands }
    public static func qualities(_ options: EncodeOptions) -> ClosedRange<Int>? { 1...100 }

    public static func encode(_ pixmap: Pixmap, options: EncodeOptions) throws(ImageError) -> [UInt8] {
        let bg = options.flattenBackground
        return try pixmap.pixels.withUnsafeBufferPointer { pixels throws(ImageError) in
            try shimEncode {
                collage_jpeg_encode(pixels.baseAddress, Int32(pixmap.width), Int32(pixmap.height), quality(options),
                                    subsampling(options), isProgressive(options) ? 1 : 0,
                                    Int32(clamping: options.dpi ?? 0), bg.red, bg.green, bg.blue,
                                    options.flattenInLinearLight ? 1 : 0, &$0)
            }
        }
    }

    public static func beginBands(width: Int, height: Int, options: EncodeOptions, sink: EncodedSink) throws(ImageError) -> JPEGBandEncoder {
        try JPEGBandEncoder(width: width, height: height, options: options, sink: sink)
    }

    public static func beginRows(width: Int, height: Int, options: EncodeOptions, alpha: Bool, sink: EncodedSink) throws(ImageError) -> RowEncoder {
        try RowEncoder(format: .jpeg, width: width, height: height, options: options, sink: sink)
    }

    /// As an APP1 "Exif\0\0" segment after the JFIF APP0; nil when the block
    /// is over 65,527 bytes.
    public static func embed(exif tiff: [UInt8], into encoded: [UInt8]) -> [UInt8]? { ExifEmbedding.jpeg(tiff, encoded) }
}

extension OutputFormat {
    public static let jpeg = OutputFormat(JPEGSaver.self)
}
