import CImageShim
import CollageRaster
import Dispatch

/// A baseline JPEG encoded as independent bands of rows, in any order and
/// on several threads at once, then joined into one file.
///
/// Every baseline JPEG that `ImageEncoder` writes restarts its entropy coder
/// at each MCU row (a DRI marker in the header, RSTn markers between rows;
/// ITU-T T.81 section F.1.2.3): at a restart the DC predictions start again
/// from 0 and the bits are padded to a whole byte, so a band of whole MCU
/// rows encodes to the same bytes alone as inside the whole image. A band is
/// 8 MCU rows (128 image rows at 4:2:0, 64 at 4:4:4), so the marker numbers
/// libjpeg writes inside a band (RST0 to RST7, cycling) are already the
/// whole file's, and the marker between two bands is always RST7. `finish()`
/// joins the bands' entropy-coded data under the first band's headers, its
/// frame height set to the image's.
///
/// The bytes equal `ImageEncoder.encode(_:as:options:)`'s for the same pixels
/// and options, whatever the order and threads the bands were encoded in.
/// Encoded bands stay in memory until `finish()`.
public final class JPEGBandEncoder: @unchecked Sendable {
    /// Image size in pixels.
    public let width: Int
    public let height: Int
    /// Rows per band (the last band may be shorter): 8 MCU rows.
    public let bandHeight: Int
    private let options: EncodeOptions
    private let lock = DispatchQueue(label: "collage.codecs.jpeg-bands")
    private var bands: [[UInt8]?]
    private var failure: String?
    private var opaque = true

    /// Prepares a baseline JPEG of `width` x `height` pixels with `options`
    /// (as `ImageEncoder` documents them).
    /// - Throws: `ImageError(kind: .encodeFailed)` with path "<output>" for
    ///   `options.progressive` (a progressive scan cannot be cut into bands)
    ///   or a size JPEG cannot hold.
    public init(width: Int, height: Int, options: EncodeOptions = EncodeOptions()) throws(ImageError) {
        guard !options.progressive else {
            throw ImageError(path: "<output>", reason: "a progressive JPEG cannot be encoded in bands", kind: .encodeFailed)
        }
        try ImageEncoder.checkSize(Size(width: width, height: height), format: .jpeg)
        self.width = width
        self.height = height
        self.options = options
        // MCU height: 16 rows at 4:2:0 (luma sampled 2x2), 8 at 4:4:4.
        bandHeight = 8 * (options.subsampling == .yuv444 ? 8 : 16)
        bands = Array(repeating: nil, count: (height + bandHeight - 1) / bandHeight)
    }

    /// Number of bands.
    public var bandCount: Int { bands.count }

    /// The image rows of band `index`.
    public func rows(ofBand index: Int) -> Range<Int> {
        index * bandHeight ..< Swift.min((index + 1) * bandHeight, height)
    }

    /// Encodes band `index` from `rows(ofBand: index).count` rows of `width`
    /// RGBA8 pixels (sRGB, straight alpha, no row padding) at `pixels`,
    /// flattened onto `EncodeOptions.flattenBackground`. Any thread may call
    /// it, for different bands at once; each band once. A library failure is
    /// reported by `finish()`.
    public func encode(band index: Int, rows pixels: UnsafePointer<UInt8>) {
        let count = rows(ofBand: index).count
        let bg = options.flattenBackground
        var bytes: [UInt8]?
        var message = "out of memory"
        var opaque = true
        if let stream = collage_jpeg_stream_begin(Int32(width), Int32(count), Int32(min(max(options.quality, 1), 100)),
                                                  options.subsampling == .yuv444 ? 444 : 420, 0,
                                                  Int32(clamping: options.dpi ?? 0), bg.red, bg.green, bg.blue) {
            _ = collage_jpeg_stream_write(stream, pixels, Int32(count))
            opaque = collage_jpeg_stream_opaque(stream) != 0
            var buffer = collage_buffer()
            defer { collage_buffer_free(&buffer) }
            if collage_jpeg_stream_finish(stream, &buffer) == 0 {
                bytes = Array(UnsafeBufferPointer(start: buffer.bytes, count: buffer.length))
            } else {
                message = withUnsafeBytes(of: buffer.message) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
            }
        }
        lock.sync {
            if let bytes { bands[index] = bytes } else if failure == nil { failure = message }
            if !opaque { self.opaque = false }
        }
    }

    /// True when every band is encoded.
    public var isComplete: Bool { lock.sync { failure == nil && !bands.contains(where: { $0 == nil }) } }

    /// True while every pixel encoded so far had alpha 255.
    public var isOpaque: Bool { lock.sync { opaque } }

    /// Joins the bands into the file and returns its bytes.
    /// - Throws: `ImageError(kind: .encodeFailed)` with the library's message,
    ///   also when a band is missing.
    public func finish() throws(ImageError) -> [UInt8] {
        let (bands, failure) = lock.sync { (self.bands, self.failure) }
        func failed(_ reason: String) -> ImageError {
            ImageError(path: "<output>", reason: "JPEG encoding failed: \(reason)", kind: .encodeFailed)
        }
        if let failure { throw failed(failure) }
        var encoded: [[UInt8]] = []
        for band in bands {
            guard let band else { throw failed("fewer rows written than the image has") }
            encoded.append(band)
        }
        guard let first = encoded.first, let frame = Self.layout(first) else { throw failed("unexpected band layout") }
        var file = Array(first[..<frame.scan])
        // The frame header's height (SOFn: length, precision, then Y).
        file[frame.sof + 5] = UInt8(height >> 8)
        file[frame.sof + 6] = UInt8(height & 0xFF)
        file.reserveCapacity(encoded.reduce(0) { $0 + $1.count })
        for (index, band) in encoded.enumerated() {
            guard let scan = index == 0 ? frame.scan : Self.layout(band)?.scan else { throw failed("unexpected band layout") }
            if index > 0 { file += [0xFF, 0xD7] }
            file += band[scan ..< band.count - 2]
        }
        file += [0xFF, 0xD9]
        return file
    }

    /// Where the frame header (SOF0 or SOF1) starts and the entropy-coded
    /// data after the scan header begins in a band libjpeg wrote, which
    /// must end with EOI; nil for anything else.
    static func layout(_ bytes: [UInt8]) -> (sof: Int, scan: Int)? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8,
              bytes[bytes.count - 2] == 0xFF, bytes[bytes.count - 1] == 0xD9 else { return nil }
        var offset = 2
        var sof: Int?
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            if marker == 0xC0 || marker == 0xC1 { sof = offset }
            if marker == 0xDA {
                let scan = offset + 2 + length
                guard let sof, sof + 7 <= bytes.count, scan <= bytes.count - 2 else { return nil }
                return (sof, scan)
            }
            offset += 2 + length
        }
        return nil
    }
}
