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
/// thread count. They go to `sink` (by default memory) as they are
/// encoded: a streamed render to a file hands the sink of a `PendingFile`,
/// so the encoded file is not held in memory either (except the bands a
/// baseline JPEG holds until those above them are encoded, and a
/// progressive JPEG, which libjpeg writes whole at the end).
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
/// in memory; its rows are encoded into memory, and the file written to
/// `sink` at `finish`, as WebP's is.
final class CanvasEncoder: Sendable {
    private let format: OutputFormat
    private let options: EncodeOptions
    private let sink: EncodedSink
    private let rows: RowEncoder?
    private let bands: JPEGBandEncoder?
    /// PNG: the rows are encoded with alpha.
    private let alpha: Bool
    /// Once passed, bands and rows that become final are not encoded any
    /// more (the render is stopped: `CollageError.timedOut`, issue 37).
    private let deadline: Deadline?

    /// - Parameters:
    ///   - size: the canvas size in pixels.
    ///   - opaqueBackground: the scene's background has alpha 255.
    ///   - sink: where the file goes.
    init(format: OutputFormat, size: Size, options: EncodeOptions, opaqueBackground: Bool,
         sink: EncodedSink = EncodedSink(), deadline: Deadline? = nil) {
        self.deadline = deadline
        self.format = format
        self.options = options
        self.sink = sink
        let alpha = format.hasAlpha && !opaqueBackground
        self.alpha = alpha
        // A size the format cannot hold goes the whole-canvas way, which reports it.
        bands = format == .jpeg && !options.progressive
            ? try? JPEGBandEncoder(width: size.width, height: size.height, options: options, sink: sink) : nil
        // RGBA rows may be encoded again (`keepsCanvas`): not into the sink.
        rows = bands == nil && format.encodesWhileRendering
            ? try? RowEncoder(format: format, width: size.width, height: size.height, options: options, alpha: alpha,
                              sink: format == .png && alpha ? EncodedSink() : sink) : nil
    }

    /// Where the renderer sends final rows: bands in any order (baseline
    /// JPEG), rows top to bottom (PNG, progressive JPEG; PNG's deflate takes
    /// about as long as the render, so its rows go top first, while JPEG's
    /// encoder keeps up with any order), or nil when the format is encoded
    /// from the finished canvas (WebP).
    var output: FinishedOutput? {
        let deadline = self.deadline
        if let bands {
            return .bands(FinishedBands(height: bands.bandHeight) { index, pixels in
                if deadline?.hasPassed != true { bands.encode(band: index, rows: pixels) }
            })
        }
        guard let rows else { return nil }
        return .rows({ range, pixels in if deadline?.hasPassed != true { rows.write(rows: pixels, count: range.count) } },
                     order: format == .png ? .topFirst : .largestFirst)
    }

    /// The errno code of the sink's first failed write, nil while none failed.
    var writeFailure: Int32? { sink.failure }

    /// True when the render must return the whole canvas along with the
    /// streamed rows: PNG rows encoded as RGBA (a background that is not
    /// opaque), which `finish` re-encodes when every pixel turns out opaque.
    var keepsCanvas: Bool { rows != nil && !Self.streamsCanvas(format, opaqueBackground: !alpha) }

    /// True when a render to `format` streams its canvas (the renderer's
    /// `--max-memory` budget then bounds it): JPEG, and PNG on an opaque
    /// background. Not WebP (libwebp takes the whole picture) nor a PNG
    /// encoded with alpha (`keepsCanvas`).
    static func streamsCanvas(_ format: OutputFormat, opaqueBackground: Bool) -> Bool {
        format.encodesWhileRendering && (format != .png || opaqueBackground)
    }

    /// Completes the file in `sink` and returns the bytes a memory sink
    /// holds (the whole file; empty when the sink writes through). `canvas`
    /// is what the render returned: the whole canvas when there was no
    /// `output` or `keepsCanvas`, else nil. Call once.
    /// - Throws: `ImageError(kind: .encodeFailed)` as `ImageEncoder.encode`
    ///   does, when rows were streamed without the canvas and their RGB
    ///   guess proved wrong (which source-over compositing rules out), and
    ///   "writing failed: ..." when the sink's writer failed (`sink.failure`).
    func finish(_ canvas: Pixmap?) throws(ImageError) -> [UInt8] {
        if let bands { return try bands.finish() }
        if let rows, format == .jpeg || (rows.rowsWritten == rows.height && rows.isOpaque != alpha) {
            return try completed(rows.finish(), streamed: rows.sink === sink)
        }
        guard let canvas else {
            throw ImageError(path: "<output>", reason: "internal error: the streamed PNG rows were not all opaque and the canvas was not kept",
                             kind: .encodeFailed)
        }
        return try completed(ImageEncoder.encode(canvas, as: format, options: options), streamed: false)
    }

    /// `bytes` encoded in memory, written to a sink that writes through;
    /// `streamed`: they are in `sink` already.
    private func completed(_ bytes: [UInt8], streamed: Bool) throws(ImageError) -> [UInt8] {
        guard !streamed, sink.writesThrough else { return bytes }
        sink.append(bytes)
        sink.flush()
        if let code = sink.failure { throw ImageError.writeFailed(code) }
        return []
    }
}
