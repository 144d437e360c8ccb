import CollageCodecs
import CollageRaster

/// Encodes the output of one render. JPEG and PNG are encoded while the
/// canvas is still being rendered: `finishedRows` goes to
/// `SceneRenderer.render`, which hands it each band of rows as soon as the
/// band is final, so when the last photo is drawn only the rows below its
/// top are left to encode. WebP is encoded from the finished canvas
/// (libwebp takes whole pictures). The bytes are `ImageEncoder.encode`'s in
/// every case, for any thread count; nothing is written anywhere.
///
/// PNG is RGB when every pixel is opaque, RGBA otherwise, which only the
/// finished canvas tells: the rows are encoded as RGB when the background is
/// opaque (source-over keeps an opaque pixel opaque) and as RGBA otherwise;
/// a canvas that proves the guess wrong (a transparent background that the
/// photos cover entirely) is encoded again from the finished canvas.
final class CanvasEncoder: Sendable {
    private let format: EncodedFormat
    private let options: EncodeOptions
    private let rows: RowEncoder?
    /// PNG: the rows are encoded with alpha.
    private let alpha: Bool

    /// - Parameters:
    ///   - size: the canvas size in pixels.
    ///   - opaqueBackground: the scene's background has alpha 255.
    init(format: EncodedFormat, size: Size, options: EncodeOptions, opaqueBackground: Bool) {
        self.format = format
        self.options = options
        alpha = format == .png && !opaqueBackground
        // A size the format cannot hold goes the whole-canvas way, which reports it.
        rows = RowEncoder.formats.contains(format)
            ? try? RowEncoder(format: format, width: size.width, height: size.height, options: options, alpha: alpha) : nil
    }

    /// Where the renderer sends final rows; nil when the format is encoded
    /// from the finished canvas.
    var finishedRows: SceneRenderer.FinishedRows? {
        guard let rows else { return nil }
        return { range, pixels in rows.write(rows: pixels, count: range.count) }
    }

    /// How the renderer should order its work for `finishedRows`: PNG's
    /// deflate takes about as long as the render, so it should start as
    /// early as possible; JPEG's encoder keeps up with any order.
    var rowsOrder: FinishedRowsOrder { format == .png ? .topFirst : .largestFirst }

    /// True when every pixel of `canvas` (the render's result) is opaque;
    /// known from the encoded rows without another pass when they were streamed.
    func isOpaque(_ canvas: Pixmap) -> Bool {
        if let rows, rows.rowsWritten == canvas.height { return rows.isOpaque }
        return canvas.isOpaque
    }

    /// The encoded file of `canvas`, the pixmap the render returned. Call once.
    /// - Throws: `ImageError(kind: .encodeFailed)` as `ImageEncoder.encode` does.
    func finish(_ canvas: Pixmap) throws(ImageError) -> [UInt8] {
        if let rows, format == .jpeg || isOpaque(canvas) != alpha { return try rows.finish() }
        return try ImageEncoder.encode(canvas, as: format, options: options)
    }
}
