import Dispatch

/// The items of a scene's reserved slots (`Scene.slots`), delivered while
/// the scene renders: kinds that need fonts are laid out on the font thread
/// while the photos already decode. `SceneRenderer` puts them into their
/// slots of the same scene before it composites any row, as if the scene
/// had held them from the start (same bytes). They are composited, never
/// decoded: no image draw may be among them.
///
/// Thread-safe: one thread delivers or cancels, the renderer's threads wait.
public final class SlotItems: @unchecked Sendable {
    private let lock = DispatchQueue(label: "collage.raster.slot-items")
    private let arrived = DispatchSemaphore(value: 0)
    private var state: [[SceneItem]]??

    public init() {}

    /// Hands over the items of each slot, in `Scene.slots` order (fills,
    /// masks, tiles, layers; no images), once.
    public func deliver(_ items: [[SceneItem]]) { settle(.some(items)) }

    /// The items will not come (laying them out failed): the render stops
    /// taking images and throws `SceneRenderError.slotsCancelled`.
    public func cancel() { settle(.some(nil)) }

    /// True once `cancel()` was called.
    var isCancelled: Bool { lock.sync { if case .some(.none) = state { true } else { false } } }

    private func settle(_ value: [[SceneItem]]??) {
        let first: Bool = lock.sync {
            guard state == nil else { return false }
            state = value
            return true
        }
        precondition(first, "slot items are delivered or cancelled once")
        arrived.signal()
    }

    /// Blocks until the items are delivered (returns them) or cancelled (nil).
    func wait() -> [[SceneItem]]? {
        if let state = lock.sync(execute: { state }) { return state }
        arrived.wait()
        arrived.signal()  // for the next waiter
        return lock.sync { state! }
    }
}
