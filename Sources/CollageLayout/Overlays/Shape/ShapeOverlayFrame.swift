import CollageNumerics
import CollageRaster
import CollageSpec
import CollageText

/// Where a shape overlay is drawn: its outline in canvas pixels (origin
/// top-left, y down; `offset` and the area's corner applied, `rotation` not
/// yet), with the keys that paint it.
public struct ShapeOverlayFrame: Sendable, Hashable {
    /// The outline: a rect's or ellipse's box outline, a line's open
    /// polyline, a polygon's closed one, or the path data's subpaths.
    public var outline: Path
    /// The box `rotation` turns about (its centre): a rect's or ellipse's
    /// box, else the outline's control bounds (points and control points).
    public var box: Rect
    public var fill: PaintSpec?
    public var stroke: ShapeStroke?
    public var shadow: DropShadow?
    public init(outline: Path, box: Rect, fill: PaintSpec? = nil, stroke: ShapeStroke? = nil, shadow: DropShadow? = nil) {
        self.outline = outline; self.box = box; self.fill = fill; self.stroke = stroke; self.shadow = shadow
    }
}

extension OverlayLayout {
    /// The frame of `shape` placed by `overlay` in `area` (canvas pixels).
    ///
    /// `rect` and `ellipse`: the box's anchor point and the area's meet, the
    /// box moves by `offset`, and its edges are rounded to whole pixels half
    /// away from zero (as an image overlay's). `line`, `polygon` and `path`:
    /// their coordinates from the area's top-left corner, moved by `offset`,
    /// not rounded. Percentages refer to the area's width (x) or height (y).
    public static func shapeFrame(_ shape: ShapeOverlaySpec, overlay: OverlaySpec, in area: PixelRect) -> ShapeOverlayFrame {
        let rw = Double(area.width), rh = Double(area.height)
        let dx = overlay.offsetX.resolved(reference: rw), dy = overlay.offsetY.resolved(reference: rh)
        var outline = Path()
        var box: Rect?
        switch shape.geometry {
        case .rect(let width, let height, _), .ellipse(let width, let height):
            let w = width.resolved(reference: rw), h = height.resolved(reference: rh)
            let fx = overlay.anchor.horizontalFraction, fy = overlay.anchor.verticalFraction
            let x = Double(area.x) + rw * fx - w * fx + dx, y = Double(area.y) + rh * fy - h * fy + dy
            func round(_ v: Double) -> Double { Double(Int(checked: v, .toNearestOrAwayFromZero)) }
            let x0 = round(x), y0 = round(y)
            let rect = Rect(x: x0, y: y0, width: max(0, round(x + w) - x0), height: max(0, round(y + h) - y0))
            box = rect
            if case .rect(_, _, let radius) = shape.geometry {
                outline = .roundedRect(rect, radius: radius)
            } else {
                outline = .ellipse(in: rect)
            }
        case .line(let points), .polygon(let points):
            for (i, point) in points.enumerated() {
                let x = Double(area.x) + point.x.resolved(reference: rw) + dx
                let y = Double(area.y) + point.y.resolved(reference: rh) + dy
                if i == 0 { outline.move(to: x, y) } else { outline.line(to: x, y) }
            }
            if case .polygon = shape.geometry { outline.close() }
        case .path(let data):
            outline = Path(data).transformed(by: .translation(Double(area.x) + dx, Double(area.y) + dy))
        }
        return ShapeOverlayFrame(outline: outline,
                                 box: box ?? outline.controlBounds ?? Rect(x: Double(area.x) + dx, y: Double(area.y) + dy, width: 0, height: 0),
                                 fill: shape.fill, stroke: shape.stroke, shadow: shape.shadow)
    }
}

extension Path {
    /// The scene path of read SVG path data (same coordinates, same elements).
    public init(_ data: PathData) { self.init(elements: data.elements) }
}
