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
/// The canvas is not held while JPEG or PNG rows stream
/// (`SceneRenderer.render(_:images:options:streamingTo:keepingCanvas:)`): its
/// rows go back to the system once encoded, within the render's memory
/// budget (`--max-memory`), except in the one case below.
///
/// PNG is RGB when every pixel is opaque, RGBA otherwise, which only the
/// finished canvas tells. An opaque background makes the file RGB for sure
/// (every item composites source-over, which keeps an opaque pixel opaque):
/// the rows are encoded as RGB and the canvas is not kept. A background that
/// is not opaque makes the guess RGBA, which is wrong when the photos cover
/// it entirely; then the file is encoded again from the finished canvas,
/// so that case keeps the whole canvas (`keepsCanvas`) and is not bounded
/// in memory.
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

    /// True when the render must return the whole canvas along with the
    /// streamed rows: PNG rows encoded as RGBA (a background that is not
    /// opaque), which `finish` re-encodes when every pixel turns out opaque.
    var keepsCanvas: Bool { rows != nil && format == .png && alpha }

    /// The encoded file. `canvas` is what the render returned: the whole
    /// canvas when there was no `output` or `keepsCanvas`, else nil. Call once.
    /// - Throws: `ImageError(kind: .encodeFailed)` as `ImageEncoder.encode`
    ///   does, and when rows were streamed without the canvas and their
    ///   RGB guess proved wrong (which source-over compositing rules out).
    func finish(_ canvas: Pixmap?) throws(ImageError) -> [UInt8] {
        if let bands { return try bands.finish() }
        if let rows, format == .jpeg || (rows.rowsWritten == rows.height && rows.isOpaque != alpha) {
            return try rows.finish()
        }
        guard let canvas else {
            throw ImageError(path: "<output>", reason: "internal error: the streamed PNG rows were not all opaque and the canvas was not kept",
                             kind: .encodeFailed)
        }
        return try ImageEncoder.encode(canvas, as: format, options: options)
    }
}
