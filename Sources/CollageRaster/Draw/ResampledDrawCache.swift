import Synchronization

/// Resampled image draws kept across renders: a server whose every request
/// draws the same photo into the same cell (a social card template) resamples
/// it once, not per request.
///
/// An entry is one plain (unshaped, unfiltered) draw's resampler output,
/// row by row in the order the resampler made it (each row's index and its
/// linear-light premultiplied RGBA floats), so a render that finds it
/// replays exactly what the resampler would have produced: the bytes are
/// the same with or without the cache, for any thread count. An opaque draw
/// written straight to the canvas (the photo of a card) keeps instead the
/// canvas bytes it wrote (sRGB RGBA8, `Compositor.writeOpaque`'s output),
/// so a replay is a copy of each row: no float conversion per request.
///
/// Keyed by the image's identity as its provider states it
/// (`ImageProvider.keptIdentity(image:minimumSize:)`: the file, its size and
/// modification time, the decode options; nil for images not shared across
/// renders, which are never kept) and everything the resampler depends on:
/// the decoded (stored) size and orientation, the crop window in decoded
/// pixels, the output size, the region drawn and whether the source is opaque.
///
/// Memory: each entry holds 16 bytes a pixel of its region (a 1152x582 cell:
/// 10.7 MB), 4 for an opaque direct draw (2.7 MB), plus 8 bytes a row (24
/// for an opaque direct draw: its place on the canvas). Entries are kept while they fit in `budgetBytes`; past it the
/// least recently used go. A draw larger than the budget is not kept.
///
/// Thread safety: every method may be called from any thread; two renders
/// missing the same entry at once both resample it (the second store wins).
public final class ResampledDrawCache: Sendable {
    /// The most bytes of resampled pixels kept.
    public let budgetBytes: Int

    struct Key: Hashable {
        var image: String
        var storedSize: Size
        var orientation: StoredOrientation
        var window: Rect
        var outputSize: Size
        var region: PixelRect
        var opaqueSource: Bool
        /// Kept as the canvas bytes written (an opaque direct draw), not as floats.
        var canvasBytes: Bool
    }

    /// One draw's resampler output: `rows[i]` is the output row index of
    /// the `i`th row, whose `count` pixels start at `values[i * count * 4]`
    /// (floats) or, for an opaque direct draw, at `pixels[i * count * 4]`
    /// (the canvas bytes written, RGBA8).
    struct Rows: Sendable {
        var rows: [Int] = []
        var values: [Float] = []
        var pixels: [UInt8] = []
        var count: Int
        /// Canvas bytes only: where each row's first pixel went, relative to
        /// the draw's destination (upright), the step from one pixel of a row
        /// to the next, and the decoded columns the resampler read.
        var places: [(x: Int, y: Int)] = []
        var step = (dx: 1, dy: 0)
        var columns = 0 ..< 0

        var bytes: Int { values.count * 4 + pixels.count + rows.count * 8 + places.count * 16 }

        /// Calls `body` with each kept row's position (0, 1, …: `places[i]`)
        /// and its canvas bytes (`count` RGBA8 pixels).
        func replayPixels(_ body: (Int, UnsafePointer<UInt8>) -> Void) {
            pixels.withUnsafeBufferPointer { all in
                for i in rows.indices { body(i, all.baseAddress! + i * count * 4) }
            }
        }

        /// Calls `body` with each row as the resampler did.
        func replay(_ body: (Int, UnsafeMutableBufferPointer<Float>) -> Void) {
            var copy = [Float](repeating: 0, count: count * 4)
            values.withUnsafeBufferPointer { all in
                copy.withUnsafeMutableBufferPointer { row in
                    for (i, index) in rows.enumerated() {
                        row.baseAddress!.update(from: all.baseAddress! + i * count * 4, count: count * 4)
                        body(index, row)
                    }
                }
            }
        }
    }

    private struct State {
        var entries: [Key: (rows: Rows, used: UInt64)] = [:]
        var bytes = 0
        var tick: UInt64 = 0
        var hits = 0
        var misses = 0
    }

    private let state = Mutex(State())

    /// - Parameter budgetBytes: the most resampled bytes kept; 0 keeps nothing.
    public init(budgetBytes: Int = 64 << 20) {
        self.budgetBytes = max(0, budgetBytes)
    }

    /// (renders that replayed a kept draw, draws resampled and offered to
    /// the cache, bytes kept, draws kept).
    public var statistics: (hits: Int, misses: Int, bytes: Int, entries: Int) {
        state.withLock { ($0.hits, $0.misses, $0.bytes, $0.entries.count) }
    }

    /// The kept rows of `key`, marked as just used.
    func rows(_ key: Key) -> Rows? {
        state.withLock { state in
            guard let entry = state.entries[key] else { state.misses += 1; return nil }
            state.tick += 1
            state.entries[key] = (entry.rows, state.tick)
            state.hits += 1
            return entry.rows
        }
    }

    /// Keeps `rows` under `key`, the least recently used entries going
    /// until it fits; not kept when larger than the whole budget.
    func store(_ key: Key, _ rows: Rows) {
        guard rows.bytes <= budgetBytes else { return }
        var dropped: [Rows] = []   // freed after the lock is let go
        state.withLock { state in
            if let old = state.entries[key] { state.bytes -= old.rows.bytes; dropped.append(old.rows) }
            state.tick += 1
            state.entries[key] = (rows, state.tick)
            state.bytes += rows.bytes
            while state.bytes > budgetBytes, let oldest = state.entries.min(by: { $0.value.used < $1.value.used }) {
                state.bytes -= oldest.value.rows.bytes
                dropped.append(oldest.value.rows)
                state.entries[oldest.key] = nil
            }
        }
        dropped.removeAll()
    }
}
