import CollageRaster
import CollageSpec

extension OverlayFrame {
    /// The device-space box of what the overlay draws (canvas pixels,
    /// origin top-left, y down; its own rotation included, an enclosing
    /// component's not, shadows not), built through its node stage (a text
    /// is set again); nil when it draws nothing or cannot be built.
    public func drawnBounds(_ context: inout OverlayDrawingContext) -> Rect? {
        guard let node = try? kind.drawing.node(self, context: &context) else { return nil }
        return node.deviceBounds()
    }

    /// The overlay's box turned by its own rotation (canvas pixels, origin
    /// top-left, y down): a text's set box (`TextBlock.box`), else what it
    /// draws (`drawnBounds`); nil when it draws nothing or cannot be built.
    /// A text set wholly off the canvas draws no node: its unturned set box.
    public func layoutBounds(_ context: inout OverlayDrawingContext) -> Rect? {
        let before = context.textBlocks.count
        let node = try? kind.drawing.node(self, context: &context)
        if context.textBlocks.count > before, let block = context.textBlocks.last {
            return node.map { $0.transform.bounds(of: block.box) } ?? block.box
        }
        return node?.deviceBounds()
    }
}
