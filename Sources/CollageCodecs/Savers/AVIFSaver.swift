import CImageShim
import CollageRaster

/// AVIF: AV1 through libheif's aom encoder (libheif 1.15 with libaom 3,
/// loaded on first use as for HEIF decoding: `avif_encode.c`), lossy at
/// `quality`, libaom `speed` 0-9 (default 6: slower is smaller), `chroma`
/// 444 (the default, as avifenc's: a collage's hard colour edges lose
/// 15 dB or more at 4:2:0, about 34 dB against 50 on the tests' canvas, for
/// a third less size) or 420, 8-bit, an nclx box saying sRGB (BT.601 matrix, full range),
/// an alpha image only when some pixel is not opaque. libaom runs on one
/// thread whatever `--threads` says, so the bytes are the same on every
/// run and thread count. The whole canvas at once; at most 8192 px a side
/// (collage's bound on one libaom encode's memory and time, not AV1's).
public enum AVIFSaver: ImageSaver {
    public static let name = "avif"
    public static let displayName = "AVIF"
    public static let suffixes = ["avif"]
    public static let mediaType = "image/avif"
    public static let maximumSide = 8192
    public static let hasAlpha = true
    public static let options = [
        SaverOption.quality,
        SaverOption(key: "speed", kind: .integer(0...9), defaultValue: "6", doc: "AVIF encoder speed, lower is slower and smaller"),
        SaverOption(key: "chroma", kind: .choice(["444", "420"]), defaultValue: "444", doc: "AVIF chroma subsampling"),
    ]

    public static func streaming(_ options: EncodeOptions) -> SaverStreaming { .wholeCanvas }
    public static func qualities(_ options: EncodeOptions) -> ClosedRange<Int>? { 1...100 }

    public static func encode(_ pixmap: Pixmap, options: EncodeOptions) throws(ImageError) -> [UInt8] {
        let speed = Int32(options.integer("speed", in: Self.options))
        let chroma = Int32(options.integer("chroma", in: Self.options))
        return try pixmap.pixels.withUnsafeBufferPointer { pixels throws(ImageError) in
            try shimEncode {
                collage_avif_encode(pixels.baseAddress, Int32(pixmap.width), Int32(pixmap.height), pixmap.isOpaque ? 0 : 1,
                                    quality(options), speed, chroma, &$0)
            }
        }
    }
}

extension OutputFormat {
    public static let avif = OutputFormat(AVIFSaver.self)
}
