import CollageNumerics
import CollageRaster
import Glibc

/// Where a photo goes inside its cell: `cover` crop windows and `contain`
/// rectangles (docs/format.md "Layout rules").
public enum FitGeometry {
    /// The crop window for `cover`: the largest window of the cell's aspect
    /// ratio that fits in the photo (so scaling it to the cell covers the
    /// cell), centred on the focus point and then moved the least amount
    /// needed to lie inside the photo.
    ///
    /// - Parameters:
    ///   - photo: the photo's oriented size, source pixels (> 0).
    ///   - cell: the cell's size, canvas pixels (> 0).
    ///   - focusX: focus as a fraction of the photo's width (0 left, 1 right).
    ///   - focusY: focus as a fraction of the photo's height (0 top, 1 bottom).
    /// - Returns: the window in oriented source pixels, fractional, never rounded.
    public static func coverCrop(photo: Size, cell: Size, focusX: Double, focusY: Double) -> Rect {
        let pw = Double(photo.width), ph = Double(photo.height)
        let cw = Double(cell.width), ch = Double(cell.height)
        var width = pw, height = ph
        // Compare aspects by cross-multiplying in integers: exact, no ties lost.
        if cell.width * photo.height >= cell.height * photo.width {
            height = ch * pw / cw   // cell relatively wider: full photo width
        } else {
            width = cw * ph / ch    // cell relatively taller: full photo height
        }
        let x = clamp(focusX * pw - width / 2, 0, pw - width)
        let y = clamp(focusY * ph - height / 2, 0, ph - height)
        return Rect(x: x, y: y, width: width, height: height)
    }

    /// The destination for `contain`: the photo scaled to fit inside the cell,
    /// centred, with its edges rounded to whole pixels (half away from zero);
    /// at least 1 pixel along each axis and never outside the cell.
    ///
    /// - Parameters:
    ///   - photo: the photo's oriented size, source pixels (> 0).
    ///   - cell: the cell, canvas pixels.
    public static func containRect(photo: Size, cell: PixelRect) -> PixelRect {
        let pw = Double(photo.width), ph = Double(photo.height)
        let cw = Double(cell.width), ch = Double(cell.height)
        var width = cw, height = ch
        if cell.width * photo.height >= cell.height * photo.width {
            width = pw * ch / ph    // cell relatively wider: full cell height
        } else {
            height = ph * cw / pw   // cell relatively taller: full cell width
        }
        let (x0, x1) = roundedSpan(start: Double(cell.x) + (cw - width) / 2, length: width,
                                   within: cell.x, cell.maxX)
        let (y0, y1) = roundedSpan(start: Double(cell.y) + (ch - height) / 2, length: height,
                                   within: cell.y, cell.maxY)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Rounds both edges half away from zero; widens a span that rounded
    /// to nothing to one pixel inside `low ..< high`.
    private static func roundedSpan(start: Double, length: Double, within low: Int, _ high: Int) -> (Int, Int) {
        var a = Int(checked: start, .toNearestOrAwayFromZero)
        var b = Int(checked: start + length, .toNearestOrAwayFromZero)
        a = max(low, min(a, high)); b = max(low, min(b, high))
        if b <= a {
            if a < high { b = a + 1 } else { a = high - 1; b = high }
        }
        return (a, b)
    }

    private static func clamp(_ value: Double, _ low: Double, _ high: Double) -> Double {
        max(low, min(value, high))
    }
}
