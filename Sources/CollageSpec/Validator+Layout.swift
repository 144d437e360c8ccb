/// `layout` (docs/format.md "Layout rules"): `kind` auto | grid | free |
/// justified, `gap`, `padding`, for grid `columns` (required), `rows`,
/// `columnWidths` and `rowHeights`, for justified `rowHeight` (required), or
/// with `direction: vertical` (columns) `columnWidth` (required).
extension Validator {
    /// Largest `gap`/`padding` in pixels (the largest canvas side).
    static var maxSpacing: Int { maxCanvasSide }
    /// Most columns or rows of a grid.
    static let maxGridTracks = 1024

    mutating func readLayout(_ entry: Node.Entry?, photoCount: Int?, photosEntry: Node.Entry?) -> LayoutSpec? {
        var layout = LayoutSpec(location: entry?.keyLocation ?? documentStart)
        var keys: [String: Node.Entry] = [:]
        if let entry {
            guard let found = self.keys(of: entry.value, in: Vocabulary.layout, key: "layout") else { return nil }
            keys = found
        }
        var kind = LayoutKindName.auto
        if let kindEntry = keys["kind"] {
            guard let name = enumeration(kindEntry.value, key: "kind", allowed: Vocabulary.layoutKinds,
                                         unsupported: Vocabulary.unsupportedLayoutKinds),
                  let known = LayoutKindName(rawValue: name) else { return nil }
            kind = known
        }
        if let gap = keys["gap"], let value = spacing(gap.value, key: "gap") {
            layout.gap = value
            layout.gapLocation = gap.value.location
        }
        if let padding = keys["padding"], let value = spacing(padding.value, key: "padding") {
            layout.padding = value
            layout.paddingLocation = padding.value.location
        }
        let gridOnly = ["columns", "rows", "columnWidths", "rowHeights"]
        if kind != .grid {
            for key in gridOnly.dropFirst(2) where keys[key] != nil {
                report(.invalidValue, keys[key]!.keyLocation, "'\(key)' applies only to 'kind: grid'")
            }
        }
        if kind != .justified, let extra = keys["rowHeight"] {
            report(.invalidValue, extra.keyLocation, "'rowHeight' applies only to 'kind: justified'")
        }
        var inColumns = false
        if let entry = keys["direction"],
           let value = enumeration(entry.value, key: "direction", allowed: ["horizontal", "vertical"]) {
            if kind != .justified {
                report(.invalidValue, entry.keyLocation, "'direction' applies only to 'kind: justified' (rows, or columns)")
            }
            inColumns = value == "vertical"
        }
        for (key, other, wanted) in [("columnWidth", "rowHeight", true), ("rowHeight", "columnWidth", false)]
        where kind == .justified && inColumns != wanted {
            if let extra = keys[key] {
                report(.invalidValue, extra.keyLocation, wanted
                       ? "'columnWidth' applies to justified columns ('direction: vertical'); rows take '\(other)'"
                       : "'rowHeight' applies to justified rows; columns ('direction: vertical') take '\(other)'")
            }
        }
        if kind != .justified, let extra = keys["columnWidth"] {
            report(.invalidValue, extra.keyLocation, "'columnWidth' applies only to 'kind: justified' with 'direction: vertical'")
        }
        let tracks = 1...Self.maxGridTracks
        switch kind {
        case .grid:
            guard let columnsEntry = keys["columns"] else {
                report(.missingKey, entry?.keyLocation ?? documentStart, "'kind: grid' needs 'columns' in 'layout'")
                return nil
            }
            guard let columns = int(columnsEntry.value, key: "columns", range: tracks) else { return nil }
            // Errors in 'rows' are reported and the grid kept without it, so
            // the photos' cells are still checked in this run.
            var rows: Int?
            if let rowsEntry = keys["rows"], let value = int(rowsEntry.value, key: "rows", range: tracks) {
                if let count = photoCount, count > columns * value {
                    let needed = (count + columns - 1) / columns
                    report(.outOfRange, rowsEntry.value.location,
                           "a grid of \(columns) × \(value) cells cannot hold \(count) photos",
                           notes: ["raise 'rows' to \(needed), or leave 'rows' out to fit every photo"])
                } else {
                    rows = value
                }
            }
            layout.kind = .grid(columns: columns, rows: rows)
            layout.rowsLocation = keys["rows"]?.value.location
            if let entry = keys["columnWidths"] {
                // A bad list is reported; the layout stays usable for the photo checks.
                layout.columnWidths = readWeights(entry.value, key: "columnWidths", count: columns, what: "columns")
            }
            if let entry = keys["rowHeights"] {
                layout.rowHeights = readWeights(entry.value, key: "rowHeights", count: rows, what: "rows")
            }
        case .free, .justified:
            for key in ["columns", "rows"] {
                if let extra = keys[key] {
                    report(.invalidValue, extra.keyLocation, "'\(key)' applies only to 'kind: grid'")
                }
            }
            if kind == .free {
                layout.kind = .free
            } else {
                // Rows take 'rowHeight' (a percentage of the canvas height),
                // columns 'columnWidth' (of the canvas width). A missing or bad
                // one is reported and the kind kept (with a stand-in length; the
                // errors stop the document) so the other checks that depend on
                // the kind still run.
                let (lengthKey, reference, referenceName, missing) = inColumns
                    ? ("columnWidth", canvasWidth, "width",
                       "'kind: justified' with 'direction: vertical' needs 'columnWidth' in 'layout': the target column width in pixels")
                    : ("rowHeight", canvasHeight, "height",
                       "'kind: justified' needs 'rowHeight' in 'layout': the target row height in pixels")
                var length = 1.0
                if let given = keys[lengthKey] {
                    length = resolvedLength(given.value, key: lengthKey, reference: reference,
                                            referenceName: referenceName, range: 1...Double(Self.maxCanvasSide),
                                            rangeText: "from 1 to \(Self.maxCanvasSide) pixels") ?? length
                } else {
                    report(.missingKey, entry?.keyLocation ?? documentStart, missing)
                }
                layout.kind = inColumns ? .justifiedColumns(columnWidth: length) : .justified(rowHeight: length)
            }
        case .auto:
            for key in ["columns", "rows"] {
                if let extra = keys[key] {
                    report(.invalidValue, extra.keyLocation, "'\(key)' applies only to 'kind: grid'",
                           notes: ["the auto layout chooses its own columns"])
                }
            }
            if let count = photoCount, count > Self.maxAutoPhotos {
                let at = keys["kind"]?.value.location ?? photosEntry?.keyLocation ?? documentStart
                report(.outOfRange, at,
                       "the 'auto' layout takes 1 to \(Self.maxAutoPhotos) photos; this document has \(count)",
                       notes: ["use 'layout: {kind: grid, columns: N}' for more photos"])
            }
            layout.kind = .auto
        }
        return layout
    }

