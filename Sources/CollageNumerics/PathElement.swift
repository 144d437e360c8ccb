/// One absolute drawing command of a vector outline (coordinates in the
/// holder's space: canvas pixels, y down). Shared by the scene graph's
/// `Path` (CollageRaster) and the document's read SVG path data
/// (`PathData`, CollageSpec), which cannot import each other, so a shape's
/// path data reaches the rasteriser element for element.
public enum PathElement: Sendable, Hashable {
    case move(x: Double, y: Double)
    case line(x: Double, y: Double)
    /// Quadratic Bézier: control point, end point.
    case quad(cx: Double, cy: Double, x: Double, y: Double)
    /// Cubic Bézier: two control points, end point.
    case cubic(c1x: Double, c1y: Double, c2x: Double, c2y: Double, x: Double, y: Double)
    case close
}
