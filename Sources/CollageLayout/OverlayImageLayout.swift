import CollageRaster
import CollageSpec

/// Boxes of image overlays: the anchor point of the reference box (the
/// canvas, or the cell of the photo named by `photo:`) and the same point of
/// the image's box meet, then the box moves by `offset`. Percentages refer
/// to the reference box's width (`width`, offset x) or height (`height`,
/// offset y). With one of `width`/`height` the other follows the image's
/// aspect; with neither, the image's own size. Edges are rounded half away
/// from zero (`FreeLayout.rounded`).
public enum OverlayImageLayout {
    /// One entry per `spec.overlays` item (nil for text overlays).
    /// - Parameter imageSizes: the image overlays' file sizes, in order.
    /// - Throws: `.render` when the sizes do not match the image overlays.
    /// - Throws: also `.unknownId` at `photo:` for an id no laid-out photo has.
    public static func boxes(_ spec: Spec, canvas: Size, placements: [PhotoPlacement],
                             imageSizes: [Size]) throws(DiagnosticList) -> [PixelRect?] {
        var next = 0
        var boxes: [PixelRect?] = []
        for overlay in spec.overlays {
            guard case .image(let image) = overlay.content else { boxes.append(nil); continue }
            guard imageSizes.indices.contains(next), imageSizes[next].width > 0, imageSizes[next].height > 0 else {
                throw DiagnosticList([Diagnostic(.render, at: overlay.location,
                    "internal: no image size for the overlay image '\(image.src)'")])
            }
            let size = imageSizes[next]
            next += 1
            // The same anchoring rule as text overlays (`SceneBuilder.overlayArea`).
            let reference = try SceneBuilder.overlayArea(overlay, spec: spec, layout: Layout(canvas: canvas, photos: placements))
            boxes.append(box(image, anchor: overlay.anchor, size: size, in: reference))
        }
        return boxes
    }

    /// The box of `image` (native `size`) anchored in `reference`.
    public static func box(_ image: ImageOverlaySpec, anchor: Anchor, size: Size, in reference: PixelRect) -> PixelRect {
        let rw = Double(reference.width), rh = Double(reference.height)
        let aspect = Double(size.width) / Double(size.height)
        let width = image.width?.resolved(reference: rw)
        let height = image.height?.resolved(reference: rh)
        let w = width ?? height.map { $0 * aspect } ?? Double(size.width)
        let h = height ?? width.map { $0 / aspect } ?? Double(size.height)
        let fx = anchor.horizontalFraction, fy = anchor.verticalFraction
        let x = Double(reference.x) + rw * fx - w * fx + image.offsetX.resolved(reference: rw)
        let y = Double(reference.y) + rh * fy - h * fy + image.offsetY.resolved(reference: rh)
        return FreeLayout.rounded(x: x, y: y, width: w, height: h)
    }
}
