/// The plan stage of a render (`SceneRenderer`): the scene's `RenderPlan`
/// (where every item lands, which draws go straight to the canvas, what is
/// decoded at what size), the scene as it will be composited
/// (`CompositeScene`: with its late items once they arrive), the background
/// and, when rows are handed over while the render runs, who takes them and
/// which rows are final when (`FinalRows`).
struct PlannedRender: Sendable {
    let scene: Scene
    let plan: RenderPlan
    let composite: CompositeScene
    let background: BackgroundFill
    /// The consumer of rows top to bottom (`FinishedOutput.rows`), if any.
    let finishedRows: SceneRenderer.FinishedRows?
    /// The consumer of bands in any order (`FinishedOutput.bands`), if any.
    let finishedBands: FinishedBands?
    /// The order the workers take the images in when rows are handed over top to bottom.
    let rowsOrder: FinishedRowsOrder
    /// Which rows are final, when rows or bands are handed over.
    let finalRows: FinalRows?

    /// - Throws: `SceneRenderError` for a scene the renderer refuses (before any decode).
    init(_ scene: Scene, images: any ImageProvider, options: SceneRenderOptions, output: FinishedOutput?) throws {
        switch output {
        case .rows(let rows, let order): (finishedRows, finishedBands, rowsOrder) = (rows, nil, order)
        case .bands(let bands): (finishedRows, finishedBands, rowsOrder) = (nil, bands, .largestFirst)
        case nil: (finishedRows, finishedBands, rowsOrder) = (nil, nil, .largestFirst)
        }
        let margin: Double = options.fast ? 1 : 2
        let plan = try RenderPlan(scene, decodeMargin: margin) { images.decodedSize(image: $0, minimumSize: $1) }
        self.scene = scene
        self.plan = plan
        composite = CompositeScene(scene, plan: plan, late: options.lateItems) { whole in
            try RenderPlan(whole, decodeMargin: margin) { images.decodedSize(image: $0, minimumSize: $1) }
        }
        finalRows = finishedRows.map { _ in FinalRows(plan: plan, height: scene.size.height) }
            ?? finishedBands.map { FinalRows(plan: plan, height: scene.size.height, bandHeight: $0.height) }
        background = BackgroundFill(scene.background, plan: plan)
    }
}
