/// The order in which `SceneRenderer`'s workers take the images when final
/// rows are handed over (`FinishedOutput.bands`):
/// rows become final top to bottom only as fast as the images touching them
/// are drawn, so the order trades load balance for how early the consumer
/// can start. It changes timing only, never pixels.
public enum FinishedRowsOrder: Sendable, Hashable {
    /// Largest decode first (`RenderPlan.decodeOrder`), except that the
    /// last `threads + 1` images, the smallest ones, which finish last, go
    /// in order of the first canvas row they touch: the rows above the last
    /// image can then be consumed while it is still drawn. For a consumer
    /// much faster than the render (JPEG: about a twentieth of it).
    case largestFirst
    /// By the first canvas row each image touches, top to bottom (largest
    /// decode first among images starting on the same row): the consumer
    /// starts as soon as the top row of photos is drawn, at the cost of the
    /// load balance at the end. For a consumer about as slow as the render
    /// (PNG's deflate).
    case topFirst

    /// `decodeOrder` (images, largest decode first) reordered for `workers` threads.
    func order(_ decodeOrder: [Int], plan: RenderPlan, workers: Int) -> [Int] {
        let first = self == .topFirst ? 0 : Swift.max(0, decodeOrder.count - workers - 1)
        func top(_ image: Int) -> Int { plan.drawsOfImage[image].map { plan.footprints[$0].region.y }.min() ?? 0 }
        let sorted = decodeOrder[first...].enumerated().sorted { a, b in
            let ta = top(a.element), tb = top(b.element)
            return ta != tb ? ta < tb : a.offset < b.offset
        }
        return Array(decodeOrder[..<first]) + sorted.map(\.element)
    }
}
