import Dispatch

/// Scene items that arrive while the scene is rendering: text overlays need
/// fonts, which load on another thread, while the photos can already be
/// decoded. `SceneRenderer.render(_:images:options:)`
/// appends them to the scene's items before it composites any row, as if
/// the scene had held them from the start (same bytes). They are composited,
/// never decoded: images are not allowed among them.
///
/// Thread-safe: one thread delivers or cancels, the renderer's threads wait.
public final class LateItems: @unchecked Sendable {
    private let lock = DispatchQueue(label: "collage.raster.late-items")
    private let arrived = DispatchSemaphore(value: 0)
    private var state: [SceneItem]??

    public init() {}

    /// Hands over the items (fills, masks, tiles; no images), once.
    public func deliver(_ items: [SceneItem]) { settle(.some(items)) }

    /// The items will not come (building them failed): the render stops
    /// taking images and throws `SceneRenderError.lateItemsCancelled`.
    public func cancel() { settle(.some(nil)) }

    /// True once `cancel()` was called.
    var isCancelled: Bool { lock.sync { if case .some(.none) = state { true } else { false } } }

    private func settle(_ value: [SceneItem]??) {
        let first: Bool = lock.sync {
            guard state == nil else { return false }
            state = value
            return true
        }
        precondition(first, "late items are delivered or cancelled once")
        arrived.signal()
    }

    /// Blocks until the items are delivered (returns them) or cancelled (nil).
    func wait() -> [SceneItem]? {
        if let state = lock.sync(execute: { state }) { return state }
        arrived.wait()
        arrived.signal()  // for the next waiter
        return lock.sync { state! }
    }
}
