import CollageNumerics
import CollageRaster
import CollageSpec
import CollageText

/// The `free` layout: each photo's cell from its `frame`, or from `anchor`
/// + `offset` + `width`/`height` (docs/format.md "Layout rules"). Edges are
/// rounded to whole pixels half away from zero (`x` and `x + width`
/// separately, so adjacent frames stay adjacent), at least 1 pixel a side.
public enum FreeLayout {
    /// The cell of a photo whose visible part (after `crop`) is
    /// `content` source pixels, on `canvas`.
    public static func cell(_ placement: FreePlacementSpec, content: (width: Double, height: Double),
                            canvas: Size) -> PixelRect {
        switch placement {
        case let .frame(x, y, width, height):
            return rounded(x: x, y: y, width: width, height: height)
        case let .anchored(anchor, offsetX, offsetY, width, height):
            let aspect = content.width / content.height
            let w = width ?? height.map { $0 * aspect } ?? content.width
            let h = height ?? width.map { $0 / aspect } ?? content.height
            let x = Double(canvas.width) * anchor.horizontalFraction - w * anchor.horizontalFraction + offsetX
            let y = Double(canvas.height) * anchor.verticalFraction - h * anchor.verticalFraction + offsetY
            return rounded(x: x, y: y, width: w, height: h)
        }
    }

    /// A box with its edges rounded half away from zero, at least 1 pixel a side.
    public static func rounded(x: Double, y: Double, width: Double, height: Double) -> PixelRect {
        let x0 = Int(checked: x, .toNearestOrAwayFromZero), y0 = Int(checked: y, .toNearestOrAwayFromZero)
        let x1 = Int(checked: x + width, .toNearestOrAwayFromZero)
        let y1 = Int(checked: y + height, .toNearestOrAwayFromZero)
        return PixelRect(x: x0, y: y0, width: max(1, x1 - x0), height: max(1, y1 - y0))
    }
}
