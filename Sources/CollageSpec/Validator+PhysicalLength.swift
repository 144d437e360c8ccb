import CollageNumerics

/// Physical lengths (issue 38, docs/print.md "Units"): wherever the
/// validator reads a length it also takes `mm`, `cm`, `in` and `pt`, turned
/// into pixels at `canvas.dpi` here, so the layout sees pixels only.
extension Validator {
    /// The result of reading a scalar as a physical length.
    enum PhysicalReading {
        /// Not written with a unit: read it as pixels or `%`.
        case none
        /// Written with a unit: its pixels at `canvas.dpi`.
        case pixels(Double)
        /// Written with a unit, but reported (no `canvas.dpi`).
        case failed
    }

    /// `s` as a physical length in pixels at `canvas.dpi`; a unit without
    /// `canvas.dpi` is an error at the value that says what to add.
    mutating func physicalPixels(_ s: Scalar, key: String) -> PhysicalReading {
        guard let length = PhysicalLength.parse(s.text) else { return .none }
        guard let dpi else {
            report(.invalidValue, s.location,
                   "'\(key)' is \(s.text), a physical length, but the canvas has no 'dpi' to turn it into pixels",
                   notes: ["add 'dpi' to 'canvas' (e.g. canvas: {dpi: 300}), or write '\(key)' in pixels"])
            return .failed
        }
        return .pixels(length.pixels(dpi: dpi))
    }

    /// A whole number of pixels from a physical length: rounded half away
    /// from zero, as the layout snaps edges (docs/print.md "Units").
    static func wholePixels(_ pixels: Double) -> Int { Int(checked: pixels, .toNearestOrAwayFromZero) }
}

/// `canvas.size` and `canvas.orientation` (`PaperSize`).
extension Validator {
    /// Sets the canvas sides from `size` at `canvas.dpi` in `orientation`
    /// (default portrait). `size` with `width` or `height` is an error at
    /// `size`; `orientation` without `size` is an error at `orientation`.
    mutating func readPaperSize(_ keys: [String: Node.Entry], into canvas: inout CanvasSpec) {
        var landscape = false
        if let orientation = keys["orientation"] {
            if keys["size"] == nil {
                report(.invalidValue, orientation.keyLocation, "'orientation' turns a canvas 'size'; this canvas has none",
                       notes: ["give 'size' (e.g. size: A4), or swap 'width' and 'height'"])
            }
            landscape = enumeration(orientation.value, key: "orientation", allowed: ["portrait", "landscape"]) == "landscape"
        }
        guard let entry = keys["size"], let text = string(entry.value, key: "size") else { return }
        if let side = ["width", "height"].first(where: { keys[$0] != nil }) {
            report(.invalidValue, entry.keyLocation, "'size' and '\(side)' both set the canvas; give one of them")
            return
        }
        guard let paper = PaperSize.parse(text) else {
            let names = PaperSize.named.map(\.name)
            let suggestion = Suggestions.closest(to: text, in: names).map { "; did you mean '\($0)'?" } ?? ""
            report(.invalidValue, entry.value.location, "'\(text)' is not a canvas 'size'\(suggestion)",
                   notes: ["a size is one of " + names.joined(separator: ", ") + ", or WxH with a unit (mm, cm, in, pt) such as \"13x18cm\""])
            return
        }
        guard let dpi else {
            guard keys["dpi"] == nil else { return }   // an invalid 'dpi' was reported at it
            report(.invalidValue, entry.value.location, "'size' \(text) is physical, but the canvas has no 'dpi' to turn it into pixels",
                   notes: ["add 'dpi' to 'canvas' (e.g. canvas: {dpi: 300})"])
            return
        }
        let (width, height) = paper.pixels(dpi: dpi, landscape: landscape)
        guard (1...Self.maxCanvasSide).contains(width), (1...Self.maxCanvasSide).contains(height),
              width * height <= Self.maxCanvasArea else {
            report(.outOfRange, entry.value.location,
                   "'size' \(text) at \(dpi) dpi is \(width) × \(height) pixels; the most is \(Self.maxCanvasSide) a side and \(Self.maxCanvasArea) in area (16384 × 16384)")
            return
        }
        canvas.width = width
        canvas.height = height
    }
}
