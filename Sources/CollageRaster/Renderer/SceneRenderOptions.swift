/// How `SceneRenderer.render(_:images:options:)` runs: threads, fast mode,
/// progress, the items of reserved slots and the memory budget of a streamed
/// render. Never changes the pixels, except `fast`.
public struct SceneRenderOptions: Sendable {
    /// How many cores decode/resample at once (values below 1 count as 1;
    /// 2 or more run one extra worker thread). Default 1.
    public var threads: Int
    /// Decode each image only as large as its draws (margin 1 instead of
    /// the 2 of README "Rules": Resampler): faster, slightly softer. Default false.
    public var fast: Bool
    /// Called after each image is decoded and resampled (serially, from any
    /// worker thread) with the number done and the number to do. Default none.
    public var progress: SceneRenderer.Progress?
    /// The items of the scene's reserved slots (`Scene.slots`), put in
    /// place when they arrive (see `SlotItems`). Default none.
    public var slotItems: SlotItems?
    /// The working set of a streamed render whose canvas is not kept
    /// (`SceneRenderer.render(_:images:options:streamingTo:keepingCanvas:)`),
    /// in bytes: the canvas rows written and not yet consumed plus the
    /// images in flight (their decodes, resampler rings and held float
    /// tiles) are kept within it by admitting images top to bottom
    /// (`MemoryBudget`); it bounds what the renderer holds, not the
    /// process (code, fonts, the encoder's output). Nil (the default): 256
    /// MiB, a target that is never an error (an image that cannot fit alone
    /// is drawn alone). Set: a cap, and a render with an image that cannot
    /// fit alone (its decode and draws plus the canvas rows it spans)
    /// throws `SceneRenderError.memoryBudgetTooSmall` before any decode.
    /// A whole-canvas render ignores it.
    public var maxMemory: Int?
    /// When set, checked before each image is drawn: once it has passed, the
    /// render stops and throws `DeadlineExceeded` (issue 37). Default nil.
    public var deadline: Deadline?
    /// Resampled draws kept across renders (`ResampledDrawCache`): a plain
    /// draw of an image its provider names (`ImageProvider.keptIdentity`)
    /// is resampled once and replayed by later renders; the bytes do not
    /// change. Default nil (every draw resampled).
    public var resampledDraws: ResampledDrawCache?

    public init(threads: Int = 1, fast: Bool = false, progress: SceneRenderer.Progress? = nil,
                slotItems: SlotItems? = nil, maxMemory: Int? = nil) {
        self.threads = threads; self.fast = fast; self.progress = progress
        self.slotItems = slotItems; self.maxMemory = maxMemory
    }
}

/// The one streaming hook of a render: final canvas rows handed to a
/// consumer (an encoder) while later photos are still drawn.
public enum FinishedOutput: Sendable {
    /// Every canvas row once, top to bottom, in bands, from a finisher thread
    /// beside the workers; `order` is the order the workers take the images
    /// in (timing only). Not called for rows after an image fails.
    case rows(SceneRenderer.FinishedRows, order: FinishedRowsOrder = .largestFirst)
    /// Every band of `FinishedBands.height` rows once, in any order, by the
    /// finisher thread and by workers that have no image left.
    case bands(FinishedBands)
}
