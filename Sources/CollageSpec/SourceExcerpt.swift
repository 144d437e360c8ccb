/// The quoted source line of a diagnostic, made safe and short for a
/// terminal (README "Rules": Errors), with the blank space that puts the caret
/// under the diagnostic's column.
///
/// - Control characters (Unicode category Cc, tab excepted) are shown as
///   `\xNN` (`\u{NNNN}` above U+00FF) so binary input never reaches the
///   terminal raw; invalid UTF-8 already reads as U+FFFD (`SourceText`).
/// - A line wider than `width` terminal cells is cut to a window of about
///   `width` cells around the column, with `…` on each cut side.
/// - Tabs are kept (in the line and under it) so the caret lines up;
///   East Asian wide characters and emoji take two cells; combining marks
///   and U+200D none.
struct SourceExcerpt: Equatable {
    /// The line as printed.
    var line: String
    /// Blank space as wide as the printed text before the column.
    var caretPrefix: String

    /// Cells shown before the caret when the line is cut (about half the window).
    static let leftContext = 60

    /// `line` with the caret at the 1-based scalar `column`, at most about
    /// `width` cells wide.
    init(line: String, column: Int, width: Int = 120) {
        struct Cell { var text: String; var pad: String; var width: Int }
        let cells: [Cell] = line.unicodeScalars.map { scalar in
            if scalar == "\t" { return Cell(text: "\t", pad: "\t", width: 4) }
            if scalar.properties.generalCategory == .control {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                let text = scalar.value <= 0xFF
                    ? "\\x" + String(repeating: "0", count: 2 - hex.count) + hex : "\\u{\(hex)}"
                return Cell(text: text, pad: String(repeating: " ", count: text.count), width: text.count)
            }
            if DiagnosticFormatter.isWide(scalar) { return Cell(text: String(scalar), pad: "  ", width: 2) }
            let category = scalar.properties.generalCategory
            if category == .nonspacingMark || category == .enclosingMark || scalar == "\u{200D}" {
                return Cell(text: String(scalar), pad: "", width: 0)
            }
            return Cell(text: String(scalar), pad: " ", width: 1)
        }
        let caret = min(max(0, column - 1), cells.count)
        let total = cells.reduce(0) { $0 + $1.width }
        var start = 0, end = cells.count
        if total > width {
            // Walk left from the caret for `leftContext` cells, then right to fill the window.
            var used = 0
            start = caret
            while start > 0 && used + cells[start - 1].width <= Self.leftContext {
                start -= 1; used += cells[start].width
            }
            end = caret
            while end < cells.count && used + cells[end].width <= width {
                used += cells[end].width; end += 1
            }
            // Near the end of the line: spend the unused room on the left.
            while start > 0 && used + cells[start - 1].width <= width {
                start -= 1; used += cells[start].width
            }
        }
        let head = start > 0 ? "…" : "", tail = end < cells.count ? "…" : ""
        self.line = head + cells[start..<end].map(\.text).joined() + tail
        self.caretPrefix = (start > 0 ? " " : "") + cells[start..<caret].map(\.pad).joined()
    }
}
