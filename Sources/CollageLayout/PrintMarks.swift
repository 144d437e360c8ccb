import CollageRaster
import CollageSpec

/// The scene of a document with `print:` (docs/print.md): the document's
/// nodes, built in trim coordinates, moved by the bleed and slug onto the
/// output (an integer translation: photos stay on the separable resampling
/// path); the slug is paper white under the marks, the bleed box the canvas
/// background; crop marks last.
enum PrintMarks {
    /// The scene's background colour: the canvas background, or white paper
    /// when a slug surrounds the bleed (the bleed box is then filled first).
    static func sceneBackground(_ spec: Spec, layout: Layout) -> Color {
        if let frame = layout.print, frame.margin > frame.bleed.maxX - frame.trim.maxX { return .white }
        return Color(spec.canvas.background)
    }

    /// `nodes` (trim coordinates) as drawn on the output: moved by the
    /// margin, over the canvas background filling the bleed box when there
    /// is a slug. Unchanged without `print`.
    static func onOutput(_ nodes: [Node], spec: Spec, layout: Layout) -> [Node] {
        guard let frame = layout.print else { return nodes }
        var trimNodes = nodes
        let background = spec.canvas.background
        if frame.margin > frame.bleed.maxX - frame.trim.maxX, background.alpha > 0 {
            trimNodes.insert(.path(PathLeaf(path: .rect(Rect(frame.bleed)), paint: .solid(Color(background)))), at: 0)
        }
        return moved(trimNodes, layout: layout)
    }

    /// `nodes` (trim pixels) moved onto the output (`PrintFrame.toOutput`):
    /// each in a group of that translation; as they are with no `print` or
    /// no margin.
    static func moved(_ nodes: [Node], layout: Layout) -> [Node] {
        guard let frame = layout.print, frame.margin != 0 else { return nodes }
        return nodes.map { .group(Group(transform: frame.toOutput, children: [$0])) }
    }

    /// The crop marks (`marks: [crop]`), output pixels: at each corner of the
    /// trim, one line on the extension of each trim edge through it,
    /// `PrintSpec.markPoints` wide and centred on the trim line, from the
    /// bleed edge outward for `PrintSpec.markMillimetres`. Nothing is drawn
    /// inside the trim or the bleed. Each is a rectangle for the raster and
    /// keeps its centre line (a butt-capped stroke as wide) for PDF's native
    /// hairline stroke (`PathStroke`).
    static func cropMarks(_ layout: Layout) -> [Node] {
        guard let frame = layout.print, frame.marks.contains(.crop) else { return [] }
        let width = PhysicalLength(PrintSpec.markPoints, .pt).pixels(dpi: frame.dpi)
        let length = PhysicalLength(PrintSpec.markMillimetres, .mm).pixels(dpi: frame.dpi)
        let m = Double(frame.margin), bleed = Double(frame.trim.x - frame.bleed.x)
        let left = m, top = m, right = m + Double(frame.trim.width), bottom = m + Double(frame.trim.height)
        let style = StrokeStyle(width: width, cap: .butt)
        var marks: [Node] = []
        /// The mark from (x0, y0) to (x1, y1), horizontal or vertical.
        func mark(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
            let rect = x0 == x1
                ? Rect(x: x0 - width / 2, y: min(y0, y1), width: width, height: abs(y1 - y0))
                : Rect(x: min(x0, x1), y: y0 - width / 2, width: abs(x1 - x0), height: width)
            var line = Path()
            line.move(to: x0, y0)
            line.line(to: x1, y1)
            marks.append(.path(PathLeaf(path: .rect(rect), paint: .solid(Color(red: 0, green: 0, blue: 0)),
                                        stroke: PathStroke(centerline: line, style: style))))
        }
        for (x, outwardX) in [(left, -1.0), (right, 1.0)] {
            for (y, outwardY) in [(top, -1.0), (bottom, 1.0)] {
                // Vertical: on the line x, beyond the bleed above or below the trim.
                let y0 = y + outwardY * bleed
                mark(x, y0, x, y0 + outwardY * length)
                // Horizontal: on the line y, beyond the bleed left or right of the trim.
                let x0 = x + outwardX * bleed
                mark(x0, y, x0 + outwardX * length, y)
            }
        }
        return marks
    }
}

extension Rect {
    /// The same rectangle in floating point.
    init(_ rect: PixelRect) {
        self.init(x: Double(rect.x), y: Double(rect.y), width: Double(rect.width), height: Double(rect.height))
    }
}
