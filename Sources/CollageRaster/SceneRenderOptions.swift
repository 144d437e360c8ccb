/// How `SceneRenderer.render(_:images:options:)` runs: threads, fast mode,
/// progress, where final rows go, and items still to come. Never changes
/// the pixels, except `fast`.
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
    /// Where canvas rows go as soon as they are final. Default none.
    public var output: FinishedOutput?
    /// Items appended to the scene when they arrive (see `LateItems`). Default none.
    public var lateItems: LateItems?

    public init(threads: Int = 1, fast: Bool = false, progress: SceneRenderer.Progress? = nil,
                output: FinishedOutput? = nil, lateItems: LateItems? = nil) {
        self.threads = threads; self.fast = fast; self.progress = progress; self.output = output
        self.lateItems = lateItems
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
