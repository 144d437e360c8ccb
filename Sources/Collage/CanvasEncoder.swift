import CollageCodecs
import CollageRaster

/// Encodes the output of one render. JPEG is encoded while the canvas is
/// still being rendered: `finishedRows` goes to `SceneRenderer.render`, which
/// hands it each band of rows as soon as the band is final, so when the last
/// photo is drawn only the rows below it are left to encode. PNG and WebP
/// are encoded from the finished canvas (PNG's colour type, RGB or RGBA,
/// depends on whether any pixel of the whole canvas is transparent, and
/// libwebp takes whole pictures). The bytes are `ImageEncoder.encode`'s in
/// every case, for any thread count; nothing is written anywhere.
final class CanvasEncoder: Sendable {
    private let format: EncodedFormat
    private let options: EncodeOptions
    private let rows: JPEGRowEncoder?

    /// - Parameter size: the canvas size in pixels.
    init(format: EncodedFormat, size: Size, options: EncodeOptions) {
        self.format = format
        self.options = options
        // A size JPEG cannot hold goes the whole-canvas way, which reports it.
        rows = format == .jpeg ? try? JPEGRowEncoder(width: size.width, height: size.height, options: options) : nil
    }

    /// Where the renderer sends final rows; nil when the format is encoded
    /// from the finished canvas.
    var finishedRows: SceneRenderer.FinishedRows? {
        guard let rows else { return nil }
        return { range, pixels in rows.write(rows: pixels, count: range.count) }
    }

    /// True when every pixel of `canvas` (the render's result) is opaque;
    /// for JPEG, known from the encoded rows without another pass.
    func isOpaque(_ canvas: Pixmap) -> Bool {
        if let rows, rows.rowsWritten == canvas.height { return rows.isOpaque }
        return canvas.isOpaque
    }

    /// The encoded file of `canvas`, the pixmap the render returned. Call once.
    /// - Throws: `ImageError(kind: .encodeFailed)` as `ImageEncoder.encode` does.
    func finish(_ canvas: Pixmap) throws(ImageError) -> [UInt8] {
        if let rows { return try rows.finish() }
        return try ImageEncoder.encode(canvas, as: format, options: options)
    }
}
