import CollageRaster
import CollageSpec

extension AutoLayout {
    /// `kind: auto`: columns left to right, each stacked top to bottom (`photosPerColumn`).
    struct Cells: LayoutCells {
        /// - Throws: `.outOfRange` for more than `maximumPhotos` photos, or no room after padding and gaps.
        func cells(_ spec: Spec, canvas: Size, photoSizes: [Size]) throws(DiagnosticList) -> [PixelRect] {
            let count = spec.photos.count, gap = spec.layout.gap, padding = spec.layout.padding
            guard let perColumn = AutoLayout.photosPerColumn(for: count) else {
                throw DiagnosticList([Diagnostic(.outOfRange, at: spec.layout.location,
                    "the auto layout takes 1 to \(AutoLayout.maximumPhotos) photos, not \(count)",
                    notes: ["use 'kind: grid' with 'columns' for more photos"])])
            }
            let widths = try LayoutEngine.split(canvas.width, parts: perColumn.count, gap: gap, padding: padding, spec, "width")
            let xs = Snapping.offsets(of: widths, origin: padding, gap: gap)
            var result: [PixelRect] = []
            for (column, rows) in perColumn.enumerated() {
                let heights = try LayoutEngine.split(canvas.height, parts: rows, gap: gap, padding: padding, spec, "height")
                let ys = Snapping.offsets(of: heights, origin: padding, gap: gap)
                for row in 0..<rows {
                    result.append(PixelRect(x: xs[column], y: ys[row], width: widths[column], height: heights[row]))
                }
            }
            return result
        }
    }
}
