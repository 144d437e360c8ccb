import CollageRaster
import CollageSpec

extension ShapeOverlaySpec: OverlayFraming {
    /// The outline placed in `area` (`OverlayLayout.shapeFrame`).
    func frame(_ overlay: OverlaySpec, index: Int, in area: PixelRect,
               context: inout OverlayFrameContext) -> OverlayFrameKind {
        OverlayFrameKind(OverlayLayout.shapeFrame(self, overlay: overlay, in: area))
    }
}

extension ShapeOverlayFrame: OverlayDrawing {
    func node(_ frame: OverlayFrame, context: inout OverlayDrawingContext) -> Node? { OverlayNode.shape(self, frame: frame) }

    /// `shape` (its geometry's name), `box`, then the node's.
    func report(_ frame: OverlayFrame, context: OverlayDrawingContext) -> [(String, JSONText.Value)]? {
        [("shape", .string(context.spec.overlays[frame.overlay].shape?.geometry.name.rawValue ?? "")),
         ("box", LayoutJSON.rect(box))] + LayoutJSON.node(OverlayNode.shape(self, frame: frame))
    }
}
