/// `kind: justified`: rows of whole photos near `rowHeight` (required), or
/// with `direction: vertical` columns near `columnWidth` (required).
enum JustifiedLayoutReading: LayoutKindReading {
    static let keys = ["rowHeight", "direction", "columnWidth"]
    static func scope(ofKey key: String) -> String {
        switch key {
        case "direction": " (rows, or columns)"
        case "columnWidth": " with 'direction: vertical'"
        default: ""
        }
    }

    /// Rows derive the canvas height, columns its width.
    static func derivedSide(of kind: LayoutKind) -> String? {
        if case .justifiedColumns = kind { "width" } else { "height" }
    }

    /// A missing or bad length is reported and the kind kept (with a
    /// stand-in length; the errors stop the document), so the other checks
    /// that depend on the kind still run.
    static func read(_ keys: [String: Node.Entry], layout: inout LayoutSpec, context: LayoutReadContext,
                     with validator: inout Validator) -> LayoutKind? {
        var inColumns = false
        if let entry = keys["direction"],
           let value = validator.enumeration(entry.value, key: "direction", allowed: ["horizontal", "vertical"]) {
            inColumns = value == "vertical"
        }
        for (key, other, wanted) in [("columnWidth", "rowHeight", true), ("rowHeight", "columnWidth", false)]
        where inColumns != wanted {
            if let extra = keys[key] {
                validator.report(.invalidValue, extra.keyLocation, wanted
                                 ? "'columnWidth' applies to justified columns ('direction: vertical'); rows take '\(other)'"
                                 : "'rowHeight' applies to justified rows; columns ('direction: vertical') take '\(other)'")
            }
        }
        // Rows take 'rowHeight' (a percentage of the canvas height), columns
        // 'columnWidth' (of the canvas width).
        let (lengthKey, reference, referenceName, missing) = inColumns
            ? ("columnWidth", validator.canvasWidth, "width",
               "'kind: justified' with 'direction: vertical' needs 'columnWidth' in 'layout': the target column width in pixels")
            : ("rowHeight", validator.canvasHeight, "height",
               "'kind: justified' needs 'rowHeight' in 'layout': the target row height in pixels")
        var length = 1.0
        if let given = keys[lengthKey] {
            length = validator.resolvedLength(given.value, key: lengthKey, reference: reference,
                                              referenceName: referenceName, range: 1...Double(Validator.maxCanvasSide),
                                              rangeText: "from 1 to \(Validator.maxCanvasSide) pixels") ?? length
        } else {
            validator.report(.missingKey, context.entry?.keyLocation ?? validator.documentStart, missing)
        }
        return inColumns ? .justifiedColumns(columnWidth: length) : .justified(rowHeight: length)
    }
}
