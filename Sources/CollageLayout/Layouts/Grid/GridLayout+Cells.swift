import CollageRaster
import CollageSpec

extension GridLayout {
    /// `kind: grid`: `columns` × `rows` (nil: as many as the photos need),
    /// row by row; weighted tracks and `cell`s go through `GridLayout.cells`.
    struct Cells: LayoutCells {
        var columns: Int
        var rows: Int?

        /// - Throws: `.outOfRange` for no column, more photos than cells, or no room after padding and gaps.
        func cells(_ spec: Spec, canvas: Size, photoSizes: [Size]) throws(DiagnosticList) -> [PixelRect] {
            let count = spec.photos.count, gap = spec.layout.gap, padding = spec.layout.padding
            if spec.layout.columnWidths != nil || spec.layout.rowHeights != nil || spec.photos.contains(where: { $0.cell != nil }) {
                return try GridLayout.cells(spec, canvas: canvas, columns: columns, rows: rows) {
                    (parts, weights, side) throws(DiagnosticList) -> [Int] in
                    let length = side == "width" ? canvas.width : canvas.height
                    if let problem = spec.layout.spacingProblem(length: length, parts: parts, side: side) { throw DiagnosticList([problem]) }
                    let available = length - 2 * padding - (parts - 1) * gap
                    return weights.map { Snapping.split(available, weights: $0) } ?? Snapping.split(available, into: parts)
                }
            }
            guard columns >= 1 else {
                throw DiagnosticList([Diagnostic(.outOfRange, at: spec.layout.location,
                    "a grid needs at least 1 column, not \(columns)")])
            }
            let rowCount = rows ?? (count + columns - 1) / columns
            guard rowCount >= 1, count <= columns * rowCount else {
                throw DiagnosticList([Diagnostic(.outOfRange, at: spec.layout.location,
                    "\(count) photos do not fit a grid of \(columns) × \(rowCount) cells",
                    notes: ["add rows or columns, or leave 'rows' out to get as many as the photos need"])])
            }
            let widths = try LayoutEngine.split(canvas.width, parts: columns, gap: gap, padding: padding, spec, "width")
            let heights = try LayoutEngine.split(canvas.height, parts: rowCount, gap: gap, padding: padding, spec, "height")
            let xs = Snapping.offsets(of: widths, origin: padding, gap: gap)
            let ys = Snapping.offsets(of: heights, origin: padding, gap: gap)
            return (0..<count).map { index in
                let column = index % columns, row = index / columns
                return PixelRect(x: xs[column], y: ys[row], width: widths[column], height: heights[row])
            }
        }
    }
}
