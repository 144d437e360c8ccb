import CollageRaster
import CollageSpec

/// The `grid` layout (docs/format.md "Layout rules"): `columns` × `rows` tracks
/// sized by relative weights (`columnWidths`/`rowHeights`, equal by default)
/// with the snapping rule, photos with a `cell` placed first, the others
/// flowing row by row (left to right, top to bottom) into the free cells.
/// A spanned cell includes the gaps it crosses.
enum GridLayout {
    typealias Slot = GridSlots.Slot

    /// `GridSlots.place` for `spec` (the validator has reported its errors already).
    static func slots(_ spec: Spec, columns: Int, rows: Int?) throws(DiagnosticList) -> (slots: [Slot], rows: Int) {
        try GridSlots.place(spec.photos, layout: spec.layout, columns: columns, rows: rows)
    }

    /// The cells in canvas pixels, in photo order.
    static func cells(_ spec: Spec, canvas: Size, columns: Int, rows: Int?,
                      split: (Int, [Double]?, String) throws(DiagnosticList) -> [Int]) throws(DiagnosticList) -> [PixelRect] {
        let (slots, rowCount) = try slots(spec, columns: columns, rows: rows)
        let gap = spec.layout.gap, padding = spec.layout.padding
        let widths = try split(columns, spec.layout.columnWidths, "width")
        let heights = try split(rowCount, spec.layout.rowHeights, "height")
        let xs = Snapping.offsets(of: widths, origin: padding, gap: gap)
        let ys = Snapping.offsets(of: heights, origin: padding, gap: gap)
        return slots.map { slot in
            let width = widths[slot.column ..< slot.column + slot.columnSpan].reduce(0, +) + (slot.columnSpan - 1) * gap
            let height = heights[slot.row ..< slot.row + slot.rowSpan].reduce(0, +) + (slot.rowSpan - 1) * gap
            return PixelRect(x: xs[slot.column], y: ys[slot.row], width: width, height: height)
        }
    }
}