    /// Relative weights, one per column (row), each a number > 0. `count`
    /// nil (rows omitted): any length, which then sets the row count.
    private mutating func readWeights(_ node: Node, key: String, count: Int?, what: String) -> [Double]? {
        guard case .sequence(let items) = node.content else {
            report(.wrongType, node.location, "expected a list of relative weights for '\(key)', found \(describe(node))")
            return nil
        }
        let weights = items.compactMap {
            number($0, key: key, range: Double.leastNonzeroMagnitude...1e9, rangeText: "a weight above 0")
        }
        guard weights.count == items.count else { return nil }
        if let count, weights.count != count {
            report(.invalidValue, node.location,
                   "'\(key)' lists \(weights.count) weights for \(count) \(what); give one weight per \(what.dropLast())")
            return nil
        }
        guard !weights.isEmpty else {
            report(.invalidValue, node.location, "'\(key)' lists no weights")
            return nil
        }
        return weights
    }

    /// A grid's cells and spacing, checked with the document's other errors
    /// (so a grid with several mistakes shows them all in one run): every
    /// `cell` inside the grid and on no other (`GridSlots`), and padding and
    /// gaps that leave each track at least 1 px of the canvas sides given.
    mutating func checkGrid(_ photos: [PhotoSpec], layout: LayoutSpec) {
        guard case .grid(let columns, let rows) = layout.kind else { return }
        // Without a placement (its errors reported) the rows are known only when given.
        var rowCount = rows ?? layout.rowHeights?.count
        do {
            rowCount = try GridSlots.place(photos, layout: layout, columns: columns, rows: rows).rows
        } catch {
            diagnostics += error.diagnostics
        }
        for (side, length, parts) in [("width", canvasWidth, columns), ("height", canvasHeight, rowCount)] {
            if let length, let parts, let problem = layout.spacingProblem(length: length, parts: parts, side: side) {
                diagnostics.append(problem)
            }
        }
    }

    /// Photo keys that belong to one layout kind: `cell` only in a grid;
    /// `frame`/`anchor`… only in (and required by) a free layout.
    mutating func checkPhotoKeys(_ photos: [PhotoSpec], against layout: LayoutSpec) {
        var reportedMissing = Set<SourceLocation>()
        for photo in photos {
            switch layout.kind {
            case .grid: break
            default:
                if let cell = photo.cell {
                    report(.invalidValue, cell.location, "'cell' applies only to 'kind: grid'")
                }
            }
            if case .free = layout.kind {
                // A photo whose `frame` or `anchor` had errors was reported there.
                if photo.placement == nil, photo.placementLocation == nil, reportedMissing.insert(photo.location).inserted {
                    report(.missingKey, photo.location,
                           "a photo in a free layout needs 'frame: {x, y, width, height}', or 'anchor' with 'width' or 'height'")
                }
            } else if photo.placement != nil, let at = photo.placementLocation, reportedMissing.insert(at).inserted {
                report(.invalidValue, at, "'frame', 'anchor', 'offset', 'width' and 'height' of a photo apply only to 'kind: free'")
            }
        }
    }
}
