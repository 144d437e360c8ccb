import CollageRaster
import CollageSpec

/// The scene items of one placed photo: the image draw (source = crop
/// window, destination, clip = the cell, with the photo's `opacity`,
/// `rotation` about the cell's centre and `cornerRadius`), then its
/// `border` as a coverage mask inside the cell (following the rounded
/// corners; not rotated: the border frames the cell).
enum PhotoDraws {
    static func items(for placement: PhotoPlacement, photo: PhotoSpec) -> [SceneItem] {
        var items: [SceneItem] = [.image(ImageDraw(image: placement.photo, source: placement.crop,
                                                   destination: placement.destination, clip: placement.cell,
                                                   opacity: photo.opacity, rotation: photo.rotation,
                                                   cornerRadius: photo.cornerRadius))]
        if let border = photo.border, !placement.cell.isEmpty {
            let mask = RoundedRect.borderMask(placement.cell, radius: photo.cornerRadius, width: border.width)
            items.append(.mask(MaskDraw(mask: mask, originX: placement.cell.x, originY: placement.cell.y,
                                        color: Color(border.color))))
        }
        return items
    }
}
