import CImage
import CImageShim
import CollageRaster

/// A JPEG decoded row by row through libjpeg's scanline API (the CImageShim
/// setjmp wrappers), at the same DCT scale `ImageDecoder.decode` would use:
/// rows nobody asks for above the first one asked are skipped
/// (`jpeg_skip_scanlines`: no IDCT, no colour conversion), the decode stops
/// after the last row asked for (`jpeg_abort_decompress`), only the columns
/// announced with `needColumns` are decoded (`jpeg_crop_scanline`), and only one row
/// of pixels exists at a time. The pixels equal the whole-image decode's.
///
/// Only for files needing no whole-image colour conversion: grayscale, YCbCr
/// or RGB, without an ICC profile or with one that names sRGB. A truncated
/// or corrupt stretch is noticed only in rows that are decoded.
public final class JPEGRowStream: ImageRowStream {
    /// Decoded (DCT-scaled) size as stored, pixels.
    public let size: Size
    public let orientation: StoredOrientation
    /// The file's header; `orientation` is the override when one was given.
    public let header: ImageHeader
    /// DCT scale numerator over 8.
    public let dctScale: Int
    /// The decoder's warnings, complete after `finish()`.
    public private(set) var warnings: [String] = []

    private let path: String
    /// The file; libjpeg reads it in place until `finish()`.
    private let data: FileBytes.StableBytes
    private var decoder: OpaquePointer?
    private let row: UnsafeMutablePointer<UInt8>
    /// The next row libjpeg produces.
    private var next = 0
    /// The first column libjpeg decodes (`needColumns`).
    private var rowOffset = 0
    private var error: ImageError?
    /// Checked every 16 rows (`DecodeOptions.isolation`).
    private var deadline: Deadline?

    /// Opens `bytes` (a JPEG, kept by the stream) for row-by-row decoding.
    /// - Returns: nil when the file needs the whole-image path (CMYK/YCCK,
    ///   or an ICC profile that is not sRGB while `options.convertICCProfiles`).
    /// - Throws: as `ImageDecoder.decode(path:options:)` for the header, the
    ///   limits and the start of the decode.
    static func open(_ bytes: FileBytes.StableBytes, path: String, options: DecodeOptions) throws(ImageError) -> JPEGRowStream? {
        guard let decoder = collage_jpeg_open(bytes.base, bytes.count,
                                              options.maxLibraryMemory, options.allowTruncated ? 0 : 1) else {
            throw ImageError(path: path, reason: "out of memory", kind: .tooLarge)
        }
        var owned = true
        defer { if owned { collage_jpeg_close(decoder) } }
        var info = collage_jpeg_info()
        if collage_jpeg_header(decoder, &info) != 0 { throw JPEGDecoding.failure(decoder, path: path) }
        let space = info.color_space
        guard space == Int32(JCS_YCbCr.rawValue) || space == Int32(JCS_GRAYSCALE.rawValue) || space == Int32(JCS_RGB.rawValue)
        else { return nil }
        if options.convertICCProfiles && info.icc != nil {
            var probe: [UInt8] = [128, 128, 128, 255]
            let input = space == Int32(JCS_GRAYSCALE.rawValue) ? COLLAGE_ICC_GRAY : COLLAGE_ICC_RGB
            guard ICCConversion.apply(profile: info.icc, length: info.icc_length, input: input,
                                      pixels: &probe, width: 1, height: 1) == .none else { return nil }
        }
        let header = ImageHeader(format: .jpeg, storedSize: Size(width: Int(info.width), height: Int(info.height)),
                                 orientation: options.orientation ?? JPEGDecoding.orientation(info))
        let (scale, size) = try JPEGDecoding.chooseScale(decoder, info: info, header: header, path: path, options: options)
        var w: Int32 = 0, h: Int32 = 0
        if collage_jpeg_start_rows(decoder, Int32(scale), &w, &h) != 0 { throw JPEGDecoding.failure(decoder, path: path) }
        guard Int(w) == size.width, Int(h) == size.height else {
            throw ImageError(path: path, reason: "invalid JPEG: decoder output does not match the expected size", kind: .corrupt)
        }
        owned = false
        let stream = JPEGRowStream(path: path, data: bytes, decoder: decoder, header: header, scale: scale, size: size)
        stream.deadline = options.isolation?.deadline
        return stream
    }

