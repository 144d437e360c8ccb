import Dispatch

/// The plan stage of a render (`SceneRenderer`): the scene's `RenderPlan`
/// (where every item lands, which draws go straight to the canvas, what is
/// decoded at what size), made once; the background and, when rows are
/// handed over while the render runs, who takes them and which rows are
/// final when (`FinalRows`).
///
/// A scene with reserved slots (`Scene.slots`, filled from `SlotItems`):
/// the plan is made at once and the images decode while the slots' items
/// are laid out; their arrival only gives them their footprints
/// (`RenderPlan.filled(_:with:)`) before the first row is composited. An
/// image draw after a slot (a photo over text with `layer: below`) is
/// planned as composited in order, not written straight to the canvas,
/// since what the slot draws under it is not known yet.
struct PlannedRender: Sendable {
    /// The scene the workers draw the images of (its slots may be empty still).
    let scene: Scene
    let plan: RenderPlan
    let background: BackgroundFill
    /// The consumer of rows top to bottom (`FinishedOutput.rows`), if any.
    let finishedRows: SceneRenderer.FinishedRows?
    /// The consumer of bands in any order (`FinishedOutput.bands`), if any.
    let finishedBands: FinishedBands?
    /// The order the workers take the images in when rows are handed over top to bottom.
    let rowsOrder: FinishedRowsOrder
    /// Which rows are final, when rows or bands are handed over.
    let finalRows: FinalRows?
    /// The filled scene and its plan, once the slots' items are there.
    private let filling: Filling

    /// - Throws: `SceneRenderError` for a scene the renderer refuses (before
    ///   any decode); `.unfilledSlots` for slots without `options.slotItems`.
    ///   The slots' own errors (`.slotsCancelled`, `.imageInSlot`) come from `filled()`.
    init(_ scene: Scene, images: any ImageProvider, options: SceneRenderOptions, output: FinishedOutput?) throws {
        switch output {
        case .rows(let rows, let order): (finishedRows, finishedBands, rowsOrder) = (rows, nil, order)
        case .bands(let bands): (finishedRows, finishedBands, rowsOrder) = (nil, bands, .largestFirst)
        case nil: (finishedRows, finishedBands, rowsOrder) = (nil, nil, .largestFirst)
        }
        let margin: Double = options.fast ? 1 : 2
        if !scene.slots.isEmpty && options.slotItems == nil { throw SceneRenderError.unfilledSlots }
        let plan = try RenderPlan(scene, decodeMargin: margin) { images.decodedSize(image: $0, minimumSize: $1) }
        self.scene = scene
        self.plan = plan
        filling = Filling(scene, plan: plan, slotItems: scene.slots.isEmpty ? nil : options.slotItems)
        finalRows = finishedRows.map { _ in FinalRows(plan: plan, height: scene.size.height) }
            ?? finishedBands.map { FinalRows(plan: plan, height: scene.size.height, bandHeight: $0.height) }
        background = BackgroundFill(scene.background, plan: plan)
    }

    /// The whole scene and its plan (blocks until the slots' items arrive,
    /// once); the error when they were cancelled or invalid.
    func filled() -> Result<(scene: Scene, plan: RenderPlan), any Error> { filling.result() }

    /// The slots' items put in place, once, on whichever thread asks first.
    private final class Filling: @unchecked Sendable {
        private let lock = DispatchQueue(label: "collage.raster.slot-filling")
        private let scene: Scene
        private let plan: RenderPlan
        private let slotItems: SlotItems?
        private var done: Result<(scene: Scene, plan: RenderPlan), any Error>?

        init(_ scene: Scene, plan: RenderPlan, slotItems: SlotItems?) {
            self.scene = scene; self.plan = plan; self.slotItems = slotItems
        }

        func result() -> Result<(scene: Scene, plan: RenderPlan), any Error> {
            lock.sync {
                if let done { return done }
                let result: Result<(scene: Scene, plan: RenderPlan), any Error>
                if let slotItems {
                    result = Result {
                        let items = try Self.items(for: scene, from: slotItems)
                        return (scene.filled(items: items), try plan.filled(scene, with: items))
                    }
                } else {
                    result = .success((scene, plan))
                }
                done = result
                return result
            }
        }

        /// The slots' items, one list per slot (blocks until they arrive).
        private static func items(for scene: Scene, from slotItems: SlotItems) throws -> [[SceneItem]] {
            guard let items = slotItems.wait() else { throw SceneRenderError.slotsCancelled }
            guard items.count == scene.slots.count else { throw SceneRenderError.unfilledSlots }
            return items
        }
    }
}
