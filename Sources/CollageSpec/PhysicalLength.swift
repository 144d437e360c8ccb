/// A length written in a physical unit (`"4in"`, `"3mm"`, `"8.5pt"`), turned
/// into canvas pixels at `canvas.dpi` by the validator (docs/print.md
/// "Units"), so the layout only ever sees pixels.
public struct PhysicalLength: Sendable, Hashable {
    /// The units a length may be written in besides pixels and `%`.
    public enum Unit: String, Sendable, Hashable, CaseIterable {
        case mm, cm, `in`, pt

        /// Inches per unit: 25.4 mm, 2.54 cm and 72 pt to the inch.
        public var inches: Double {
            switch self {
            case .mm: 1 / 25.4
            case .cm: 1 / 2.54
            case .in: 1
            case .pt: 1 / 72
            }
        }
    }

    /// The number as written (4 for "4in").
    public var value: Double
    public var unit: Unit
    public init(_ value: Double, _ unit: Unit) { self.value = value; self.unit = unit }

    /// The length in inches.
    public var inches: Double { value * unit.inches }

    /// The length in canvas pixels at `dpi` (fractional; callers that need
    /// whole pixels round half away from zero, as the layout snaps edges).
    public func pixels(dpi: Int) -> Double { inches * Double(dpi) }

    /// `"4in"`, `"3 mm"`, `"-2.5pt"`: a decimal number and a unit (a space
    /// between them allowed); nil for anything else, pixels and `%` included.
    public static func parse(_ text: String) -> PhysicalLength? {
        for unit in Unit.allCases where text.hasSuffix(unit.rawValue) {
            var number = String(text.dropLast(unit.rawValue.count))
            if number.hasSuffix(" ") { number.removeLast() }
            guard let value = Validator.decimalNumber(number) else { return nil }
            return PhysicalLength(value, unit)
        }
        return nil
    }

    /// Pixels to points at `dpi` (preflight: 72 points to the inch).
    public static func points(pixels: Double, dpi: Int) -> Double { pixels * 72 / Double(dpi) }
}
