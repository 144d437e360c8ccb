/// The working memory of a streamed render and the rule that admits images
/// to the workers within a budget (`SceneRenderOptions.maxMemory`).
///
/// A streamed render (`SceneRenderer.render(_:images:options:streamingTo:)`)
/// keeps resident the canvas rows written and not yet handed to the
/// consumer (`CanvasStorage`) plus the images in flight. When the canvas
/// and the largest images that may be in flight at once fit the budget,
/// nothing changes: the images go in `RenderPlan.decodeOrder` as in a whole
/// render. Otherwise the images are considered top to bottom (by the first
/// canvas row they touch, `FinishedRowsOrder.topFirst`): a worker takes, of
/// the images that start above the bottom of the rows already started and
/// the topmost image not taken, the one with the most work (the lowest
/// `ImageCost.rank`) that fits, where an image fits when, with it admitted,
///
///     (rows from the lowest row not yet consumed to the bottom of the
///      lowest image started) x rowBytes
///     + the working bytes of the images in flight and of the held draws
///
/// is within the budget. So the started rows grow downwards one image at a
/// time, and within them the large decodes go first and the small ones
/// last, so the workers finish together. The topmost image not taken is
/// always admitted when no other is in flight, so the render always
/// progresses. The order and the admission change when images are drawn,
/// never the pixels (images are drawn independently).
struct MemoryBudget: Sendable {
    /// The working set the render aims at when `SceneRenderOptions.maxMemory`
    /// is nil: 256 MiB, twice a 16384-pixel-wide canvas's 1820-row cell row
    /// (a 9x9 poster at the canvas limit), so the next row of photos can
    /// start while the last ones of a row finish; below it (any canvas up to
    /// 64 megapixels with a few streamed photos in flight) the render is the
    /// whole-canvas one, same order, same speed.
    static let defaultBytes = 256 << 20

    /// The budget in bytes.
    let bytes: Int
    /// True when `bytes` was asked for (`--max-memory`): an image that
    /// cannot fit alone is then an error (`SceneRenderError.memoryBudgetTooSmall`).
    let isExplicit: Bool
    /// Bytes of one canvas row (`width * 4`).
    let rowBytes: Int

    /// The bytes an image of `cost` needs alone: its working bytes and its canvas rows.
    func neededAlone(_ cost: ImageCost) -> Int { cost.workingBytes + cost.rows.count * rowBytes }

    /// True when the canvas (`height` rows) and the largest images that can
    /// be in flight at once fit: `inFlight` of `costs`, at most
    /// `coefficientLimit` of them holding coefficients. The render then
    /// keeps the whole-canvas order.
    func fitsWhole(height: Int, costs: [ImageCost], inFlight: Int, coefficientLimit: Int) -> Bool {
        var largest = 0, taken = 0, coefficients = 0
        for cost in costs.sorted(by: { $0.workingBytes > $1.workingBytes }) where taken < inFlight {
            if cost.holdsCoefficients {
                guard coefficients < coefficientLimit else { continue }
                coefficients += 1
            }
            largest += cost.workingBytes
            taken += 1
        }
        return height * rowBytes + largest <= bytes
    }
}
