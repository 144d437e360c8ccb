/// Typed scalar reading: every value is typed by the key's expected type
/// (README "Rules": Errors). Numbers are plain decimal scalars (`010` is 10, no
/// octal, hex, `inf` or `nan`); a quoted scalar is a string unless it
/// contained a `${…}` variable, whose result is typed after substitution.
extension Validator {
    /// A scalar value after variable substitution.
    struct Scalar {
        var text: String
        var style: Node.ScalarStyle
        var location: SourceLocation
        /// True when `${…}` was substituted, so the result is typed by content.
        var substituted: Bool

        var isNull: Bool { style == .plain && !substituted && (text.isEmpty || text == "~" || text == "null") }
        /// May be read as a number or boolean.
        var isUntyped: Bool { style == .plain || substituted }
    }

    /// A description of what a node holds, for "found …" in messages.
    func describe(_ node: Node) -> String {
        switch node.content {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar(let text, let style):
            return describe(Scalar(text: text, style: style, location: node.location, substituted: false))
        }
    }

    func describe(_ scalar: Scalar) -> String {
        if scalar.isNull { return "nothing (an empty value)" }
        if scalar.isUntyped {
            if scalar.text == "true" || scalar.text == "false" { return "the boolean \(scalar.text)" }
            if Self.isDecimalInteger(scalar.text) { return "the integer \(scalar.text)" }
            if Self.decimalNumber(scalar.text) != nil { return "the number \(scalar.text)" }
        }
        return "the string \"\(scalar.text)\""
    }

    /// The node's scalar with variables substituted; reports a node that is
    /// not a scalar as a wrong type (`expected` names the wanted type).
    mutating func scalar(_ node: Node, key: String, expected: String) -> Scalar? {
        guard case .scalar(let text, let style) = node.content else {
            report(.wrongType, node.location, "expected \(expected) for '\(key)', found \(describe(node))")
            return nil
        }
        guard let (value, substituted) = substitute(text, style: style, at: node.location) else { return nil }
        return Scalar(text: value, style: style, location: node.location, substituted: substituted)
    }

    /// A string value: the scalar's text as written (`no` stays "no").
    mutating func string(_ node: Node, key: String) -> String? {
        guard let s = scalar(node, key: key, expected: "a string") else { return nil }
        if s.isNull {
            report(.wrongType, s.location, "expected a string for '\(key)', found nothing (an empty value)",
                   notes: noteForUnquotedHash(at: s.location))
            return nil
        }
        return s.text
    }

    /// An integer in `range`. `isCanvasSide` explains a percentage (it
    /// would have no reference) instead of calling it a string.
    /// `acceptsUnits`: a whole number of pixels that may also be written in
    /// a physical unit, rounded half away from zero (as a canvas side).
    mutating func int(_ node: Node, key: String, range: ClosedRange<Int>, isCanvasSide: Bool = false,
                      acceptsUnits: Bool = false) -> Int? {
        guard let s = scalar(node, key: key, expected: "an integer") else { return nil }
        if isCanvasSide, s.text.hasSuffix("%"), Self.decimalNumber(String(s.text.dropLast())) != nil {
            report(.wrongType, s.location,
                   "expected an integer number of pixels for the canvas '\(key)', found the percentage \"\(s.text)\"",
                   notes: ["percentages refer to the canvas, so the canvas itself is given in pixels"])
            return nil
        }
        if isCanvasSide || acceptsUnits {   // a physical unit, rounded to whole pixels
            switch physicalPixels(s, key: key) {
            case .none: break
            case .failed: return nil
            case .pixels(let pixels):
                let value = Self.wholePixels(pixels)
                guard range.contains(value) else {
                    report(.outOfRange, s.location, "'\(key)' must be \(describe(range)) pixels; found \(s.text) (\(value) px)")
                    return nil
                }
                return value
            }
        }
        guard s.isUntyped, Self.isDecimalInteger(s.text) else {
            report(.wrongType, s.location, "expected an integer for '\(key)', found \(describe(s))")
            return nil
        }
        guard let value = Int(s.text), range.contains(value) else {
            report(.outOfRange, s.location, "'\(key)' must be \(describe(range)); found \(s.text)")
            return nil
        }
        return value
    }

    /// A boolean: only lowercase `true` and `false` (README "Rules": Errors).
    /// YAML 1.1 spellings (`yes`, `no`, `on`, `off`, `True`, `y`, …) are
    /// wrong types whose message suggests the boolean they meant.
    mutating func boolean(_ node: Node, key: String) -> Bool? {
        guard let s = scalar(node, key: key, expected: "a boolean (true or false)") else { return nil }
        if s.isUntyped, s.text == "true" { return true }
        if s.isUntyped, s.text == "false" { return false }
        var message = "expected a boolean (true or false) for '\(key)', found \(describe(s))"
        if let meant = Self.yaml11Boolean(s.text) { message += "; did you mean '\(meant)'?" }
        report(.wrongType, s.location, message)
        return nil
    }

    /// The boolean a YAML 1.1 word stands for (`yes`/`on`/`y`/`True` → "true",
    /// `no`/`off`/`n`/`False` → "false"), or nil.
    static func yaml11Boolean(_ text: String) -> String? {
        switch text.lowercased() {
        case "yes", "y", "on", "true": return "true"
        case "no", "n", "off", "false": return "false"
        default: return nil
        }
    }

