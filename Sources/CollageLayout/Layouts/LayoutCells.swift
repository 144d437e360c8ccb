import CollageRaster
import CollageSpec

/// The cells stage of one layout kind: `LayoutKind.cells` wraps each case's
/// values in its kind's type (in `Layouts/KIND/`), and `LayoutEngine`
/// delegates to it in one line. (The cases keep their plain values, which
/// the validator and the tests build: `.grid(columns: 3, rows: nil)`.)
protocol LayoutCells {
    /// The canvas and the cells when this kind derives a canvas side the
    /// document left out (justified rows: the height); nil when it derives
    /// none, and the canvas is the given one or the single photo's.
    /// - Throws: `.outOfRange` at `layout` when the derived canvas is too large.
    func derived(_ spec: Spec, photoSizes: [Size]) throws(DiagnosticList) -> (canvas: Size, cells: [PixelRect])?
    /// The cells in photo order, canvas pixels (origin top-left, y down),
    /// snapped to whole pixels (docs/format.md "Layout rules").
    /// - Throws: `.outOfRange` when padding and gaps leave no room, or the photos do not fit.
    func cells(_ spec: Spec, canvas: Size, photoSizes: [Size]) throws(DiagnosticList) -> [PixelRect]
}

extension LayoutCells {
    func derived(_ spec: Spec, photoSizes: [Size]) throws(DiagnosticList) -> (canvas: Size, cells: [PixelRect])? { nil }
}

extension LayoutKind {
    /// The kind's cells stage: one delegating line per case.
    var cells: any LayoutCells {
        switch self {
        case .auto: AutoLayout.Cells()
        case .grid(let columns, let rows): GridLayout.Cells(columns: columns, rows: rows)
        case .free: FreeLayout.Cells()
        case .justified(let rowHeight): JustifiedLayout.Cells(length: rowHeight, inColumns: false)
        case .justifiedColumns(let columnWidth): JustifiedLayout.Cells(length: columnWidth, inColumns: true)
        }
    }
}
