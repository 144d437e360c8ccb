/// A scene `SceneRenderer` cannot draw. Scenes come from `SceneBuilder`, so
/// these indicate a bug upstream or a misbehaving `ImageProvider`; they are
/// reported instead of trapping.
public enum SceneRenderError: Error, Equatable, Sendable {
    /// The canvas size is negative or its byte count overflows.
    case invalidCanvasSize(Size)
    /// Item `item` draws image `image`, which `Scene.images` does not have.
    case imageIndexOutOfRange(item: Int, image: Int)
    /// Image `image` has an oriented size without pixels.
    case emptyImage(image: Int)
    /// Item `item` has a crop window that is not finite or not positive in
    /// size, or an opacity that is not finite.
    case invalidDraw(item: Int)
    /// The provider returned an image without pixels for image `image`.
    case emptyDecode(image: Int)
    /// The provider returned a row stream for image `image` although the
    /// renderer did not ask for one (the image has several or shaped draws).
    case unrequestedRowStream(image: Int)
    /// The scene's `SlotItems` were cancelled: the render stopped.
    case slotsCancelled
    /// Item `item` of the filled scene, one of a slot's items, is an image
    /// (slot items are composited, never decoded).
    case imageInSlot(item: Int)
    /// The scene has reserved slots but the render was given no `SlotItems`,
    /// or they hold another number of lists than the scene has slots.
    case unfilledSlots
    /// Image `image` alone needs `needed` bytes (its decode and draws plus
    /// the canvas rows its draws span, `MemoryBudget.neededAlone`), more
    /// than the `budget` bytes of `SceneRenderOptions.maxMemory`.
    case memoryBudgetTooSmall(image: Int, needed: Int, budget: Int)
}
