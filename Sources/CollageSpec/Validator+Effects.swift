/// The keys issue 12 adds (docs/format.md): `rotation` and `opacity` on every
/// overlay, `shadow` on photos and image overlays (`DropShadow`), `flip` on
/// photos. Every number is range-checked before any arithmetic, so huge,
/// tiny or overflowing values give a located `.outOfRange` (or `.wrongType`
/// for what is no finite number), never a trap; `-0` reads as 0.
extension Validator {
    /// Degrees, -3600...3600 (ten turns either way), as for photos.
    static let rotationRange = -3600.0...3600.0
    /// `shadow.offset` items, pixels.
    static let shadowOffsetRange = -100_000.0...100_000.0
    /// `shadow.blur`, pixels (a photo's σ = blur / 2; an image's or shape's σ = blur).
    static let shadowBlurRange = 0.0...1000.0
    /// `shadow.spread`, pixels.
    static let shadowSpreadRange = -10_000.0...10_000.0

    /// A rotation in degrees within `rotationRange`.
    mutating func rotation(_ node: Node) -> Double? {
        number(node, key: "rotation", range: Self.rotationRange, rangeText: "from -3600 to 3600 degrees").map { $0 + 0 }
    }

    /// The central switch (`Vocabulary.unrendered`): after `entry`'s value
    /// validated, a key rendering does not draw yet is reported as
    /// `.unsupported` at the key.
    mutating func reportUnrendered(_ name: String, _ entry: Node.Entry, phrase: String) {
        guard unrendered.contains(name) else { return }
        report(.unsupported, entry.keyLocation, "'\(entry.key)' \(phrase) is not supported yet",
               notes: ["the value is valid; it is not drawn yet (issue 12)"])
    }

    /// A photo's `shadow: {offset: [x, y], blur, color, spread}`, CSS
    /// `box-shadow` (σ = blur / 2); every key is optional (an empty mapping is
    /// a hard black 50 % shadow under the print).
    mutating func readBoxShadow(_ node: Node) -> DropShadow? {
        guard let keys = keys(of: node, in: Vocabulary.boxShadow, key: "shadow") else { return nil }
        return readShadowKeys(keys)
    }

    /// An image overlay's or a shape's `shadow: {offset: [x, y], blur, color}`,
    /// CSS `filter: drop-shadow` (σ = blur), which has no `spread`: one is an
    /// error at its key that says so (issue 31; `of` names the overlay kind).
    mutating func readDropShadow(_ node: Node, of kind: String) -> DropShadow? {
        guard let keys = keys(of: node, in: Vocabulary.boxShadow, key: "shadow") else { return nil }
        if let entry = keys["spread"] {
            report(.unknownKey, entry.keyLocation, "\(kind)'s shadow has no 'spread': it is CSS drop-shadow, which has none",
                   notes: ["only a photo's shadow (CSS box-shadow) has 'spread'; a drop shadow's 'blur' is its σ (issue 31)"])
            return nil
        }
        return readShadowKeys(keys)
    }

    /// The values of a shadow's keys (`readBoxShadow`, `readDropShadow`).
    private mutating func readShadowKeys(_ keys: [String: Node.Entry]) -> DropShadow? {
        var shadow = DropShadow()
        var failed = false
        if let entry = keys["offset"] {
            if let (x, y) = pair(entry.value, key: "offset", range: Self.shadowOffsetRange,
                                 rangeText: "from -100000 to 100000 pixels", isLength: true) {
                shadow.offsetX = x + 0; shadow.offsetY = y + 0
            } else { failed = true }
        }
        if let entry = keys["blur"] {
            if let blur = number(entry.value, key: "blur", range: Self.shadowBlurRange,
                                 rangeText: "at least 0 and at most 1000 pixels", isLength: true) {
                shadow.blur = blur + 0
            } else { failed = true }
        }
        if let entry = keys["spread"] {
            if let spread = number(entry.value, key: "spread", range: Self.shadowSpreadRange,
                                   rangeText: "from -10000 to 10000 pixels", isLength: true) {
                shadow.spread = spread + 0
            } else { failed = true }
        }
        if let entry = keys["color"] {
            if let color = color(entry.value, key: "color") { shadow.color = color } else { failed = true }
        }
        return failed ? nil : shadow
    }

    /// `flip: horizontal | vertical | both`; a YAML boolean (`yes`, `true`)
    /// suggests `horizontal`.
    mutating func flip(_ node: Node) -> Flip? {
        let choices = Flip.allCases.map(\.rawValue)
        if case .scalar(let text, _) = node.content, Self.yaml11Boolean(text) == "true" {
            report(.invalidValue, node.location, "'\(text)' is not a valid 'flip'; did you mean 'horizontal'?",
                   notes: ["'flip' is one of " + choices.map { "'\($0)'" }.joined(separator: ", ")])
            return nil
        }
        return enumeration(node, key: "flip", allowed: choices).flatMap(Flip.init(rawValue:))
    }
}