    private init(path: String, data: FileBytes.StableBytes, decoder: OpaquePointer, header: ImageHeader,
                 scale: Int, size: Size) {
        self.path = path
        self.data = data
        self.decoder = decoder
        self.header = header
        self.dctScale = scale
        self.size = size
        self.orientation = header.orientation.stored
        row = UnsafeMutablePointer<UInt8>.allocate(capacity: size.width * 4)
        row.initialize(repeating: 0, count: size.width * 4)
    }

    deinit {
        if let decoder { collage_jpeg_close(decoder) }
        row.deallocate()
    }

    /// Decodes only the iMCU columns holding `columns` widened by 16
    /// pixels on each side: the IDCT and colour conversion are exact per
    /// block, and the margin keeps the pixels that chroma upsampling at the
    /// cropped edge treats differently out of `columns`.
    public func needColumns(_ columns: Range<Int>) {
        guard error == nil, let decoder, next == 0, !columns.isEmpty else { return }
        let low = Swift.max(columns.lowerBound - 16, 0), high = Swift.min(columns.upperBound + 16, size.width)
        guard low > 0 || high < size.width else { return }
        var x = Int32(low), width = Int32(high - low)
        if collage_jpeg_crop_columns(decoder, &x, &width) != 0 {
            error = JPEGDecoding.failure(decoder, path: path)
        } else if x < 0 || Int(x) + Int(width) > size.width {
            error = ImageError(path: path, reason: "invalid JPEG: cropped columns outside the image", kind: .corrupt)
        } else {
            rowOffset = Int(x)
        }
    }

    public func row(_ y: Int) -> UnsafePointer<UInt8> {
        if error == nil, let decoder {
            if y >= next {
                // jpeg_skip_scanlines only from the top: a skip that starts
                // inside a row group can return stale rows in some
                // libjpeg-turbo releases (libjpeg-turbo issue 915). Later gaps,
                // which the resampler's overlapping kernels never leave, are
                // read through.
                if next == 0 && y > 0 {
                    if collage_jpeg_skip_rows(decoder, Int32(y)) != 0 { error = JPEGDecoding.failure(decoder, path: path) }
                    next = y
                }
                if next & 15 == 0, let deadline, deadline.hasPassed {
                    error = ImageError(path: path, reason: "stopped at the deadline (\(Deadline.format(deadline.seconds)) s)",
                                       kind: .timedOut)
                }
                while error == nil && next <= y {
                    if collage_jpeg_read_row(decoder, row + rowOffset * 4) != 0 { error = JPEGDecoding.failure(decoder, path: path) }
                    next += 1
                }
            } else if y != next - 1 {
                error = ImageError(path: path, reason: "internal error: JPEG rows asked for out of order", kind: .corrupt)
            }
            if error != nil {
                for x in 0..<size.width { row[x * 4] = 0; row[x * 4 + 1] = 0; row[x * 4 + 2] = 0; row[x * 4 + 3] = 255 }
            }
        }
        return UnsafePointer(row)
    }

    /// Stops or finishes the decode, collects the warnings, frees the decoder.
    /// - Throws: the first error met while producing rows (`.truncated`,
    ///   `.corrupt`, ...).
    public func finish() throws(ImageError) {
        guard let decoder else { if let error { throw error }; return }
        if error == nil && collage_jpeg_end_rows(decoder) != 0 { error = JPEGDecoding.failure(decoder, path: path) }
        warnings = ShimWarnings.list(collage_jpeg_warnings(decoder))
        collage_jpeg_close(decoder)
        self.decoder = nil
        if let error { throw error }
    }
}
