import CollageRaster
import CollageSpec

extension JustifiedLayout {
    /// `kind: justified`: rows of whole photos near `rowHeight`; with the
    /// canvas width given and its height left out, the height is derived.
    struct RowCells: LayoutCells {
        var rowHeight: Double

        /// - Throws: `.outOfRange` at `layout` when the derived canvas exceeds the validator's limits.
        func derived(_ spec: Spec, photoSizes: [Size]) throws(DiagnosticList) -> (canvas: Size, cells: [PixelRect])? {
            guard let width = spec.canvas.width else { return nil }
            let result = try JustifiedLayout.cells(aspects: LayoutEngine.visibleAspects(spec, photoSizes: photoSizes),
                                                   canvasWidth: width, gap: spec.layout.gap, padding: spec.layout.padding,
                                                   rowHeight: rowHeight, at: spec.layout.location)
            let canvas = Size(width: width, height: spec.canvas.height ?? result.height)
            try JustifiedLayout.checkDerived(canvas, side: canvas.height, what: "rows", lengthKey: "rowHeight",
                                             sideKey: "height", at: spec.layout.location)
            return (canvas, result.cells)
        }

        /// Only reached with the canvas width derived from a single photo.
        func cells(_ spec: Spec, canvas: Size, photoSizes: [Size]) throws(DiagnosticList) -> [PixelRect] {
            try JustifiedLayout.cells(aspects: LayoutEngine.visibleAspects(spec, photoSizes: photoSizes), canvasWidth: canvas.width,
                                      gap: spec.layout.gap, padding: spec.layout.padding, rowHeight: rowHeight,
                                      at: spec.layout.location).cells
        }
    }

    /// `kind: justified` with `direction: vertical`: columns of whole photos
    /// near `columnWidth`; with the canvas height given and its width left
    /// out, the width is derived.
    struct ColumnCells: LayoutCells {
        var columnWidth: Double

        /// - Throws: `.outOfRange` at `layout` when the derived canvas exceeds the validator's limits.
        func derived(_ spec: Spec, photoSizes: [Size]) throws(DiagnosticList) -> (canvas: Size, cells: [PixelRect])? {
            guard let height = spec.canvas.height else { return nil }
            let result = try JustifiedLayout.columnCells(aspects: LayoutEngine.visibleAspects(spec, photoSizes: photoSizes),
                                                         canvasHeight: height, gap: spec.layout.gap, padding: spec.layout.padding,
                                                         columnWidth: columnWidth, at: spec.layout.location)
            let canvas = Size(width: spec.canvas.width ?? result.width, height: height)
            try JustifiedLayout.checkDerived(canvas, side: canvas.width, what: "columns", lengthKey: "columnWidth",
                                             sideKey: "width", at: spec.layout.location)
            return (canvas, result.cells)
        }

        /// Only reached with the canvas height derived from a single photo.
        func cells(_ spec: Spec, canvas: Size, photoSizes: [Size]) throws(DiagnosticList) -> [PixelRect] {
            try JustifiedLayout.columnCells(aspects: LayoutEngine.visibleAspects(spec, photoSizes: photoSizes),
                                            canvasHeight: canvas.height, gap: spec.layout.gap, padding: spec.layout.padding,
                                            columnWidth: columnWidth, at: spec.layout.location).cells
        }
    }

    /// The validator's canvas limits (32768 px a side, 268 MP) for a derived side `side`.
    /// - Throws: `.outOfRange` at `location` (the `layout` key), suggesting a lower `lengthKey` or the canvas `sideKey`.
    static func checkDerived(_ canvas: Size, side: Int, what: String, lengthKey: String, sideKey: String,
                             at location: SourceLocation) throws(DiagnosticList) {
        guard side < 1 || side > 32768 || canvas.width * canvas.height > 268_435_456 else { return }
        throw DiagnosticList([Diagnostic(.outOfRange, at: location,
            "the justified \(what) need a canvas \(canvas.width) × \(canvas.height) px; the most is 32768 px a side and 268435456 px in all",
            notes: ["lower '\(lengthKey)', or give the canvas '\(sideKey)'"])])
    }
}
