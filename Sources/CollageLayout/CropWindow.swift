import CollageNumerics
import CollageRaster
import CollageSpec

/// A photo's manual `crop` and `zoom` applied to the fit geometry: the
/// visible part of the oriented photo and the window drawn into the cell.
///
/// `crop` (fractions of the oriented photo) limits the photo to that window:
/// `cover`, `contain` and `focus` then work inside it (focus as fractions of
/// the crop). `zoom` ≥ 1 shrinks the window by that factor about the focus
/// point, clamped inside the crop, like a camera zooming in. Windows are
/// fractional source pixels, never rounded (docs/format.md "Layout rules").
public enum CropWindow {
    /// The crop in oriented source pixels (the whole photo without `crop`).
    public static func visible(photo: Size, crop: CropSpec?) -> Rect {
        let pw = Double(photo.width), ph = Double(photo.height)
        guard let crop else { return Rect(x: 0, y: 0, width: pw, height: ph) }
        return Rect(x: crop.x * pw, y: crop.y * ph, width: crop.width * pw, height: crop.height * ph)
    }

    /// The source window and destination rectangle of `photo` in `cell`.
    public static func place(_ photo: PhotoSpec, size: Size, cell: PixelRect) -> (source: Rect, destination: PixelRect) {
        if photo.crop == nil && photo.zoom == 1 {
            switch photo.fit {
            case .cover:
                return (FitGeometry.coverCrop(photo: size, cell: Size(width: cell.width, height: cell.height),
                                              focusX: photo.focusX, focusY: photo.focusY), cell)
            case .contain:
                return (Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height)),
                        FitGeometry.containRect(photo: size, cell: cell))
            }
        }
        let area = visible(photo: size, crop: photo.crop)
        var width = area.width, height = area.height
        if photo.fit == .cover {
            let cw = Double(cell.width), ch = Double(cell.height)
            if cw * area.height >= ch * area.width { height = ch * area.width / cw } else { width = cw * area.height / ch }
        }
        width /= photo.zoom
        height /= photo.zoom
        let x = clamp(area.x + photo.focusX * area.width - width / 2, area.x, area.maxX - width)
        let y = clamp(area.y + photo.focusY * area.height - height / 2, area.y, area.maxY - height)
        let source = Rect(x: x, y: y, width: width, height: height)
        guard photo.fit == .contain else { return (source, cell) }
        // The window's aspect, scaled to fit the cell: contain on a virtual
        // photo of the window's size (scaled to integers exactly enough).
        let scale = 1_000_000 / max(width, height)
        let virtual = Size(width: max(1, Int(checked: width * scale, .toNearestOrAwayFromZero)), height: max(1, Int(checked: height * scale, .toNearestOrAwayFromZero)))
        return (source, FitGeometry.containRect(photo: virtual, cell: cell))
    }

    private static func clamp(_ value: Double, _ low: Double, _ high: Double) -> Double {
        max(low, min(value, high))
    }
}
