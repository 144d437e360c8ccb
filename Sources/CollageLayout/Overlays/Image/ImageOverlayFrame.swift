import CollageRaster
import CollageSpec

/// Where an image overlay is drawn.
public struct ImageOverlayFrame: Sendable, Hashable {
    /// Index into `Layout.images` of the overlay's file.
    public var image: Int
    /// The image's box, canvas pixels (whole pixels; may reach outside the canvas).
    public var box: PixelRect
    /// The file's size, source pixels (the whole image is drawn into `box`).
    public var size: Size
    /// A drop shadow cast by the image's alpha; nil = none.
    public var shadow: DropShadow?
    /// Filter functions applied in order to the image (`ImageOverlaySpec.filters`).
    public var filters: [FilterSpec]
    public init(image: Int, box: PixelRect, size: Size, shadow: DropShadow? = nil, filters: [FilterSpec] = []) {
        self.image = image; self.box = box; self.size = size; self.shadow = shadow; self.filters = filters
    }
}

extension ImageOverlayFrame: OverlayDrawing {
    func node(_ frame: OverlayFrame, context: inout OverlayDrawingContext) -> Node? { OverlayNode.image(self, frame: frame) }

    /// `src`, `path`, `anchor`, `box`, then the node's.
    func report(_ frame: OverlayFrame, context: OverlayDrawingContext) -> [(String, JSONText.Value)]? {
        let file = context.layout.images[image]
        return [("src", .string(file.src)), ("path", .string(file.path)),
                ("anchor", .string(context.spec.overlays[frame.overlay].anchor.rawValue)), ("box", LayoutJSON.rect(box))]
            + LayoutJSON.node(OverlayNode.image(self, frame: frame))
    }
}
