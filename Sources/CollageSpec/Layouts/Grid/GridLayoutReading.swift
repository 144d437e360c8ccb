/// `kind: grid`: `columns` (required), `rows`, `columnWidths` and
/// `rowHeights` (relative weights); photos may name their `cell`.
enum GridLayoutReading: LayoutKindReading {
    static let keys = ["columns", "rows", "columnWidths", "rowHeights"]
    static let photoKeys = ["cell"]
    static func photoKeysLocation(_ photo: PhotoSpec) -> SourceLocation? { photo.cell?.location }

    static func read(_ keys: [String: Node.Entry], layout: inout LayoutSpec, context: LayoutReadContext,
                     with validator: inout Validator) -> LayoutKind? {
        let tracks = 1...Validator.maxGridTracks
        guard let columnsEntry = keys["columns"] else {
            validator.report(.missingKey, context.entry?.keyLocation ?? validator.documentStart,
                             "'kind: grid' needs 'columns' in 'layout'")
            return nil
        }
        guard let columns = validator.int(columnsEntry.value, key: "columns", range: tracks) else { return nil }
        // Errors in 'rows' are reported and the grid kept without it, so
        // the photos' cells are still checked in this run.
        var rows: Int?
        if let rowsEntry = keys["rows"], let value = validator.int(rowsEntry.value, key: "rows", range: tracks) {
            if let count = context.photoCount, count > columns * value {
                let needed = (count + columns - 1) / columns
                validator.report(.outOfRange, rowsEntry.value.location,
                                 "a grid of \(columns) × \(value) cells cannot hold \(count) photos",
                                 notes: ["raise 'rows' to \(needed), or leave 'rows' out to fit every photo"])
            } else {
                rows = value
            }
        }
        layout.rowsLocation = keys["rows"]?.value.location
        if let entry = keys["columnWidths"] {
            // A bad list is reported; the layout stays usable for the photo checks.
            layout.columnWidths = validator.readWeights(entry.value, key: "columnWidths", count: columns, what: "columns")
        }
        if let entry = keys["rowHeights"] {
            layout.rowHeights = validator.readWeights(entry.value, key: "rowHeights", count: rows, what: "rows")
        }
        return .grid(columns: columns, rows: rows)
    }
}
