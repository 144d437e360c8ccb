import Dispatch

/// The scene `SceneRenderer` composites: the scene it was given plus its
/// `LateItems` once they arrive, with the plan of the two together. Late
/// items come after every image draw, so the images' part of the plan
/// (regions, direct draws, decode sizes and order) is the one the workers
/// already follow; only the late items' regions are new.
final class CompositeScene: @unchecked Sendable {
    typealias Resolved = (scene: Scene, plan: RenderPlan)
    private let lock = DispatchQueue(label: "collage.raster.composite-scene")
    private let scene: Scene
    private let plan: RenderPlan
    private let late: LateItems?
    private let replan: @Sendable (Scene) throws -> RenderPlan
    private var resolved: Result<Resolved, any Error>?

    /// - Parameter replan: plans a scene as `plan` was planned.
    init(_ scene: Scene, plan: RenderPlan, late: LateItems?, replan: @escaping @Sendable (Scene) throws -> RenderPlan) {
        self.scene = scene
        self.plan = plan
        self.late = late
        self.replan = replan
    }

    /// The whole scene and its plan, once (blocks until the late items
    /// arrive); the error when they were cancelled, hold an image or do not
    /// plan.
    func resolve() -> Result<Resolved, any Error> {
        lock.sync {
            if let resolved { return resolved }
            let result: Result<Resolved, any Error>
            if let late {
                if let items = late.wait() {
                    if let image = items.firstIndex(where: { if case .image = $0 { true } else { false } }) {
                        result = .failure(SceneRenderError.imageAmongLateItems(item: scene.items.count + image))
                    } else {
                        var whole = scene
                        whole.items += items
                        result = Result { (whole, try replan(whole)) }
                    }
                } else {
                    result = .failure(SceneRenderError.lateItemsCancelled)
                }
            } else {
                result = .success((scene, plan))
            }
            resolved = result
            return result
        }
    }
}
