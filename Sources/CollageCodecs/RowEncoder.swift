import CImageShim
import CollageRaster

/// A JPEG or PNG encoded a band of rows at a time, top to bottom, so
/// encoding can run while the rows below are still being rendered
/// (`FinishedOutput.rows`).
///
/// The bytes are those `ImageEncoder.encode(_:as:options:)` writes for the
/// same pixels and options (the one-shot encoders run the same code over
/// all rows at once), provided a PNG started without `alpha` gets only
/// opaque pixels: `isOpaque` tells. The bytes go to `sink` as each
/// `write` produces them (PNG: the IDAT chunks zlib has filled; baseline
/// JPEG: the rows' entropy-coded data; progressive JPEG: everything at
/// `finish()`, as libjpeg writes its scans only then), so a sink that writes
/// to a file holds at most one write's bytes plus its buffer. One thread at
/// a time may use an encoder; it may hand it to another.
public final class RowEncoder: @unchecked Sendable {
    public let format: OutputFormat
    /// Image size in pixels.
    public let width: Int
    public let height: Int
    /// Rows written so far.
    public private(set) var rowsWritten = 0
    /// Where the bytes go (memory unless the initialiser was given one).
    public let sink: EncodedSink
    private var jpeg: OpaquePointer?
    private var png: OpaquePointer?

    /// Starts a `format` file of `width` x `height` pixels with `options` (as
    /// `ImageEncoder` documents them).
    /// - Parameter alpha: PNG only: write RGBA (true) or RGB (false, the
    ///   alpha bytes dropped). `ImageEncoder` picks RGB exactly when every
    ///   pixel is opaque.
    /// - Throws: `ImageError(kind: .encodeFailed)` with path "<output>" for
    ///   a format that is not `encodesWhileRendering` (WebP: libwebp takes
    ///   whole pictures only), a size the format cannot hold (as
    ///   `ImageEncoder.encode` does) or when out of memory.
    /// - Parameter sink: where the file's bytes go as they are encoded; by
    ///   default into memory, returned by `finish()`.
    public init(format: OutputFormat, width: Int, height: Int, options: EncodeOptions = EncodeOptions(),
                alpha: Bool = false, sink: EncodedSink = EncodedSink()) throws(ImageError) {
        guard format.encodesWhileRendering else {
            throw ImageError(path: "<output>", reason: "\(format.displayName) cannot be encoded a band at a time",
                             kind: .encodeFailed)
        }
        try ImageEncoder.checkSize(Size(width: width, height: height), format: format)
        self.format = format
        self.width = width
        self.height = height
        self.sink = sink
        if format == .jpeg {
            let bg = options.flattenBackground
            jpeg = collage_jpeg_stream_begin(Int32(width), Int32(height), JPEGSaver.quality(options),
                                             JPEGSaver.subsampling(options), JPEGSaver.isProgressive(options) ? 1 : 0,
                                             Int32(clamping: options.dpi ?? 0), bg.red, bg.green, bg.blue,
                                             options.flattenInLinearLight ? 1 : 0)
        } else {
            png = collage_png_stream_begin(Int32(width), Int32(height), alpha ? 1 : 0, Int32(clamping: options.dpi ?? 0))
        }
        guard jpeg != nil || png != nil else {
            throw ImageError(path: "<output>", reason: "\(format.displayName) encoding failed: out of memory",
                             kind: .encodeFailed)
        }
        drain()
    }

    deinit {
        collage_jpeg_stream_free(jpeg)
        collage_png_stream_free(png)
    }

    /// Encodes the next `count` rows: `width * count` RGBA8 pixels (sRGB,
    /// straight alpha, no row padding) at `pixels`; JPEG flattens them onto
    /// `EncodeOptions.flattenBackground`. Rows past `height` are ignored. A
    /// library failure is reported by `finish()`.
    public func write(rows pixels: UnsafePointer<UInt8>, count: Int) {
        let rows = min(count, height - rowsWritten)
        guard rows > 0 else { return }
        if let jpeg { _ = collage_jpeg_stream_write(jpeg, pixels, Int32(rows)) }
        if let png { _ = collage_png_stream_write(png, pixels, Int32(rows)) }
        rowsWritten += rows
        drain()
    }

    /// Moves the bytes the library has encoded so far to `sink`.
    private func drain() {
        var bytes: UnsafePointer<UInt8>?
        if let jpeg {
            let count = collage_jpeg_stream_pending(jpeg, &bytes)
            if count > 0, let bytes { sink.append(UnsafeRawBufferPointer(start: bytes, count: count)) }
            collage_jpeg_stream_take(jpeg)
        }
        if let png {
            let count = collage_png_stream_pending(png, &bytes)
            if count > 0, let bytes { sink.append(UnsafeRawBufferPointer(start: bytes, count: count)) }
            collage_png_stream_take(png)
        }
    }

    /// True while every pixel written so far had alpha 255.
    public var isOpaque: Bool {
        if let jpeg { return collage_jpeg_stream_opaque(jpeg) != 0 }
        if let png { return collage_png_stream_opaque(png) != 0 }
        return true
    }

    /// Completes the file, flushes `sink` and returns the bytes a memory sink
    /// holds (the whole file; empty for a sink that writes through, which
    /// has them all); the encoder is spent.
    /// - Throws: `ImageError(kind: .encodeFailed)` with the library's message,
    ///   also when fewer than `height` rows were written or `finish()` was
    ///   called before, or with "writing failed: <strerror>" when the sink's
    ///   writer failed.
    public func finish() throws(ImageError) -> [UInt8] {
        let name = format.displayName
        var buffer = collage_buffer()
        let status: Int32
        if let jpeg {
            self.jpeg = nil
            status = collage_jpeg_stream_finish(jpeg, &buffer)
        } else if let png {
            self.png = nil
            status = collage_png_stream_finish(png, &buffer)
        } else {
            throw ImageError(path: "<output>", reason: "\(name) encoding failed: already finished", kind: .encodeFailed)
        }
        defer { collage_buffer_free(&buffer) }
        if status != 0 {
            let message = withUnsafeBytes(of: buffer.message) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            throw ImageError(path: "<output>", reason: "\(name) encoding failed: \(message)", kind: .encodeFailed)
        }
        if buffer.length > 0 { sink.append(UnsafeRawBufferPointer(start: buffer.bytes, count: buffer.length)) }
        sink.flush()
        if let failure = sink.failure { throw ImageError.writeFailed(failure) }
        return sink.takeBytes()
    }
}
