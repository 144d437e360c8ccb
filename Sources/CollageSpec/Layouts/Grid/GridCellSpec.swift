/// A photo's explicit place in a `grid` layout: `cell: {column, row,
/// columnSpan, rowSpan}`, 1-based, spans default 1. A spanned cell covers
/// the gaps it crosses (docs/format.md "Layout rules").
public struct GridCellSpec: Sendable, Hashable {
    /// First column, 1-based.
    public var column: Int
    /// First row, 1-based.
    public var row: Int
    /// Columns covered, >= 1.
    public var columnSpan: Int
    /// Rows covered, >= 1.
    public var rowSpan: Int
    /// Location of the `cell` value, where layout errors about it point.
    public var location: SourceLocation
    public init(column: Int, row: Int, columnSpan: Int = 1, rowSpan: Int = 1, location: SourceLocation) {
        self.column = column; self.row = row; self.columnSpan = columnSpan; self.rowSpan = rowSpan
        self.location = location
    }
}
