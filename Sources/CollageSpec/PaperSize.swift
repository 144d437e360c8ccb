/// `canvas.size` (issue 38, docs/print.md "Sizes"): a named paper or print
/// size, or any `WxH` with a unit (`"13x18cm"`, `"210x297mm"`), turned into
/// canvas pixels at `canvas.dpi` with `canvas.orientation`.
public struct PaperSize: Sendable, Hashable {
    /// The sides as written (portrait or landscape as the name has them).
    public var width: Double
    public var height: Double
    public var unit: PhysicalLength.Unit

    public init(width: Double, height: Double, unit: PhysicalLength.Unit) {
        self.width = width; self.height = height; self.unit = unit
    }

    /// The named sizes, in the order docs/print.md lists them.
    public static let named: [(name: String, size: PaperSize)] = [
        ("A3", PaperSize(width: 297, height: 420, unit: .mm)),
        ("A4", PaperSize(width: 210, height: 297, unit: .mm)),
        ("A5", PaperSize(width: 148, height: 210, unit: .mm)),
        ("A6", PaperSize(width: 105, height: 148, unit: .mm)),
        ("letter", PaperSize(width: 8.5, height: 11, unit: .in)),
        ("legal", PaperSize(width: 8.5, height: 14, unit: .in)),
        ("4x6in", PaperSize(width: 4, height: 6, unit: .in)),
        ("5x7in", PaperSize(width: 5, height: 7, unit: .in)),
        ("2x6in", PaperSize(width: 2, height: 6, unit: .in)),
        ("10x15cm", PaperSize(width: 10, height: 15, unit: .cm)),
        ("business-card", PaperSize(width: 85, height: 55, unit: .mm)),
    ]

    /// A named size (exact spelling), or `WxH` followed by a unit
    /// (`"13x18cm"`, `"3.5x2in"`); nil otherwise.
    public static func parse(_ text: String) -> PaperSize? {
        if let named = named.first(where: { $0.name == text }) { return named.size }
        guard let unit = PhysicalLength.Unit.allCases.first(where: { text.hasSuffix($0.rawValue) }) else { return nil }
        let sides = text.dropLast(unit.rawValue.count).split(separator: "x", omittingEmptySubsequences: false)
        guard sides.count == 2, let w = Validator.decimalNumber(String(sides[0])),
              let h = Validator.decimalNumber(String(sides[1])), w > 0, h > 0 else { return nil }
        return PaperSize(width: w, height: h, unit: unit)
    }

    /// The canvas in whole pixels at `dpi` (each side rounded half away from
    /// zero): `portrait` puts the shorter side across, `landscape` the longer.
    public func pixels(dpi: Int, landscape: Bool) -> (width: Int, height: Int) {
        let a = Validator.wholePixels(PhysicalLength(width, unit).pixels(dpi: dpi))
        let b = Validator.wholePixels(PhysicalLength(height, unit).pixels(dpi: dpi))
        return landscape ? (max(a, b), min(a, b)) : (min(a, b), max(a, b))
    }
}
