import CText
import Synchronization

/// Shaped runs kept for the life of the process, so that text repeated
/// across the rows of a `collage batch` (a fixed label, a title many rows
/// share, the same caption re-rendered by `watch`) is shaped by HarfBuzz
/// once. A run's glyphs depend only on the key: the text, the face (file,
/// index, the file's version, FreeType's 16.16 scales of its current size and the bitmap
/// scale), the direction, the script, the OpenType features and the letter
/// spacing, the language and the direction, so a cached result equals a fresh one exactly.
///
/// Bounded by `capacity` runs (default 8192, a few MB at most); when full it
/// is emptied and starts again, which keeps the bound without bookkeeping.
/// Thread safety: every method may be called from any thread.
final class ShapingCache: Sendable {
    /// The cache `TextShaper.shape` uses.
    static let shared = ShapingCache()

    struct Key: Hashable {
        var text: String
        var face: FontFace.Identity
        var xScale: Int
        var yScale: Int
        var bitmapScale: Double
        var rightToLeft: Bool?
        var script: UInt32
        var features: [String]
        var letterSpacing: Double
        var language: String? = nil
        /// Shaped top to bottom (`TextShaper.shapeVertical`).
        var vertical = false
    }

    typealias Shaped = (glyphs: [ShapedGlyph], advance: Double)

    private struct State {
        var runs: [Key: ([ShapedGlyph], Double)] = [:]
        var shaped = 0
        var reused = 0
    }

    let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int = 8192) { self.capacity = max(1, capacity) }

    /// The run for `key`, from the cache or made by `shape` and kept.
    func run(_ key: Key, shape: () -> Shaped) -> Shaped {
        if let hit = state.withLock({ state -> ([ShapedGlyph], Double)? in
            guard let hit = state.runs[key] else { return nil }
            state.reused += 1
            return hit
        }) { return (hit.0, hit.1) }
        let result = shape()
        state.withLock { state in
            if state.runs.count >= capacity { state.runs.removeAll(keepingCapacity: true) }
            state.runs[key] = (result.glyphs, result.advance)
            state.shaped += 1
        }
        return result
    }

    /// The test hook: runs shaped by HarfBuzz, and runs served from the cache.
    var counts: (shaped: Int, reused: Int) { state.withLock { ($0.shaped, $0.reused) } }
}
