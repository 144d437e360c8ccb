import CollageNumerics
import Glibc

/// Lengths (issue 5): a number of canvas pixels or a percentage string
/// (`"5%"`) of a reference dimension the key documents. Reference rules:
/// `gap` and `padding` take the canvas's shorter side (so spacing looks the
/// same on portrait and landscape canvases); free `frame`/`offset`/`width`/
/// `height` of a photo take the canvas width (x, width) or height (y,
/// height); image overlays take their anchoring box (canvas or cell), which
/// only the layout knows, so they stay `Length`.
extension Validator {
    /// A length as written: a decimal number (pixels) or `N%`.
    mutating func length(_ node: Node, key: String) -> Length? {
        guard let s = scalar(node, key: key, expected: "a length (pixels or a percentage such as \"5%\")") else { return nil }
        if s.text.hasSuffix("%"), let value = Self.decimalNumber(String(s.text.dropLast())) {
            if let component = templates.measuredBox {
                report(.invalidValue, s.location,
                       "a percentage for '\(key)' needs the box of component '\(component)', which is the union of its overlays",
                       notes: ["give the component 'width' and 'height', or write '\(key)' in pixels"])
                return nil
            }
            return .percent(value)
        }
        switch physicalPixels(s, key: key) {
        case .none: break
        case .failed: return nil
        case .pixels(let pixels): return .pixels(pixels)
        }
        guard s.isUntyped, let value = Self.decimalNumber(s.text) else {
            report(.wrongType, s.location,
                   "expected a length for '\(key)' (pixels, or a percentage such as \"5%\"), found \(describe(s))")
            return nil
        }
        return .pixels(value)
    }

    /// A length resolved to pixels against `reference` (nil when the
    /// reference is not known, e.g. an omitted canvas side: then a percentage
    /// is an error saying which side it needs), checked against `range`.
    mutating func resolvedLength(_ node: Node, key: String, reference: Int?, referenceName: String,
                                 range: ClosedRange<Double>, rangeText: String) -> Double? {
        guard let length = length(node, key: key) else { return nil }
        if length.isPercent, reference == nil {
            report(.invalidValue, node.location,
                   "a percentage for '\(key)' needs the canvas \(referenceName), which this document does not give",
                   notes: ["give the canvas '\(referenceName == "height" ? "height" : "width")' in pixels, or write '\(key)' in pixels"])
            return nil
        }
        let value = length.resolved(reference: Double(reference ?? 0))
        guard value.isFinite, range.contains(value) else {
            report(.outOfRange, node.location, "'\(key)' must be \(rangeText); found \(describe(node))"
                   + (reference != nil && length.isPercent ? " (\(Self.formatNumber(value)) px)" : ""))
            return nil
        }
        return value
    }

    /// A whole-pixel spacing (`gap`, `padding`): an integer, or a percentage
    /// of the canvas's shorter side rounded half away from zero.
    mutating func spacing(_ node: Node, key: String) -> Int? {
        // Typed after substitution, so `gap: ${g}` with `g: "2%"` is a percentage too.
        guard let s = scalar(node, key: key, expected: "an integer or a percentage") else { return nil }
        if s.text.hasSuffix("%"), let percent = Self.decimalNumber(String(s.text.dropLast())) {
            guard let reference = [canvasWidth, canvasHeight].compactMap({ $0 }).min() else {
                report(.invalidValue, s.location,
                       "a percentage for '\(key)' needs the canvas width or height, which this document does not give",
                       notes: ["give the canvas 'width' in pixels, or write '\(key)' in pixels"])
                return nil
            }
            let value = (percent * Double(reference) / 100).rounded(.toNearestOrAwayFromZero)
            guard value >= 0, value <= Double(Self.maxSpacing) else {
                report(.outOfRange, s.location, "'\(key)' must be from 0 to \(Self.maxSpacing) pixels; found \(s.text) (\(Self.formatNumber(value)) px)")
                return nil
            }
            return Int(checked: value)
        }
        switch physicalPixels(s, key: key) {
        case .none: break
        case .failed: return nil
        case .pixels(let pixels):   // whole pixels, rounded half away from zero
            let value = Self.wholePixels(pixels)
            guard (0...Self.maxSpacing).contains(value) else {
                report(.outOfRange, s.location, "'\(key)' must be from 0 to \(Self.maxSpacing) pixels; found \(s.text) (\(value) px)")
                return nil
            }
            return value
        }
        guard s.isUntyped, Self.isDecimalInteger(s.text) else {
            report(.wrongType, s.location, "expected an integer for '\(key)', found \(describe(s))")
            return nil
        }
        guard let value = Int(s.text), (0...Self.maxSpacing).contains(value) else {
            report(.outOfRange, s.location, "'\(key)' must be from 0 to \(Self.maxSpacing); found \(s.text)")
            return nil
        }
        return value
    }

    /// A number for messages: integers without ".0".
    static func formatNumber(_ value: Double) -> String { NumberText.plain(value) }
}
