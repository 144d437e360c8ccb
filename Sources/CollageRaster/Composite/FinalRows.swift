import Dispatch

/// Which canvas rows are final while a render is still running, so that a
/// consumer (the output encoder) can take them before the last photo is drawn.
///
/// The canvas is cut into bands of `bandHeight` rows. A band is ready once
/// every image with a draw touching it has been drawn (direct draws are then
/// on the canvas, held draws are waiting in `RenderWork`); it is final once
/// it is ready and the items not drawn directly have been composited into
/// it in scene order (`SceneRenderer`'s finisher does that, band after band,
/// top to bottom with `waitForReadyRows`; or in any order, on any thread
/// that takes a band with `takeReadyBand`). Compositing is per pixel, so
/// compositing the items band by band gives the same bytes as compositing
/// each item whole.
///
/// Thread-safe: workers report drawn images and failures; one finisher
/// waits, and with `takeReadyBand` other threads may take bands too.
final class FinalRows: @unchecked Sendable {
    /// Rows per band for rows handed over top to bottom: one JPEG MCU row at 4:2:0.
    static let defaultBandHeight = 16

    /// Canvas height in rows.
    let height: Int
    /// Rows per band (the last band may be shorter).
    let bandHeight: Int
    private let lock = DispatchQueue(label: "collage.raster.final-rows")
    /// Signalled once per drawn or failed image; the finisher re-checks on each.
    private let wake = DispatchSemaphore(value: 0)
    /// Per band: the images touching it that are not drawn yet.
    private var pending: [Int]
    /// Per image: the bands its draws touch (each once).
    private let bandsOfImage: [[Int]]
    private var failed = false
    /// Per band: already taken by `takeReadyBand`.
    private var taken: [Bool]
    private var untaken: Int

    /// Plans the bands (`bandHeight` rows, positive) of a canvas `height`
    /// rows high from `plan`'s regions.
    init(plan: RenderPlan, height: Int, bandHeight: Int = FinalRows.defaultBandHeight) {
        self.height = height
        self.bandHeight = bandHeight
        let bandCount = (height + bandHeight - 1) / bandHeight
        var pending = [Int](repeating: 0, count: bandCount)
        bandsOfImage = plan.drawsOfImage.map { items in
            var touched = [Bool](repeating: false, count: bandCount)
            for item in items {
                let region = plan.footprints[item].region
                guard !region.isEmpty else { continue }
                for band in region.y / bandHeight ... (region.y + region.height - 1) / bandHeight {
                    touched[band] = true
                }
            }
            let bands = touched.indices.filter { touched[$0] }
            for band in bands { pending[band] += 1 }
            return bands
        }
        self.pending = pending
        taken = Array(repeating: false, count: bandCount)
        untaken = bandCount
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
                var band = row / bandHeight
                guard pending[band] == 0 else { return nil }
                while band < pending.count && pending[band] == 0 { band += 1 }
                return .some(Swift.min(band * bandHeight, height))
            }
            if let end { return end }
            wake.wait()
        }
    }

    /// True when the band holding `row` is ready and no image has failed:
    /// the consumer can take it (or has it) without another image being
    /// drawn, and releases its rows when done. False for `row >= height`.
    func isReady(row: Int) -> Bool {
        guard row >= 0 && row < height else { return false }
        return lock.sync { !failed && pending[row / bandHeight] == 0 }
    }

    /// The rows of band `band`.
    func rows(ofBand band: Int) -> Range<Int> { band * bandHeight ..< Swift.min((band + 1) * bandHeight, height) }

    /// Takes a band for handing over in any order: the first ready band no
    /// thread has taken yet, marked taken. Nil once every band is taken or
    /// an image has failed; otherwise, when no band is ready, nil at once
    /// unless `wait`, which blocks until one is (each drawn image wakes it).
    func takeReadyBand(wait: Bool) -> Int? {
        while true {
            let band: Int?? = lock.sync {
                if failed || untaken == 0 { return .some(nil) }
                for band in pending.indices where pending[band] == 0 && !taken[band] {
                    taken[band] = true
                    untaken -= 1
                    return .some(band)
                }
                return wait ? nil : .some(nil)
            }
            if let band { return band }
            wake.wait()
        }
    }
}
