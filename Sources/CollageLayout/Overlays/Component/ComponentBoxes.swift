import CollageRaster
import CollageSpec

/// The boxes of the components an overlay was expanded from
/// (`OverlaySpec.groups`, docs/format.md "Components"): each box is placed
/// in the one before it (the first in the canvas, or its `photo` cell) by
/// its `anchor` and `offset` as an image overlay's box is, and the
/// overlay anchors in the last, exactly as on a canvas of that size.
///
/// A side the component omits is the union of its overlays laid out at the
/// origin (`measured`): there they anchor in a box 0 pixels long on that
/// side, so their anchors on it meet at the origin line, and they keep their
/// places relative to that union, which is then placed like a written box.
enum ComponentBoxes {
    /// The boxes, outermost first, and the area the overlay anchors in.
    /// - Parameters:
    ///   - reference: the area the outermost box is placed in, canvas pixels.
    ///   - measured: the union at the origin of every instance with an
    ///     omitted side (`ComponentInstance.isMeasured`), by
    ///     `ComponentInstance.instance`; whole pixels.
    /// - Returns: canvas pixels (origin top-left, y down), edges rounded half
    ///   away from zero; no boxes and `reference` for an overlay written in `overlays`.
    static func place(_ groups: [ComponentInstance], in reference: PixelRect,
                      measured: [Int: PixelRect]) -> (boxes: [PixelRect], area: PixelRect) {
        var area = reference
        let boxes = groups.map { instance in
            let union = measured[instance.instance]
            let rw = Double(area.width), rh = Double(area.height)
            let w = instance.width?.resolved(reference: rw) ?? Double(union?.width ?? 0)
            let h = instance.height?.resolved(reference: rh) ?? Double(union?.height ?? 0)
            let fx = instance.anchor.horizontalFraction, fy = instance.anchor.verticalFraction
            let x = Double(area.x) + rw * fx - w * fx + instance.offsetX.resolved(reference: rw)
            let y = Double(area.y) + rh * fy - h * fy + instance.offsetY.resolved(reference: rh)
            let box = FreeLayout.rounded(x: x, y: y, width: w, height: h)
            // The overlays anchor in the box, or on an omitted side in a 0-long box where the union starts.
            area = box
            if instance.width == nil { area.x = box.x - (union?.x ?? 0); area.width = 0 }
            if instance.height == nil { area.y = box.y - (union?.y ?? 0); area.height = 0 }
            return box
        }
        return (boxes, area)
    }

    /// The local area an instance's overlays are measured in: its written
    /// sides (resolved against `parent`, pixels) and 0 for an omitted one, at the origin.
    static func origin(of instance: ComponentInstance, parent: Size) -> PixelRect {
        let w = instance.width?.resolved(reference: Double(parent.width)) ?? 0
        let h = instance.height?.resolved(reference: Double(parent.height)) ?? 0
        return FreeLayout.rounded(x: 0, y: 0, width: w, height: h)
    }

    /// The smallest whole-pixel box holding `rect` (edges rounded outwards).
    static func enclosing(_ rect: Rect) -> PixelRect {
        // Within 1e-9 of a whole pixel counts as on it (floating-point noise).
        let x0 = Int((rect.x + 1e-9).rounded(.down)), y0 = Int((rect.y + 1e-9).rounded(.down))
        let x1 = Int((rect.maxX - 1e-9).rounded(.up)), y1 = Int((rect.maxY - 1e-9).rounded(.up))
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
