import CollageRaster
import CollageSpec

/// The scene items of one placed photo: the image draw (source = crop
/// window, destination, clip = the cell, with the photo's `opacity`,
/// `rotation` about the cell's centre and `cornerRadius`), then its
/// `border` as a coverage mask inside the cell (following the rounded
/// corners; not rotated: the border frames the cell).
enum PhotoDraws {
    /// Percentages of `cornerRadius` and border `width` refer to the cell's shorter side.
    static func items(for placement: PhotoPlacement, photo: PhotoSpec) -> [SceneItem] {
        let shorter = Double(min(placement.cell.width, placement.cell.height))
        let radius = photo.cornerRadius.resolved(reference: shorter)
        var items: [SceneItem] = [.image(ImageDraw(image: placement.image, source: placement.crop,
                                                   destination: placement.destination, clip: placement.cell,
                                                   opacity: photo.opacity, rotation: photo.rotation,
                                                   cornerRadius: radius))]
        if let border = photo.border, !placement.cell.isEmpty, border.width.resolved(reference: shorter) > 0 {
            let mask = RoundedRect.borderMask(placement.cell, radius: radius, width: border.width.resolved(reference: shorter))
            items.append(.mask(MaskDraw(mask: mask, originX: placement.cell.x, originY: placement.cell.y,
                                        color: Color(border.color))))
        }
        return items
    }
}
