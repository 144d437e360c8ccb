/// Scene -> pixels.
public enum SceneRenderer {
    /// Progress of a render: images drawn so far, images in all.
    public typealias Progress = @Sendable (_ done: Int, _ total: Int) -> Void
    /// Receives canvas rows that are final: `rows` (canvas rows, y down),
    /// whose bytes start at `pixels` (RGBA8 sRGB straight alpha, `width * 4`
    /// bytes a row, no padding). Valid only during the call.
    public typealias FinishedRows = @Sendable (_ rows: Range<Int>, _ pixels: UnsafePointer<UInt8>) -> Void

    /// Draws `scene` on a new canvas. Images are decoded through `images`
    /// (concurrently, each no larger than its draws need) and resampled with
    /// Lanczos-3 in linear light; masks and fills blend in linear light.
    ///
    /// Steps (README "Rules": Rendering): the canvas is filled with
    /// `scene.background` (only where no opaque photo overwrites it; see
    /// `BackgroundFill`); every image some draw shows on the canvas is
    /// decoded once, at least at `scene.minimumDecodeSize(ofImage:)`, on up
    /// to `threads` threads plus one (when `threads` is 2 or more and there
    /// are more images than threads, so the last images share the cores
    /// instead of one being drawn alone), most work first
    /// (`RenderPlan.workEstimate`), and freed as soon as its draws are
    /// resampled (so at most `threads + 1` decoded images exist at once);
    /// then the items are composited in scene order: images source-over with
    /// their `opacity`, clipped to `ImageDraw.clip`; masks as colour x
    /// coverage; fills. Pixels outside the canvas are ignored. Crop windows
    /// (`ImageDraw.source`, oriented source pixels) are mapped into the
    /// decoded pixmap by its actual size ratio; see `ResampleWeights` for
    /// the kernel and the rule at the photo's edges.
    ///
    /// Images are resampled as stored and each output pixel placed upright
    /// (`OrientedResample`), so an EXIF-rotated photo is never copied; an
    /// image with one draw (not a shadow) is asked for as a row stream
    /// (`ImageProvider.stored(image:minimumSize:streaming:)`), which the
    /// resampler consumes top to bottom, so a streamed JPEG is never held
    /// whole (a tilted or rounded print too: `ShapedImageDraw`).
    ///
    /// Memory: the canvas (4 bytes a pixel; a streamed render holds only its
    /// rows not yet consumed, `render(_:images:options:streamingTo:keepingCanvas:)`), per thread one input row and a
    /// ring of linearised input rows (taps x read columns x 12 or 16 bytes,
    /// at most 16 MiB: see `Resampler`)
    /// plus, for images that are not streamed, the decoded image; and, for an image draw that an
    /// earlier item or another image draw overlaps, its resampled pixels
    /// (16 bytes a pixel) until it is composited. Draws that nothing earlier
    /// and no other image overlaps (a grid of photos, tilted or not: a
    /// tilted print's `Footprint` is its coverage's span on each row) are
    /// written by the worker threads straight into the canvas (see
    /// `RenderPlan`); an opaque
    /// photo at opacity 1 is written as sRGB bytes without reading the canvas.
    ///
    /// - Parameter options: threads, fast mode, progress and late items
    ///   (`LateItems`: appended to `scene.items` when they arrive; no row is
    ///   composited before they are there, and the bytes are those of the
    ///   scene with the items). `maxMemory` does not apply: the whole canvas
    ///   is held.
    /// - Returns: the canvas, RGBA8 sRGB straight alpha. Identical bytes for
    ///   any `threads`.
    /// - Throws: `SceneRenderError` for an invalid scene (before any decode;
    ///   for late items, when they arrive, and `.lateItemsCancelled` when they
    ///   were cancelled); otherwise the error `images` threw for the lowest
    ///   image index.
    public static func render(_ scene: Scene, images: any ImageProvider, options: SceneRenderOptions) throws -> Pixmap {
        try run(scene, images: images, options: options, output: nil, keepingCanvas: true)!
    }

