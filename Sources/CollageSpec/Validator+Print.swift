/// `print` (issue 38, docs/print.md).
extension Validator {
    /// `print: {bleed, safe, marks}`: `bleed` and `safe` lengths (pixels or a
    /// physical unit, rounded to whole pixels), `marks` `[crop]` or `[]`.
    /// Needs `canvas.dpi`; the output (trim, bleed and slug) must stay within
    /// the canvas limits, an error at `print`.
    mutating func readPrint(_ entry: Node.Entry?, canvas: CanvasSpec) -> PrintSpec? {
        guard let entry, let keys = keys(of: entry.value, in: Vocabulary.print, key: "print") else { return nil }
        // The values first (each reports at itself), then the dpi they all need.
        var spec = PrintSpec(dpi: canvas.dpi ?? 1, location: entry.keyLocation)
        for key in ["bleed", "safe"] {
            guard let node = keys[key]?.value,
                  let value = number(node, key: key, range: 0...Double(Self.maxCanvasSide),
                                     rangeText: "from 0 to \(Self.maxCanvasSide) pixels", isLength: true) else { continue }
            if key == "bleed" { spec.bleed = Self.wholePixels(value); spec.bleedLocation = node.location }
            else { spec.safe = Self.wholePixels(value); spec.safeLocation = node.location }
        }
        if let marks = keys["marks"] {
            if case .sequence(let items) = marks.value.content {
                spec.marks = items.compactMap {
                    enumeration($0, key: "marks", allowed: PrintSpec.Mark.allCases.map(\.rawValue)).flatMap(PrintSpec.Mark.init)
                }
            } else {
                report(.wrongType, marks.value.location, "expected a list for 'marks' ([crop] or []), found \(describe(marks.value))")
            }
        }
        guard canvas.dpi != nil else {
            report(.missingKey, entry.keyLocation, "'print' needs the canvas 'dpi': bleed, marks and preflight are physical",
                   notes: ["add 'dpi' to 'canvas' (e.g. canvas: {dpi: 300})"])
            return nil
        }
        if let w = canvas.width, let h = canvas.height {
            let output = spec.outputSize(width: w, height: h)
            if output.width > Self.maxCanvasSide || output.height > Self.maxCanvasSide
                || output.width * output.height > Self.maxCanvasArea {
                report(.outOfRange, entry.keyLocation,
                       "the printed output (trim \(w) × \(h) plus bleed \(spec.bleed) and slug \(spec.slug) px on each side) is \(output.width) × \(output.height) pixels; the most is \(Self.maxCanvasSide) a side and \(Self.maxCanvasArea) in area (16384 × 16384)")
                return nil
            }
        }
        return spec
    }
}