    /// A number (integer or decimal fraction) in `range`.
    /// `isLength`: a length in pixels, which may also be written in a
    /// physical unit (`"2mm"`, `"0.5pt"`; `Validator+PhysicalLength`).
    mutating func number(_ node: Node, key: String, range: ClosedRange<Double>? = nil,
                         rangeText: String = "", isLength: Bool = false) -> Double? {
        guard let s = scalar(node, key: key, expected: "a number") else { return nil }
        var physical: Double?
        if isLength {
            switch physicalPixels(s, key: key) {
            case .none: break
            case .failed: return nil
            case .pixels(let pixels): physical = pixels
            }
        }
        guard let value = physical ?? (s.isUntyped ? Self.decimalNumber(s.text) : nil) else {
            report(.wrongType, s.location, "expected a number for '\(key)', found \(describe(s))")
            return nil
        }
        if let range, !range.contains(value) {
            let inPixels = physical.map { " (\(Self.formatNumber($0)) px)" } ?? ""
            report(.outOfRange, s.location, "'\(key)' must be \(rangeText); found \(s.text)\(inPixels)")
            return nil
        }
        guard value.isFinite else {
            report(.outOfRange, s.location, "'\(key)' is too large a number; found \(s.text)")
            return nil
        }
        return value
    }

    /// One of `allowed` (exact spelling); values in `unsupported` are known
    /// but reported as not supported yet.
    mutating func enumeration(_ node: Node, key: String, allowed: [String],
                              unsupported: [String] = []) -> String? {
        guard let text = string(node, key: key) else { return nil }
        if allowed.contains(text) { return text }
        if unsupported.contains(text) {
            report(.unsupported, node.location, "'\(key): \(text)' is not supported yet")
            return nil
        }
        let choices = allowed.map { "'\($0)'" }.joined(separator: ", ")
        if let suggestion = Suggestions.closest(to: text, in: allowed + unsupported) {
            report(.invalidValue, node.location,
                   "'\(text)' is not a valid '\(key)'; did you mean '\(suggestion)'?",
                   notes: ["'\(key)' is one of \(choices)"])
        } else {
            report(.invalidValue, node.location, "'\(text)' is not a valid '\(key)'; use one of \(choices)")
        }
        return nil
    }

    /// A list of exactly two numbers (`[x, y]`), each in `range` if given.
    mutating func pair(_ node: Node, key: String, range: ClosedRange<Double>? = nil,
                       rangeText: String = "", isLength: Bool = false) -> (Double, Double)? {
        guard case .sequence(let items) = node.content, items.count == 2 else {
            let found = if case .sequence(let items) = node.content { "a list of \(items.count)" } else { describe(node) }
            report(.wrongType, node.location, "expected a list of two numbers [x, y] for '\(key)', found \(found)")
            return nil
        }
        let x = number(items[0], key: key, range: range, rangeText: rangeText, isLength: isLength)
        let y = number(items[1], key: key, range: range, rangeText: rangeText, isLength: isLength)
        guard let x, let y else { return nil }
        return (x, y)
    }

    /// A colour (`#rgb`, `#rrggbb`, `#rrggbbaa`, CSS name, `transparent`).
    mutating func color(_ node: Node, key: String) -> RGBA? {
        guard let text = string(node, key: key) else { return nil }
        if let color = ColorParser.parse(text) { return color }
        var message = "'\(text)' is not a colour for '\(key)'"
        if !text.hasPrefix("#"), let suggestion = Suggestions.closest(to: text, in: ColorParser.names) {
            message += "; did you mean '\(suggestion)'?"
        }
        report(.invalidValue, node.location, message,
               notes: ["colours are #rgb, #rrggbb, #rrggbbaa or CSS names such as 'white' or 'transparent'"])
        return nil
    }

    /// An unquoted `#` starts a YAML comment, so `background: #fff` is empty.
    private func noteForUnquotedHash(at location: SourceLocation) -> [String] {
        guard let line = source.line(location.line) else { return [] }
        let rest = line.unicodeScalars.dropFirst(max(0, location.column - 1))
        guard rest.first == "#" || rest.drop(while: { $0 == " " }).first == "#" else { return [] }
        return ["an unquoted '#' starts a comment in YAML: quote the colour, e.g. \"#ffffff\""]
    }

    private func describe(_ range: ClosedRange<Int>) -> String {
        if range.upperBound == Int.max { return "at least \(range.lowerBound)" }
        return "from \(range.lowerBound) to \(range.upperBound)"
    }

    /// `[+-]?[0-9]+`, read as decimal (no octal: `010` is 10).
    static func isDecimalInteger(_ text: String) -> Bool {
        var digits = Substring(text)
        if digits.first == "+" || digits.first == "-" { digits = digits.dropFirst() }
        return !digits.isEmpty && digits.utf8.allSatisfy { $0 >= 48 && $0 <= 57 }
    }

    /// `[+-]?(digits[.digits]|.digits)([eE][+-]?digits)?` as a Double; nil
    /// otherwise (so no `inf`, `nan`, hex or `1_000`). A number too large
    /// for a Double (`1e400`) is still a number: ±infinity, which every
    /// caller's range refuses as out of range (docs/format.md: "`1e400` is
    /// out of range there, not a syntax error"), never "a string".
    static func decimalNumber(_ text: String) -> Double? {
        var bytes = Array(text.utf8)[...]
        if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        func digits() -> Int {
            var count = 0
            while let b = bytes.first, b >= 48, b <= 57 { bytes = bytes.dropFirst(); count += 1 }
            return count
        }
        var mantissa = digits()
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            mantissa += digits()
        }
        guard mantissa > 0 else { return nil }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            guard digits() > 0 else { return nil }
        }
        guard bytes.isEmpty, let value = Double(text), !value.isNaN else { return nil }
        return value
    }
}
