import CollageCodecs
import CollageRaster

/// Encodes the output of one render. JPEG and PNG are encoded while the
/// canvas is still being rendered. A baseline JPEG goes as `FinishedOutput.bands`
/// to `SceneRenderer.render`, which hands over each band of 8 MCU rows as
/// soon as it is final, in any order (`JPEGBandEncoder`): when the last photo
/// is drawn only the bands it touches are left, and the threads with no
/// photo left share them. PNG and progressive JPEG go as `FinishedOutput.rows`,
/// top to bottom, so when the last photo is drawn the rows below its top
/// are left. WebP is encoded from the finished canvas (libwebp takes whole
/// pictures). The bytes are `ImageEncoder.encode`'s in every case, for any
/// thread count; nothing is written anywhere.
///
/// PNG is RGB when every pixel is opaque, RGBA otherwise, which only the
/// finished canvas tells: the rows are encoded as RGB when the background is
/// opaque (source-over keeps an opaque pixel opaque) and as RGBA otherwise;
/// a canvas that proves the guess wrong (a transparent background that the
/// photos cover entirely) is encoded again from the finished canvas.
final class CanvasEncoder: Sendable {
    private let format: OutputFormat
    private let options: EncodeOptions
    private let rows: RowEncoder?
    private let bands: JPEGBandEncoder?
    /// PNG: the rows are encoded with alpha.
    private let alpha: Bool

    /// - Parameters:
    ///   - size: the canvas size in pixels.
    ///   - opaqueBackground: the scene's background has alpha 255.
    init(format: OutputFormat, size: Size, options: EncodeOptions, opaqueBackground: Bool) {
        self.format = format
        self.options = options
        alpha = format.hasAlpha && !opaqueBackground
        // A size the format cannot hold goes the whole-canvas way, which reports it.
        bands = format == .jpeg && !options.progressive
            ? try? JPEGBandEncoder(width: size.width, height: size.height, options: options) : nil
        rows = bands == nil && format.encodesWhileRendering
            ? try? RowEncoder(format: format, width: size.width, height: size.height, options: options, alpha: alpha) : nil
    }

    /// Where the renderer sends final rows: bands in any order (baseline
    /// JPEG), rows top to bottom (PNG, progressive JPEG; PNG's deflate takes
    /// about as long as the render, so its rows go top first, while JPEG's
    /// encoder keeps up with any order), or nil when the format is encoded
    /// from the finished canvas (WebP).
    var output: FinishedOutput? {
        if let bands {
            return .bands(FinishedBands(height: bands.bandHeight) { index, pixels in bands.encode(band: index, rows: pixels) })
        }
        guard let rows else { return nil }
        return .rows({ range, pixels in rows.write(rows: pixels, count: range.count) },
                     order: format == .png ? .topFirst : .largestFirst)
    }

    /// True when every pixel of `canvas` (the render's result) is opaque;
    /// known from the encoded rows without another pass when they were streamed.
    func isOpaque(_ canvas: Pixmap) -> Bool {
        if let bands, bands.isComplete { return bands.isOpaque }
        if let rows, rows.rowsWritten == canvas.height { return rows.isOpaque }
        return canvas.isOpaque
    }

    /// The encoded file of `canvas`, the pixmap the render returned. Call once.
    /// - Throws: `ImageError(kind: .encodeFailed)` as `ImageEncoder.encode` does.
    func finish(_ canvas: Pixmap) throws(ImageError) -> [UInt8] {
        if let bands { return try bands.finish() }
        if let rows, format == .jpeg || isOpaque(canvas) != alpha { return try rows.finish() }
        return try ImageEncoder.encode(canvas, as: format, options: options)
    }
}
