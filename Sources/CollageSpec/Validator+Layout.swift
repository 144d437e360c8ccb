/// `layout` (DESIGN.md "Layout rules"): `kind` auto | grid (free and
/// justified known, not built yet), `gap`, `padding`, and for grid
/// `columns` (required) and `rows` (optional).
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
        var kind = "auto"
        if let kindEntry = keys["kind"] {
            guard let name = enumeration(kindEntry.value, key: "kind", allowed: Vocabulary.layoutKinds,
                                         unsupported: Vocabulary.unsupportedLayoutKinds) else { return nil }
            kind = name
        }
        if let gap = keys["gap"], let value = int(gap.value, key: "gap", range: 0...Self.maxSpacing, isLength: true) {
            layout.gap = value
        }
        if let padding = keys["padding"],
           let value = int(padding.value, key: "padding", range: 0...Self.maxSpacing, isLength: true) {
            layout.padding = value
        }
        let tracks = 1...Self.maxGridTracks
        switch kind {
        case "grid":
            guard let columnsEntry = keys["columns"] else {
                report(.missingKey, entry?.keyLocation ?? documentStart, "'kind: grid' needs 'columns' in 'layout'")
                return nil
            }
            guard let columns = int(columnsEntry.value, key: "columns", range: tracks) else { return nil }
            var rows: Int?
            if let rowsEntry = keys["rows"] {
                guard let value = int(rowsEntry.value, key: "rows", range: tracks) else { return nil }
                rows = value
                if let count = photoCount, count > columns * value {
                    let needed = (count + columns - 1) / columns
                    report(.outOfRange, rowsEntry.value.location,
                           "a grid of \(columns) × \(value) cells cannot hold \(count) photos",
                           notes: ["raise 'rows' to \(needed), or leave 'rows' out to fit every photo"])
                    return nil
                }
            }
            layout.kind = .grid(columns: columns, rows: rows)
        default:
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
                return nil
            }
            layout.kind = .auto
        }
        return layout
    }
}
