extension SceneRenderer {
    /// The error a streamed render of `scene` (a JPEG, or a PNG on an opaque
    /// background: `render(_:images:options:streamingTo:keepingCanvas:)`
    /// with `keepingCanvas` false) throws before it decodes anything when
    /// `options.maxMemory` is set and some image cannot fit that budget
    /// alone: `.memoryBudgetTooSmall` for the lowest-numbered such image,
    /// with the bytes it needs (`MemoryBudget.neededAlone`: its decode and
    /// draws, sized from the headers `images` knows, plus the canvas rows it
    /// spans). Nil when every image fits or no budget is set. `collage check
    /// --max-memory` asks this without rendering, so it reports what
    /// `render` would.
    /// - Throws: what `RenderPlan` throws for a scene the renderer refuses.
    public static func memoryBudgetProblem(_ scene: Scene, images: any ImageProvider,
                                           options: SceneRenderOptions) throws -> SceneRenderError? {
        guard let maxMemory = options.maxMemory else { return nil }
        let margin: Double = options.fast ? 1 : 2
        let plan = try RenderPlan(scene, decodeMargin: margin) { images.decodedSize(image: $0, minimumSize: $1) }
        let budget = MemoryBudget(bytes: maxMemory, isExplicit: true, rowBytes: scene.size.width * 4)
        return budget.problem(costs: plan.costs(scene: scene, provider: images), images: plan.decodeOrder)
    }
}

extension MemoryBudget {
    /// `.memoryBudgetTooSmall` for the lowest-numbered of `images` whose
    /// cost (indexed by image) cannot fit this budget alone; nil when all fit.
    func problem(costs: [ImageCost], images: [Int]) -> SceneRenderError? {
        guard let image = images.sorted().first(where: { neededAlone(costs[$0]) > bytes }) else { return nil }
        return .memoryBudgetTooSmall(image: image, needed: neededAlone(costs[image]), budget: bytes)
    }
}
