/// `layout` (docs/format.md "Layout rules"): `kind` auto | grid | free |
/// justified, `gap`, `padding`, for grid `columns` (required), `rows`,
/// `columnWidths` and `rowHeights`, for justified `rowHeight` (required), or
/// with `direction: vertical` (columns) `columnWidth` (required). The
/// shared keys are read here; each kind's own keys, photo keys and checks by
/// its `LayoutKindReading` (`Layouts/KIND/`).
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
        if let focus = keys["focus"], let setting = focusSetting(focus.value) {
            layout.focus = setting
            layout.focusLocation = focus.value.location
        }
        // A key of other kinds: "applies only to …" from the kinds' key lists.
        let reading = kind.reading
        let foreign = keys.filter { !Vocabulary.layoutCommon.contains($0.key) && !reading.keys.contains($0.key) }
        for (key, keyEntry) in foreign.sorted(by: { ($0.value.keyLocation.line, $0.value.keyLocation.column)
                                                    < ($1.value.keyLocation.line, $1.value.keyLocation.column) }) {
            let owners = LayoutKindName.allCases.filter { $0.reading.keys.contains(key) }
            let scopes = owners.map { "'kind: \($0.rawValue)'\($0.reading.scope(ofKey: key))" }.joined(separator: " or ")
            report(.invalidValue, keyEntry.keyLocation, "'\(key)' applies only to \(scopes)",
                   notes: reading.notes(forKeyOfOtherKinds: key))
        }
        let context = LayoutReadContext(entry: entry, photoCount: photoCount, photosEntry: photosEntry)
        guard let value = reading.read(keys, layout: &layout, context: context, with: &self) else { return nil }
        layout.kind = value
        return layout
    }

    /// Relative weights, one per column (row), each a number > 0. `count`
    /// nil (rows omitted): any length, which then sets the row count.
    mutating func readWeights(_ node: Node, key: String, count: Int?, what: String) -> [Double]? {
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

    /// Photo keys that belong to one layout kind (`LayoutKindReading.photoKeys`:
    /// `cell` only in a grid; `frame`/`anchor`… only in a free layout), each
    /// reported once per place (photos from one glob share it), then the
    /// kind's own check of the photos (a free photo needs a placement).
    mutating func checkPhotoKeys(_ photos: [PhotoSpec], against layout: LayoutSpec) {
        let kind = layout.kind.name
        var reported = Set<SourceLocation>()
        for photo in photos {
            for owner in LayoutKindName.allCases where owner != kind {
                guard let at = owner.reading.photoKeysLocation(photo), reported.insert(at).inserted else { continue }
                let names = owner.reading.photoKeys.map { "'\($0)'" }
                let what = names.count == 1 ? "\(names[0]) applies"
                    : "\(names.dropLast().joined(separator: ", ")) and \(names.last!) of a photo apply"
                report(.invalidValue, at, "\(what) only to 'kind: \(owner.rawValue)'")
            }
        }
        kind.reading.check(photos, layout: layout, with: &self)
    }
}
