import Dispatch

/// Which canvas rows are final while a render is still running, so that a
/// consumer (the output encoder) can take them before the last photo is drawn.
///
/// The canvas is cut into bands of `bandHeight` rows. A band is ready once
/// every image with a draw touching it has been drawn (direct draws are then
/// on the canvas, held draws are waiting in `RenderWork`); it is final once
/// it is ready and the items not drawn directly have been composited into
/// it in scene order (`SceneRenderer`'s finisher does that, band after band,
/// top to bottom). Compositing is per pixel, so compositing the items band
/// by band gives the same bytes as compositing each item whole.
///
/// Thread-safe: workers report drawn images and failures, one finisher waits.
final class FinalRows: @unchecked Sendable {
    /// Rows per band: one JPEG MCU row at 4:2:0.
    static let bandHeight = 16

    /// Canvas height in rows.
    let height: Int
    private let lock = DispatchQueue(label: "collage.raster.final-rows")
    /// Signalled once per drawn or failed image; the finisher re-checks on each.
    private let wake = DispatchSemaphore(value: 0)
    /// Per band: the images touching it that are not drawn yet.
    private var pending: [Int]
    /// Per image: the bands its draws touch (each once).
    private let bandsOfImage: [[Int]]
    private var failed = false

    /// Plans the bands of a canvas `height` rows high from `plan`'s regions.
    init(plan: RenderPlan, height: Int) {
        self.height = height
        let bandCount = (height + Self.bandHeight - 1) / Self.bandHeight
        var pending = [Int](repeating: 0, count: bandCount)
        bandsOfImage = plan.drawsOfImage.map { items in
            var touched = [Bool](repeating: false, count: bandCount)
            for item in items {
                let region = plan.regions[item]
                guard !region.isEmpty else { continue }
                for band in region.y / Self.bandHeight ... (region.y + region.height - 1) / Self.bandHeight {
                    touched[band] = true
                }
            }
            let bands = touched.indices.filter { touched[$0] }
            for band in bands { pending[band] += 1 }
            return bands
        }
        self.pending = pending
    }

    /// Image `image` is drawn: its direct draws are on the canvas and its
    /// other draws are held.
    func imageDrawn(_ image: Int) {
        lock.sync { for band in bandsOfImage[image] { pending[band] -= 1 } }
        wake.signal()
    }

    /// An image failed: the render will throw, no more rows become final.
    func fail() {
        lock.sync { failed = true }
        wake.signal()
    }

    /// Blocks until the band holding `row` (the first row not final yet) is
    /// ready, then returns the end of the run of ready bands from there
    /// (exclusive, at most `height`); nil once an image has failed.
    func waitForReadyRows(from row: Int) -> Int? {
        precondition(row < height)
        while true {
            let end: Int?? = lock.sync {
                if failed { return .some(nil) }
                var band = row / Self.bandHeight
                guard pending[band] == 0 else { return nil }
                while band < pending.count && pending[band] == 0 { band += 1 }
                return .some(Swift.min(band * Self.bandHeight, height))
            }
            if let end { return end }
            wake.wait()
        }
    }
}
