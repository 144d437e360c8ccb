import CollageRaster
import CollageSpec

extension FreeLayout {
    /// `kind: free`: each photo's own `frame` or anchored box (`FreeLayout.cell`).
    struct Cells: LayoutCells {
        func cells(_ spec: Spec, canvas: Size, photoSizes: [Size]) -> [PixelRect] {
            spec.photos.indices.map { index in
                let photo = spec.photos[index]
                let visible = photoSizes.indices.contains(index) ? CropWindow.visible(photo: photoSizes[index], crop: photo.crop)
                    : Rect(x: 0, y: 0, width: 1, height: 1)
                guard let placement = photo.placement else { return PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height) }
                return FreeLayout.cell(placement, content: (visible.width, visible.height), canvas: canvas)
            }
        }
    }
}
