import CollageCodecs
import CollageRaster
import Synchronization

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
///
/// The saver says how it takes the canvas (`ImageSaver.streaming`): bands,
/// rows or the whole canvas; this type only glues that to the renderer. With
/// a size budget (`maxBytes`: `--max-bytes`, `output.maxBytes`) nothing is
/// streamed: the whole canvas is held and re-encoded by `SizeBudget`.
final class CanvasEncoder: Sendable {
    private let format: OutputFormat
    private let options: EncodeOptions
    private let sink: EncodedSink
    private let rows: RowEncoder?
    private let bands: JPEGBandEncoder?
    /// The rows are encoded with alpha (a saver with alpha, a background
    /// that is not opaque): a guess the finished canvas may prove wrong.
    private let alpha: Bool
    /// `--max-bytes`: the file's largest size in bytes.
    private let maxBytes: Int?
    /// Once passed, bands and rows that become final are not encoded any
    /// more (the render is stopped: `CollageError.timedOut`, issue 37).
    private let deadline: Deadline?
    /// The quality `SizeBudget` chose (with `maxBytes`), after `finish`.
    private let chosen = Mutex<Int?>(nil)

    /// - Parameters:
    ///   - size: the canvas size in pixels.
    ///   - opaqueBackground: the scene's background has alpha 255.
    ///   - sink: where the file goes.
    ///   - maxBytes: the highest quality whose file fits this many bytes
    ///     (the whole canvas is then held).
    init(format: OutputFormat, size: Size, options: EncodeOptions, opaqueBackground: Bool,
         sink: EncodedSink = EncodedSink(), deadline: Deadline? = nil, maxBytes: Int? = nil) {
        self.deadline = deadline
        self.format = format
        self.options = options
        self.sink = sink
        self.maxBytes = maxBytes
        let alpha = format.hasAlpha && !opaqueBackground
        self.alpha = alpha
        let streaming = maxBytes == nil ? format.saver.streaming(options) : .wholeCanvas
        // A size the format cannot hold goes the whole-canvas way, which reports it.
        bands = streaming == .bands
            ? try? format.saver.beginBands(width: size.width, height: size.height, options: options, sink: sink) : nil
        // RGBA rows may be encoded again (`keepsCanvas`): not into the sink.
        rows = bands == nil && streaming != .wholeCanvas
            ? try? format.saver.beginRows(width: size.width, height: size.height, options: options, alpha: alpha,
                                          sink: alpha ? EncodedSink() : sink) : nil
    }

    /// Where the renderer sends final rows: bands in any order (baseline
    /// JPEG), rows top to bottom (PNG, progressive JPEG; PNG's deflate takes
    /// about as long as the render, so rows with alpha go top first, while
    /// JPEG's encoder keeps up with any order), or nil when the canvas is
    /// encoded finished (WebP, AVIF, `maxBytes`).
    var output: FinishedOutput? {
        let deadline = self.deadline
        if let bands {
            return .bands(FinishedBands(height: bands.bandHeight) { index, pixels in
                if deadline?.hasPassed != true { bands.encode(band: index, rows: pixels) }
            })
        }
        guard let rows else { return nil }
        return .rows({ range, pixels in if deadline?.hasPassed != true { rows.write(rows: pixels, count: range.count) } },
                     order: format.hasAlpha ? .topFirst : .largestFirst)
    }

    /// The errno code of the sink's first failed write, nil while none failed.
    var writeFailure: Int32? { sink.failure }

    /// The quality `--max-bytes` chose, once `finish` returned; nil without it.
    var chosenQuality: Int? { chosen.withLock { $0 } }

    /// True when the render must return the whole canvas along with the
    /// streamed rows: rows encoded with alpha (a background that is not
    /// opaque), which `finish` re-encodes when every pixel turns out opaque.
    var keepsCanvas: Bool { rows != nil && alpha }

    /// True when a render to `format` streams its canvas (the renderer's
    /// `--max-memory` budget then bounds it): JPEG, and PNG on an opaque
    /// background. Not WebP or AVIF (their libraries take the whole
    /// picture), a PNG encoded with alpha (`keepsCanvas`) or a render with
    /// `--max-bytes`.
    static func streamsCanvas(_ format: OutputFormat, opaqueBackground: Bool, maxBytes: Int? = nil) -> Bool {
        maxBytes == nil && format.encodesWhileRendering && (!format.hasAlpha || opaqueBackground)
    }

    /// Completes the file in `sink` and returns the bytes a memory sink
    /// holds (the whole file; empty when the sink writes through). `canvas`
    /// is what the render returned: the whole canvas when there was no
    /// `output` or `keepsCanvas`, else nil. Call once.
    /// - Throws: `ImageError(kind: .encodeFailed)` as `ImageEncoder.encode`
    ///   and `SizeBudget.fit` do, when rows were streamed without the canvas
    ///   and their RGB guess proved wrong (which source-over compositing
    ///   rules out), and "writing failed: ..." when the sink's writer failed
    ///   (`sink.failure`).
    func finish(_ canvas: Pixmap?) throws(ImageError) -> [UInt8] {
        if let bands { return try bands.finish() }
        if let rows, !format.hasAlpha || (rows.rowsWritten == rows.height && rows.isOpaque != alpha) {
            return try completed(rows.finish(), streamed: rows.sink === sink)
        }
        guard let canvas else {
            throw ImageError(path: "<output>", reason: "internal error: the streamed rows were not all opaque and the canvas was not kept",
                             kind: .encodeFailed)
        }
        if let maxBytes {
            let fit = try SizeBudget.fit(canvas, as: format, options: options, maxBytes: maxBytes)
            chosen.withLock { $0 = fit.quality }
            return try completed(fit.bytes, streamed: false)
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
