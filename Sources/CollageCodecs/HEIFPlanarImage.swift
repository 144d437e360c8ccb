import CImageShim
import CollageRaster

/// A HEIF decoded to planar RGB, handed out as upright sRGB RGBA8
/// a band of rows at a time, on any thread, several at once: a `convert`
/// to JPEG streams it into `JPEGBandEncoder` and never holds the RGBA image
/// (issue 32: the 12 MP iPhone HEIC held 48 MB of RGBA, then a 48 MB copy).
///
/// libheif 1.15 assembles a grid image (an iPhone's: 512-pixel tiles) as
/// planar RGB (`collage_heif_decode_planes`): 36 MB for 12 MP, with no
/// conversion, where RGBA is one more whole-image buffer. Only 8-bit images
/// without alpha with an ICC profile or no colour description are taken;
/// the rows are the bytes `ImageDecoder.decode` gives for the same file
/// (the planes interleaved, then the same LittleCMS transform to sRGB,
/// `collage_icc_transform_open`). Anything else: `open` returns nil and
/// the file is decoded as usual.
public final class HEIFPlanarImage: @unchecked Sendable {
    /// Upright size in pixels (libheif applies the file's irot/imir/clap).
    public let size: Size
    /// True when an embedded ICC profile is converted to sRGB.
    public let convertedICCProfile: Bool
    /// Holds only the planes: libheif's context and the file's bytes are
    /// freed once they are decoded (`collage_heif_release_file`).
    private let decoder: OpaquePointer
    private let transform: OpaquePointer?

    private init(size: Size, decoder: OpaquePointer, transform: OpaquePointer?) {
        self.size = size; self.decoder = decoder; self.transform = transform
        convertedICCProfile = transform != nil
    }

    deinit {
        collage_icc_transform_close(transform)
        collage_heif_close(decoder)
    }

    /// Opens `path` when it is such a HEIF and decodes its planes, at most
    /// `options.threads + 1` grid tiles at once (libheif's default is 4,
    /// each tile with its own HEVC decoder and buffers), then frees
    /// libheif's context and the file's bytes: the planes are all it keeps.
    /// - Returns: nil for another format or another kind of HEIF, for
    ///   options the plain decode must handle (a minimum size, an
    ///   orientation override, the helper process of a deadline, colour
    ///   left unconverted) and for a profile LittleCMS cannot use (the plain
    ///   decode then warns).
    /// - Throws: as `ImageDecoder.decode(path:options:)`: unreadable,
    ///   corrupt, over the pixel budget.
    public static func open(path: String, options: DecodeOptions) throws(ImageError) -> HEIFPlanarImage? {
        guard options.minimumSize == nil, options.orientation == nil, options.isolation == nil,
              options.convertICCProfiles else { return nil }
        let bytes = try FileBytes.readStable(path)
        guard try ImageDecoder.format(of: bytes.raw, path: path) == .heif else { return nil }
        let (decoder, info) = try HEIFDecoding.open(bytes.raw, path: path)
        var kept = false
        defer { if !kept { collage_heif_close(decoder) } }
        let size = Size(width: Int(info.width), height: Int(info.height))
        try HEIFDecoding.checkBudget(size, path: path, options: options)
        // Colour: an ICC profile through one shared transform; an nclx-only file is left to the plain decode.
        var transform: OpaquePointer?
        if info.icc != nil {
            var status: Int32 = 0
            var message = [CChar](repeating: 0, count: Int(COLLAGE_MESSAGE_MAX))
            transform = collage_icc_transform_open(info.icc, info.icc_length, &status, &message)
            if status < 0 { return nil }
        } else if info.has_nclx != 0 {
            return nil
        }
        collage_heif_set_decoding_threads(decoder, Int32(clamping: max(1, options.threads) + 1))
        // The context reads the file's bytes in place until it is freed.
        let decoded = withExtendedLifetime(bytes) { collage_heif_decode_planes(decoder) }
        switch decoded {
        case 0:
            kept = true
            collage_heif_release_file(decoder)
            return HEIFPlanarImage(size: size, decoder: decoder, transform: transform)
        case 1:
            collage_icc_transform_close(transform)
            return nil
        default:
            collage_icc_transform_close(transform)
            throw ImageError(path: path, reason: "invalid HEIF: \(String(cString: collage_heif_message(decoder)))", kind: .corrupt)
        }
    }

    /// Writes rows `rows` as opaque sRGB RGBA8 to `pixels` (`size.width * 4`
    /// bytes a row, `rows.count` rows). Any thread, several at once.
    public func write(rows: Range<Int>, to pixels: UnsafeMutablePointer<UInt8>) {
        collage_heif_plane_rows(decoder, Int32(rows.lowerBound), Int32(rows.count), pixels)
        if let transform { collage_icc_transform_rows(transform, pixels, size.width, rows.count) }
    }
}
