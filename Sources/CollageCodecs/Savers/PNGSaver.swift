import CImageShim
import CollageRaster

/// PNG: 8-bit RGB (RGBA when any pixel is not opaque), an `sRGB` chunk,
/// adaptive filters, zlib level 1 with the run-length strategy (within 3%
/// of level 6's size on photo collages, about 5x faster; Benchmarks/),
/// `pHYs` only with `dpi`, no tIME/text; rows top to bottom while the canvas
/// is rendered. No size limit of its own (the encoders' `Int32` arithmetic:
/// `Int32.max / 4`).
public enum PNGSaver: ImageSaver {
    public static let name = "png"
    public static let displayName = "PNG"
    public static let suffixes = ["png"]
    public static let mediaType = "image/png"
    public static let maximumSide = Int(Int32.max) / 4
    public static let hasAlpha = true
    public static let options: [SaverOption] = []

    public static func streaming(_ options: EncodeOptions) -> SaverStreaming { .rows }

    public static func encode(_ pixmap: Pixmap, options: EncodeOptions) throws(ImageError) -> [UInt8] {
        try pixmap.pixels.withUnsafeBufferPointer { pixels throws(ImageError) in
            try shimEncode {
                collage_png_encode(pixels.baseAddress, Int32(pixmap.width), Int32(pixmap.height),
                                   pixmap.isOpaque ? 0 : 1, Int32(clamping: options.dpi ?? 0), &$0)
            }
        }
    }

    public static func beginRows(width: Int, height: Int, options: EncodeOptions, alpha: Bool, sink: EncodedSink) throws(ImageError) -> RowEncoder {
        try RowEncoder(format: .png, width: width, height: height, options: options, alpha: alpha, sink: sink)
    }

    /// As an `eXIf` chunk after IHDR (PNG 1.5 extension: before IDAT).
    public static func embed(exif tiff: [UInt8], into encoded: [UInt8]) -> [UInt8]? { ExifEmbedding.png(tiff, encoded) }
}

extension OutputFormat {
    public static let png = OutputFormat(PNGSaver.self)
}
