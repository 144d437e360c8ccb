import CImageShim
import CollageRaster

/// A JPEG encoded a band of rows at a time, top to bottom, so encoding can
/// run while the rows below are still being rendered
/// (`SceneRenderer.render(_:images:threads:fast:progress:finishedRows:)`).
///
/// The bytes are those `ImageEncoder.encode(_:as:options:)` writes for the
/// same pixels and options (the one-shot encoder runs the same code over
/// all rows at once). Encoded bytes stay in memory until `finish()`.
/// One thread at a time may use an encoder; it may hand it to another.
public final class JPEGRowEncoder: @unchecked Sendable {
    /// Image size in pixels.
    public let width: Int
    public let height: Int
    /// Rows written so far.
    public private(set) var rowsWritten = 0
    private var stream: OpaquePointer?

    /// Starts a JPEG of `width` x `height` pixels with `options` (as
    /// `ImageEncoder` documents them; `lossless` is ignored).
    /// - Throws: `ImageError(kind: .encodeFailed)` with path "<output>" for
    ///   a size JPEG cannot hold (as `ImageEncoder.encode` does) or when out
    ///   of memory.
    public init(width: Int, height: Int, options: EncodeOptions = EncodeOptions()) throws(ImageError) {
        try ImageEncoder.checkSize(Size(width: width, height: height), format: .jpeg)
        self.width = width
        self.height = height
        let bg = options.flattenBackground
        stream = collage_jpeg_stream_begin(Int32(width), Int32(height), Int32(min(max(options.quality, 1), 100)),
                                           options.subsampling == .yuv444 ? 444 : 420, options.progressive ? 1 : 0,
                                           Int32(clamping: options.dpi ?? 0), bg.red, bg.green, bg.blue)
        guard stream != nil else {
            throw ImageError(path: "<output>", reason: "JPEG encoding failed: out of memory", kind: .encodeFailed)
        }
    }

    deinit { collage_jpeg_stream_free(stream) }

    /// Encodes the next `count` rows: `width * count` RGBA8 pixels (sRGB,
    /// straight alpha, no row padding) at `pixels`, flattened onto the
    /// background as `EncodeOptions.flattenBackground` says. Rows past
    /// `height` are ignored. A library failure is reported by `finish()`.
    public func write(rows pixels: UnsafePointer<UInt8>, count: Int) {
        guard let stream, count > 0 else { return }
        let rows = min(count, height - rowsWritten)
        guard rows > 0 else { return }
        _ = collage_jpeg_stream_write(stream, pixels, Int32(rows))
        rowsWritten += rows
    }

    /// True while every pixel written so far had alpha 255.
    public var isOpaque: Bool { stream.map { collage_jpeg_stream_opaque($0) != 0 } ?? true }

    /// Completes the file and returns its bytes; the encoder is spent.
    /// - Throws: `ImageError(kind: .encodeFailed)` with the library's message,
    ///   also when fewer than `height` rows were written or `finish()` was
    ///   called before.
    public func finish() throws(ImageError) -> [UInt8] {
        guard let stream else {
            throw ImageError(path: "<output>", reason: "JPEG encoding failed: already finished", kind: .encodeFailed)
        }
        self.stream = nil
        var buffer = collage_buffer()
        let status = collage_jpeg_stream_finish(stream, &buffer)
        defer { collage_buffer_free(&buffer) }
        if status != 0 {
            let message = withUnsafeBytes(of: buffer.message) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            throw ImageError(path: "<output>", reason: "JPEG encoding failed: \(message)", kind: .encodeFailed)
        }
        return Array(UnsafeBufferPointer(start: buffer.bytes, count: buffer.length))
    }
}
