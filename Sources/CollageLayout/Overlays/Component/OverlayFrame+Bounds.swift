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
}
