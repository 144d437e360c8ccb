import Dispatch

/// The shared state of one render's worker threads: the queue of images
/// still to decode (largest first), the resampled draws that wait to be
/// composited in scene order, and the errors thrown by the image provider;
/// for a render within a memory budget, the images in flight and the bytes
/// they and the held draws hold (`MemoryBudget`). Every access goes through
/// a serial queue.
final class RenderWork: @unchecked Sendable {
    /// A resampled draw kept for in-order compositing: `region.width *
    /// region.height` pixels of premultiplied R, G, B, A floats, in the
    /// scene's `Compositing` working space, or linear light when `opaque`.
    struct HeldDraw {
        let region: PixelRect
        var pixels: [Float]
        /// Opaque photo at opacity 1 (linear pixels): written without reading the canvas.
        let opaque: Bool
        let opacity: Float
    }

    private let lock = DispatchQueue(label: "collage.raster.render-work")
    private var pending: [Int]
    /// Per position in `pending`: taken by a worker.
    private var taken: [Bool]
    /// The first position in `pending` not taken.
    private var next = 0
    private var held: [Int: HeldDraw] = [:]
    /// Rows of each held draw composited so far.
    private var compositedRows: [Int: Int] = [:]
    private var errors: [Int: any Error] = [:]
    /// Whether a worker has stopped taking images.
    private var stopped = false
    private var finished = 0
    private let progress: SceneRenderer.Progress?
    /// Per image: what admitting it costs (empty: every image is free).
    private let costs: [ImageCost]
    /// At most this many images holding coefficients in flight at once.
    private let coefficientLimit: Int
    /// The budget images are admitted within, and the canvas whose consumed
    /// rows no longer count; nil: no memory limit.
    private let admission: (budget: MemoryBudget, canvas: CanvasStorage)?
    /// Working bytes of each image in flight (taken, not finished or failed).
    private var inFlight: [Int: Int] = [:]
    private var inFlightBytes = 0
    /// Images in flight that hold coefficients.
    private var coefficientsInFlight = 0
    /// The lowest canvas row (exclusive) some image taken so far touches.
    private var startedBottom = 0
    /// Bytes of the held draws' tiles.
    private var heldBytes = 0
    /// True when the consumer can hand over the rows from the given row
    /// on (the band holding it is final or ready): it will release them
    /// without another image being drawn. Nil: no consumer hands rows back.
    private let consumerReady: (@Sendable (Int) -> Bool)?
    /// Workers blocked in `takeImage` until an image may be admitted.
    private var waiting = 0
    private let wake = DispatchSemaphore(value: 0)

    /// - Parameters:
    ///   - order: image indices in the order they should be taken.
    ///   - progress: told after each image is drawn (serially).
    ///   - costs: per image (indexed by image), what admitting it costs;
    ///     empty: no image waits for another.
    ///   - coefficientLimit: images holding coefficients in flight at once
    ///     (`ImageCost.holdsCoefficients`; positive).
    ///   - admission: the budget of `takeImage` and the canvas it counts rows of.
    ///   - consumerReady: within a budget, whether the consumer can take the
    ///     rows from a row on now (`FinalRows.isReady(row:)`); while it can,
    ///     an image that does not fit waits for it even when none is in flight.
    init(order: [Int], progress: SceneRenderer.Progress? = nil, costs: [ImageCost] = [],
         coefficientLimit: Int = .max, admission: (budget: MemoryBudget, canvas: CanvasStorage)? = nil,
         consumerReady: (@Sendable (Int) -> Bool)? = nil) {
        precondition(coefficientLimit > 0)
        pending = order
        taken = [Bool](repeating: false, count: order.count)
        self.progress = progress
        self.costs = costs
        self.coefficientLimit = coefficientLimit
        self.admission = admission
        self.consumerReady = consumerReady
    }

    /// Counts image `image` as drawn and reports it; reports are serial.
    func imageFinished(_ image: Int) {
        let waiters = lock.sync {
            finished += 1
            progress?(finished, pending.count)
            return leaveFlight(image)
        }
        notify(waiters)
    }

    /// True for the first worker, and only that one, to stop taking images
    /// (`takeImage` found nothing left, or the render was cancelled): no
    /// decode will start after it (`ImageProvider.noMoreImagesToDecode`).
    func firstToStop() -> Bool {
        lock.sync {
            guard !stopped else { return false }
            stopped = true
            return true
        }
    }

    /// The next image to decode, or nil when all are taken. Blocks while
    /// `coefficientLimit` images holding coefficients are in flight and only
    /// such images are left; within a budget, takes the image `MemoryBudget`
    /// admits and blocks until one fits beside those in flight.
    func takeImage() -> Int? {
        while true {
            var forConsumer = false
            let taken: (image: Int?, waiters: Int)? = lock.sync {
                while next < pending.count && self.taken[next] { next += 1 }
                guard next < pending.count else { return (nil, 0) }
                guard let position = admissible(waitingForConsumer: &forConsumer) else {
                    waiting += 1
                    return nil
                }
                let image = pending[position]
                self.taken[position] = true
                if !costs.isEmpty {
                    let cost = costs[image]
                    startedBottom = Swift.max(startedBottom, cost.rows.upperBound)
                    inFlight[image] = cost.workingBytes
                    inFlightBytes += cost.workingBytes
                    if cost.holdsCoefficients { coefficientsInFlight += 1 }
                }
                // Another waiter may fit too.
                return (image, waiting)
            }
            if let taken {
                notify(taken.waiters)
                return taken.image
            }
            if forConsumer {
                // Released rows wake this (`rowsReleased`); the timeout covers
                // a consumer that stops without releasing (a failed render).
                _ = wake.wait(timeout: .now() + .milliseconds(50))
            } else {
                wake.wait()
            }
            lock.sync { waiting -= 1 }
        }
    }

