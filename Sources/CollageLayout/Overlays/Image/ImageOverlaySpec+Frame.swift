import CollageRaster
import CollageSpec
import CollageText

extension ImageOverlaySpec: OverlayFraming {
    /// The image's box in `area` (`OverlayLayout.box`); its file is appended to the image table.
    /// - Throws: `.render` when the file's size was not read (an internal error).
    func frame(_ overlay: OverlaySpec, index: Int, in area: PixelRect,
               context: inout OverlayFrameContext) throws(DiagnosticList) -> OverlayFrameKind {
        guard let size = context.imageSizes[index], size.width > 0, size.height > 0 else {
            throw DiagnosticList([Diagnostic(.render, at: overlay.location, "internal: no image size for the overlay image '\(src)'")])
        }
        context.images.append(LayoutImage(owner: .overlay(index), path: path, src: src, srcLocation: srcLocation, size: size))
        return OverlayFrameKind(ImageOverlayFrame(image: context.images.count - 1,
                                                  box: OverlayLayout.box(self, overlay: overlay, size: size, in: area),
                                                  size: size, shadow: shadow, filters: filters))
    }
}

extension OverlayLayout {
    /// The box of `image` (native `size`) placed by `overlay`'s anchor and offset in `reference`.
    public static func box(_ image: ImageOverlaySpec, overlay: OverlaySpec, size: Size, in reference: PixelRect) -> PixelRect {
        let rw = Double(reference.width), rh = Double(reference.height)
        let aspect = Double(size.width) / Double(size.height)
        let width = image.width?.resolved(reference: rw)
        let height = image.height?.resolved(reference: rh)
        let w = width ?? height.map { $0 * aspect } ?? Double(size.width)
        let h = height ?? width.map { $0 / aspect } ?? Double(size.height)
        let fx = overlay.anchor.horizontalFraction, fy = overlay.anchor.verticalFraction
        let x = Double(reference.x) + rw * fx - w * fx + overlay.offsetX.resolved(reference: rw)
        let y = Double(reference.y) + rh * fy - h * fy + overlay.offsetY.resolved(reference: rh)
        return FreeLayout.rounded(x: x, y: y, width: w, height: h)
    }
}
