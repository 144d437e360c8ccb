/// Where the photos of a `grid` go (docs/format.md "Layout rules"): photos with a
/// `cell` placed first, the others flowing row by row (left to right, top to
/// bottom) into the free cells. The validator runs it to report every
/// misplaced `cell` with the document's other errors; `GridLayout` to lay
/// the grid out.
public enum GridSlots {
    /// Where a photo sits, as track indices (0-based) and spans.
    public struct Slot: Hashable, Sendable {
        public var column: Int, row: Int, columnSpan: Int, rowSpan: Int
    }

    /// The slots of `photos` and the number of rows the grid has.
    ///
    /// Rows: `rows` when given, else the `rowHeights` count when given,
    /// else as many as the photos need.
    /// - Throws: `.outOfRange` at a `cell` that leaves the grid, `.invalidValue`
    ///   at a `cell` overlapping an earlier one, `.outOfRange` at `rows` (or
    ///   `layout`) when the photos outnumber the free cells.
    public static func place(_ photos: [PhotoSpec], layout: LayoutSpec, columns: Int, rows: Int?) throws(DiagnosticList) -> (slots: [Slot], rows: Int) {
        let fixedRows = rows ?? layout.rowHeights?.count
        var occupied = Set<Int>()   // row * columns + column
        var owner: [Int: Int] = [:]
        var slots = [Slot?](repeating: nil, count: photos.count)
        var errors: [Diagnostic] = []
        var lastRow = 0
        for (index, photo) in photos.enumerated() {
            guard let cell = photo.cell else { continue }
            let slot = Slot(column: cell.column - 1, row: cell.row - 1, columnSpan: cell.columnSpan, rowSpan: cell.rowSpan)
            if slot.column + slot.columnSpan > columns {
                errors.append(Diagnostic(.outOfRange, at: cell.location,
                    "this cell covers columns \(cell.column) to \(cell.column + cell.columnSpan - 1), but the grid has \(columns)"))
                continue
            }
            if let fixedRows, slot.row + slot.rowSpan > fixedRows {
                errors.append(Diagnostic(.outOfRange, at: cell.location,
                    "this cell covers rows \(cell.row) to \(cell.row + cell.rowSpan - 1), but the grid has \(fixedRows)"))
                continue
            }
            let keys = (slot.row ..< slot.row + slot.rowSpan).flatMap { r in
                (slot.column ..< slot.column + slot.columnSpan).map { r * columns + $0 }
            }
            if let clash = keys.first(where: occupied.contains), let other = owner[clash] {
                errors.append(Diagnostic(.invalidValue, at: cell.location,
                    "this cell overlaps the cell of the photo on line \(photos[other].location.line) "
                    + "(at column \(clash % columns + 1), row \(clash / columns + 1))"))
                continue
            }
            for key in keys { occupied.insert(key); owner[key] = index }
            slots[index] = slot
            lastRow = max(lastRow, slot.row + slot.rowSpan)
        }
        if !errors.isEmpty { throw DiagnosticList(errors) }
        let placedCells = occupied.count
        var cursor = 0
        let flowing = photos.indices.filter { photos[$0].cell == nil }
        for index in flowing {
            while occupied.contains(cursor) { cursor += 1 }
            if let fixedRows, cursor >= fixedRows * columns {
                throw DiagnosticList([Diagnostic(.outOfRange, at: layout.rowsLocation ?? layout.location,
                    "a grid of \(columns) × \(fixedRows) cells has \(fixedRows * columns - placedCells) cells left "
                    + "after the placed ones, for \(flowing.count) photos without 'cell'",
                    notes: ["raise 'rows', or leave 'rows' out to get as many as the photos need"])])
            }
            occupied.insert(cursor)
            slots[index] = Slot(column: cursor % columns, row: cursor / columns, columnSpan: 1, rowSpan: 1)
            lastRow = max(lastRow, cursor / columns + 1)
            cursor += 1
        }
        return (slots.map { $0! }, fixedRows ?? max(lastRow, 1))
    }

}
