/// Text `overlays` (DESIGN.md "Document format v1"): `text` (required),
/// `font` {`family`: a name or a list of names, `size` > 0}, `color`
/// (default black), `anchor` (default center), `offset` [x, y] (default [0, 0]).
/// Image overlays: `Validator+ImageOverlay.swift`.
extension Validator {
    /// Largest font size in canvas pixels.
    static let maxFontSize = 10_000.0

    mutating func readOverlays(_ entry: Node.Entry?) -> [OverlaySpec] {
        guard let entry else { return [] }
        guard case .sequence(let items) = entry.value.content else {
            report(.wrongType, entry.value.location,
                   "expected a list of overlays for 'overlays', found \(describe(entry.value))")
            return []
        }
        return items.compactMap { readOverlay($0) }
    }

    private mutating func readOverlay(_ node: Node) -> OverlaySpec? {
        guard let keys = keys(of: node, in: Vocabulary.overlay, key: "overlays") else { return nil }
        if let imageEntry = keys["image"] {
            if let text = keys["text"] {
                report(.invalidValue, text.keyLocation, "an overlay has either 'text' or 'image', not both")
                return nil
            }
            return readImageOverlay(imageEntry, keys: keys, node: node)
        }
        guard let textEntry = keys["text"] else {
            report(.missingKey, node.location, "missing key 'text' in an overlay: the text to draw (or 'image': a picture)")
            return nil
        }
        for key in ["width", "height", "opacity"] where keys[key] != nil {
            report(.unsupported, keys[key]!.keyLocation, "'\(key)' in a text overlay is not supported yet")
        }
        guard let text = string(textEntry.value, key: "text") else { return nil }
        var overlay = OverlaySpec(content: .text(text), location: node.location)
        if let font = keys["font"], let spec = readFont(font.value) { overlay.font = spec }
        if let color = keys["color"], let value = self.color(color.value, key: "color") { overlay.color = value }
        if let anchor = keys["anchor"],
           let name = enumeration(anchor.value, key: "anchor", allowed: Anchor.allCases.map(\.rawValue)) {
            overlay.anchor = Anchor(rawValue: name) ?? .center
        }
        if let offset = keys["offset"], let (x, y) = lengthPair(offset.value, key: "offset") {
            if x.isPercent { overlay.relativeOffsetX = x.value } else { overlay.offsetX = x.value }
            if y.isPercent { overlay.relativeOffsetY = y.value } else { overlay.offsetY = y.value }
        }
        readTextStyle(keys, into: &overlay)
        return overlay
    }

    private mutating func readFont(_ node: Node) -> FontSpec? {
        guard let keys = keys(of: node, in: Vocabulary.font, key: "font") else { return nil }
        var font = FontSpec()
        if let family = keys["family"] {
            switch family.value.content {
            case .sequence(let items):
                let names = items.compactMap { string($0, key: "family") }
                guard names.count == items.count else { return nil }
                guard !names.isEmpty, !names.contains(where: \.isEmpty) else {
                    report(.invalidValue, family.value.location, "'family' needs at least one non-empty font family name")
                    return nil
                }
                font.family = names
            default:
                guard let name = string(family.value, key: "family") else { return nil }
                guard !name.isEmpty else {
                    report(.invalidValue, family.value.location, "'family' is empty; give a font family name")
                    return nil
                }
                font.family = [name]
            }
        }
        var valid = true
        if let size = keys["size"] {
            if let length = textLength(size.value, key: "size", positive: true) {
                if length.isPercent {
                    font.relativeSize = length.value
                } else if length.value <= Self.maxFontSize {
                    font.size = length.value
                } else {
                    report(.outOfRange, size.value.location,
                           "'size' must be more than 0 and at most \(NumberText.plain(Self.maxFontSize)) pixels; found \(Self.formatNumber(length.value))")
                    valid = false
                }
            } else {
                valid = false
            }
        }
        readFontExtras(keys, into: &font)
        return valid ? font : nil
    }
}
