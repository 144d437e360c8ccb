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
/// They go to `sink` as soon as they can, front to back: a band is appended
/// when every band above it has been, so only bands encoded ahead of one
/// still missing are held (`heldBytes`, at most `peakHeldBytes`); the
/// renderer finishes bands roughly top to bottom, so that is a few bands,
/// not the file.
public final class JPEGBandEncoder: @unchecked Sendable {
    /// Image size in pixels.
    public let width: Int
    public let height: Int
    /// Rows per band (the last band may be shorter): 8 MCU rows.
    public let bandHeight: Int
    /// Where the joined file goes (memory unless the initialiser was given one).
    public let sink: EncodedSink
    private let options: EncodeOptions
    private let lock = DispatchQueue(label: "collage.codecs.jpeg-bands")
    /// Bands encoded but not yet appended to `sink` (those below `nextBand`'s gap).
    private var bands: [[UInt8]?]
    /// The first band not yet appended to `sink`.
    private var nextBand = 0
    private var held = 0
    private var peakHeld = 0
    private var failure: String?
    private var opaque = true

    /// Prepares a baseline JPEG of `width` x `height` pixels with `options`
    /// (as `ImageEncoder` documents them), written to `sink` (by default
    /// into memory, returned by `finish()`).
    /// - Throws: `ImageError(kind: .encodeFailed)` with path "<output>" for
    ///   `progressive` (a progressive scan cannot be cut into bands)
    ///   or a size JPEG cannot hold.
    public init(width: Int, height: Int, options: EncodeOptions = EncodeOptions(),
                sink: EncodedSink = EncodedSink()) throws(ImageError) {
        guard !JPEGSaver.isProgressive(options) else {
            throw ImageError(path: "<output>", reason: "a progressive JPEG cannot be encoded in bands", kind: .encodeFailed)
        }
        try ImageEncoder.checkSize(Size(width: width, height: height), format: .jpeg)
        self.width = width
        self.height = height
        self.options = options
        self.sink = sink
        // MCU height: 16 rows at 4:2:0 (luma sampled 2x2), 8 at 4:4:4.
        bandHeight = 8 * (JPEGSaver.subsampling(options) == 444 ? 8 : 16)
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
    /// flattened onto `EncodeOptions.flattenBackground`, and appends it and
    /// the held bands after it to `sink` when the bands above it are there.
    /// Any thread may call it, for different bands at once; each band once.
    /// A library failure is reported by `finish()`.
    public func encode(band index: Int, rows pixels: UnsafePointer<UInt8>) {
        let count = rows(ofBand: index).count
        let bg = options.flattenBackground
        var bytes: [UInt8]?
        var message = "out of memory"
        var opaque = true
        if let stream = collage_jpeg_stream_begin(Int32(width), Int32(count), JPEGSaver.quality(options),
                                                  JPEGSaver.subsampling(options), 0,
                                                  Int32(clamping: options.dpi ?? 0), bg.red, bg.green, bg.blue,
                                                  options.flattenInLinearLight ? 1 : 0) {
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
            if !opaque { self.opaque = false }
            guard let bytes else {
                if failure == nil { failure = message }
                return
            }
            bands[index] = bytes
            held += bytes.count
            peakHeld = max(peakHeld, held)
            appendReadyBands()
        }
    }

    /// Appends the bands from `nextBand` on that are encoded, in order
    /// (under `lock`): the first with its headers, the frame height set to
    /// the image's, then each band's entropy-coded data after an RST7.
    private func appendReadyBands() {
        while failure == nil, nextBand < bands.count, let band = bands[nextBand] {
            bands[nextBand] = nil
            held -= band.count
            guard let frame = Self.layout(band) else {
                failure = "unexpected band layout"
                return
            }
            if nextBand == 0 {
                var header = Array(band[..<frame.scan])
                // The frame header's height (SOFn: length, precision, then Y).
                header[frame.sof + 5] = UInt8(height >> 8)
                header[frame.sof + 6] = UInt8(height & 0xFF)
                sink.append(header)
            } else {
                sink.append([0xFF, 0xD7])
            }
            sink.append(band[frame.scan ..< band.count - 2])
            nextBand += 1
        }
    }

    /// True when every band is encoded.
    public var isComplete: Bool { lock.sync { failure == nil && nextBand == bands.count } }

    /// True while every pixel encoded so far had alpha 255.
    public var isOpaque: Bool { lock.sync { opaque } }

    /// Bytes of encoded bands held because a band above them is missing.
    public var heldBytes: Int { lock.sync { held } }

    /// The most `heldBytes` has been.
    public var peakHeldBytes: Int { lock.sync { peakHeld } }

    /// Ends the file (EOI), flushes `sink` and returns the bytes a memory
    /// sink holds (the whole file; empty for a sink that writes through).
    /// - Throws: `ImageError(kind: .encodeFailed)` with the library's message,
    ///   also when a band is missing, or with "writing failed: <strerror>"
    ///   when the sink's writer failed.
    public func finish() throws(ImageError) -> [UInt8] {
        let failure: String? = lock.sync {
            if let failure = self.failure { return failure }
            guard nextBand == bands.count else { return "fewer rows written than the image has" }
            return nil
        }
        if let failure {
            throw ImageError(path: "<output>", reason: "JPEG encoding failed: \(failure)", kind: .encodeFailed)
        }
        sink.append([0xFF, 0xD9])
        sink.flush()
        if let code = sink.failure { throw ImageError.writeFailed(code) }
        return sink.takeBytes()
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
