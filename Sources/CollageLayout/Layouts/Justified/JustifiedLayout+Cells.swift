import CollageRaster
import CollageSpec

extension JustifiedLayout {
    /// `kind: justified`: rows of whole photos near `length` (`rowHeight`)
    /// across the canvas width, or with `direction: vertical` columns near
    /// `length` (`columnWidth`) down its height. With the side they run
    /// along given and the other left out, the other side is derived.
    struct Cells: LayoutCells {
        /// The target row height (rows) or column width (columns), canvas pixels.
        var length: Double
        /// Columns (`direction: vertical`) instead of rows.
        var inColumns: Bool

        /// - Throws: `.outOfRange` at `layout` when the derived canvas exceeds the validator's limits.
        func derived(_ spec: Spec, photoSizes: [Size]) throws(DiagnosticList) -> (canvas: Size, cells: [PixelRect])? {
            guard let along = inColumns ? spec.canvas.height : spec.canvas.width else { return nil }
            let (cells, across) = try place(spec, along: along, photoSizes: photoSizes)
            let canvas = inColumns ? Size(width: spec.canvas.width ?? across, height: along)
                                   : Size(width: along, height: spec.canvas.height ?? across)
            // The validator's canvas limits (32768 px a side, 268 MP), for the derived side.
            let side = inColumns ? canvas.width : canvas.height
            guard side < 1 || side > 32768 || canvas.width * canvas.height > 268_435_456 else { return (canvas, cells) }
            let (what, lengthKey, sideKey) = inColumns ? ("columns", "columnWidth", "width") : ("rows", "rowHeight", "height")
            throw DiagnosticList([Diagnostic(.outOfRange, at: spec.layout.location,
                "the justified \(what) need a canvas \(canvas.width) × \(canvas.height) px; the most is 32768 px a side and 268435456 px in all",
                notes: ["lower '\(lengthKey)', or give the canvas '\(sideKey)'"])])
        }

        /// Only reached with the side they run along derived from a single photo.
        func cells(_ spec: Spec, canvas: Size, photoSizes: [Size]) throws(DiagnosticList) -> [PixelRect] {
            try place(spec, along: inColumns ? canvas.height : canvas.width, photoSizes: photoSizes).cells
        }

        /// The cells along a canvas side of `along` pixels, and the other side they fill.
        private func place(_ spec: Spec, along: Int, photoSizes: [Size]) throws(DiagnosticList) -> (cells: [PixelRect], across: Int) {
            let aspects = LayoutEngine.visibleAspects(spec, photoSizes: photoSizes)
            let layout = spec.layout
            if inColumns {
                let result = try JustifiedLayout.columnCells(aspects: aspects, canvasHeight: along, gap: layout.gap,
                                                             padding: layout.padding, columnWidth: length, at: layout.location)
                return (result.cells, result.width)
            }
            let result = try JustifiedLayout.cells(aspects: aspects, canvasWidth: along, gap: layout.gap, padding: layout.padding,
                                                   rowHeight: length, at: layout.location)
            return (result.cells, result.height)
        }
    }
}
