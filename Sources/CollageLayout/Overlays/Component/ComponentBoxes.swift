import CollageRaster
import CollageSpec

/// The boxes of the components an overlay was expanded from
/// (`OverlaySpec.groups`, docs/format.md "Components"): each box is placed
/// in the one before it (the first in the canvas, or its `photo` cell) by
/// its `anchor` and `offset` as an image overlay's box is, and the
/// overlay anchors in the last, exactly as on a canvas of that size.
enum ComponentBoxes {
    /// The boxes, outermost first, canvas pixels (origin top-left, y down),
    /// edges rounded half away from zero; empty for an overlay written in `overlays`.
    static func boxes(_ groups: [ComponentInstance], in reference: PixelRect) -> [PixelRect] {
        var area = reference
        return groups.map { instance in
            let rw = Double(area.width), rh = Double(area.height)
            let w = instance.width.resolved(reference: rw), h = instance.height.resolved(reference: rh)
            let fx = instance.anchor.horizontalFraction, fy = instance.anchor.verticalFraction
            let x = Double(area.x) + rw * fx - w * fx + instance.offsetX.resolved(reference: rw)
            let y = Double(area.y) + rh * fy - h * fy + instance.offsetY.resolved(reference: rh)
            area = FreeLayout.rounded(x: x, y: y, width: w, height: h)
            return area
        }
    }
}