    /// The position in `pending` of the image to take now, or nil when none
    /// may start yet (`waitingForConsumer` set when only the consumer's
    /// progress can change that). Call on `lock`, with `next` the first
    /// position not taken.
    ///
    /// One image may start over the budget when none is in flight, or the
    /// render could not go on; but not while the consumer can still take
    /// rows (a PNG's deflate is slower than drawing): it will release them,
    /// and waiting for that keeps the canvas rows in work within the budget.
    private func admissible(waitingForConsumer: inout Bool) -> Int? {
        guard !costs.isEmpty else { return next }
        guard let (budget, canvas) = admission else {
            // No budget: the first image in order, skipping coefficient holders at the limit.
            return (next ..< pending.count).first { position in
                !taken[position] && (!costs[pending[position]].holdsCoefficients || coefficientsInFlight < coefficientLimit)
            }
        }
        let lowest = canvas.lowestUnreleasedRow
        let room = budget.bytes - inFlightBytes - heldBytes
        let loneStart = inFlight.isEmpty && !(consumerReady?(lowest) ?? false)
        var best: Int?
        // The images inside the rows already started (`pending` is top to
        // bottom), and the topmost one not taken, which may extend them.
        for position in next ..< pending.count where !taken[position] {
            let cost = costs[pending[position]]
            if position != next && cost.rows.lowerBound >= startedBottom { break }
            if cost.holdsCoefficients && coefficientsInFlight >= coefficientLimit { continue }
            let resident = Swift.max(0, Swift.max(startedBottom, cost.rows.upperBound) - lowest) * budget.rowBytes
            let fits = resident + cost.workingBytes <= room || (loneStart && position == next)
            if fits, best.map({ cost.rank < costs[pending[$0]].rank }) ?? true { best = position }
        }
        if best == nil && inFlight.isEmpty { waitingForConsumer = true }
        return best
    }

    /// Canvas rows were released (`CanvasStorage.release(rows:)`): a blocked
    /// worker may fit now.
    func rowsReleased() { notify(lock.sync { waiting }) }

    /// Removes `image` from the images in flight; returns the workers to wake. Call on `lock`.
    private func leaveFlight(_ image: Int) -> Int {
        guard let bytes = inFlight.removeValue(forKey: image) else { return 0 }
        inFlightBytes -= bytes
        if costs[image].holdsCoefficients { coefficientsInFlight -= 1 }
        return waiting
    }

    private func notify(_ waiters: Int) {
        for _ in 0 ..< waiters { wake.signal() }
    }

    func hold(_ draw: HeldDraw, item: Int) {
        lock.sync {
            heldBytes += draw.pixels.count * 4 - (held[item]?.pixels.count ?? 0) * 4
            held[item] = draw
        }
    }

    /// Builds the held draw of `item` row by row (canvas row `y` of `region`),
    /// for draws that produce rows in canvas coordinates (`ShapedImageDraw`).
    /// Only the thread drawing `item` calls this for it.
    func append(row values: UnsafeMutableBufferPointer<Float>, of item: Int, region: PixelRect, y: Int, opacity: Float) {
        lock.sync {
            var draw = held.removeValue(forKey: item) ?? {
                heldBytes += region.width * region.height * 16
                return HeldDraw(region: region, pixels: [Float](repeating: 0, count: region.width * region.height * 4),
                                opaque: false, opacity: opacity)
            }()
            let start = (y - region.y) * region.width * 4
            draw.pixels.withUnsafeMutableBufferPointer { tile in
                for k in 0 ..< region.width * 4 { tile[start + k] = values[k] }
            }
            held[item] = draw
        }
    }

    /// The held draw of `item`, left in place (for compositing part of its rows).
    func heldDraw(item: Int) -> HeldDraw? { lock.sync { held[item] } }

    /// Counts `count` more rows of held draw `item` as composited (bands may
    /// come in any order, from several threads); the draw is freed once all
    /// of its rows are.
    func composited(rows count: Int, ofHeldDraw item: Int) {
        let waiters = lock.sync {
            guard let draw = held[item] else { return 0 }
            let done = compositedRows[item, default: 0] + count
            if done >= draw.region.height {
                heldBytes -= draw.pixels.count * 4
                held[item] = nil
                compositedRows[item] = nil
                return waiting
            }
            compositedRows[item] = done
            return 0
        }
        notify(waiters)
    }

    func fail(image: Int, error: any Error) {
        notify(lock.sync {
            errors[image] = error
            return leaveFlight(image)
        })
    }

    /// The error of the lowest-numbered image that failed, if any.
    var firstError: (any Error)? {
        lock.sync { errors.keys.min().flatMap { errors[$0] } }
    }
}