    /// As `render(_:images:options:)`, handing the canvas rows to `output`
    /// as soon as they are final (`FinishedOutput`: rows top to bottom, or
    /// bands in any order; the calls end before this returns), while later
    /// photos are still drawn.
    ///
    /// Unless `keepingCanvas`, the canvas is not held: its rows live in a
    /// mapping whose pages are committed on first write and given back to
    /// the system as soon as the consumer has had them (`CanvasStorage`),
    /// and the images are admitted within `options.maxMemory`
    /// (`MemoryBudget`: top to bottom when the canvas does not fit), so the
    /// peak memory is about the rows in flight plus the photos in flight.
    /// The bytes handed over are the same either way, for any `threads` and
    /// any budget.
    ///
    /// - Returns: the whole canvas when `keepingCanvas` (for a consumer that
    ///   may need it again, e.g. a PNG whose RGB-or-RGBA guess can be wrong),
    ///   else nil.
    /// - Throws: as `render(_:images:options:)`; and, when `options.maxMemory`
    ///   is set and the canvas is not kept, `SceneRenderError.memoryBudgetTooSmall`
    ///   (before any decode) for the first image that cannot fit the budget alone.
    @discardableResult
    public static func render(_ scene: Scene, images: any ImageProvider, options: SceneRenderOptions,
                              streamingTo output: FinishedOutput, keepingCanvas: Bool = false) throws -> Pixmap? {
        try run(scene, images: images, options: options, output: output, keepingCanvas: keepingCanvas)
    }

    /// Both entries: the whole-canvas render (`output` nil) and the streamed
    /// one, in three stages: plan (`PlannedRender`: where every item lands,
    /// what is decoded, which rows turn final when), schedule
    /// (`RenderSchedule`: the workers, their order and memory budget, the
    /// canvas storage) and composite (`RowCompositor`: the items not drawn
    /// directly, in scene order, into rows handed to `output`), the last two
    /// running together while the workers draw the images.
    private static func run(_ scene: Scene, images: any ImageProvider, options: SceneRenderOptions,
                            output: FinishedOutput?, keepingCanvas: Bool) throws -> Pixmap? {
        let planned = try PlannedRender(scene, images: images, options: options, output: output)
        let schedule = try RenderSchedule(planned, images: images, options: options,
                                          streamed: output != nil && !keepingCanvas)
        /// The render into the canvas at `pixels`.
        func draw(_ pixels: CanvasPixels) {
            let compositor = RowCompositor(planned, work: schedule.work, storage: schedule.storage, canvas: pixels)
            let finisher = compositor.startFinisher()
            schedule.runWorkers(lateItems: options.lateItems, finalRows: planned.finalRows, images: images,
                                idle: { compositor.compositeReadyBands(wait: false) }) { image in
                try options.deadline?.check()
                try drawImage(image, of: scene, plan: planned.plan, background: planned.background, provider: images,
                              canvas: pixels, work: schedule.work, kept: options.resampledDraws)
            }
            compositor.finish(joining: finisher)
        }
        var canvas: Pixmap?
        if let storage = schedule.storage {
            draw(storage.pixels)
        } else {
            var whole = Pixmap(unfilledWidth: scene.size.width, height: scene.size.height)
            whole.pixels.withUnsafeMutableBufferPointer { bytes in
                guard let base = bytes.baseAddress else { return }
                draw(CanvasPixels(base: base, width: scene.size.width, height: scene.size.height))
            }
            canvas = whole
        }
        if let error = schedule.work.firstError { throw error }
        if case .failure(let error) = planned.composite.resolve() { throw error }
        return canvas
    }

    /// `render(_:images:options:)` with `threads` and `fast` only.
    public static func render(_ scene: Scene, images: any ImageProvider, threads: Int, fast: Bool = false) throws -> Pixmap {
        try render(scene, images: images, options: SceneRenderOptions(threads: threads, fast: fast))
    }
}
