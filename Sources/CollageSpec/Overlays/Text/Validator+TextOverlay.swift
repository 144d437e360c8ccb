/// Text overlays (docs/text.md): `text` (a string, or a list of spans),
/// `font` {`family`: a name or a list of names, `size` > 0, …}, `color`
/// (default black), `lang` and `TextStyle`'s keys (`Validator+TextStyle.swift`).
extension Validator {
    /// Largest font size in canvas pixels.
    static let maxFontSize = 10_000.0

    /// A text overlay's own keys (`TextOverlaySpec.keys`).
    mutating func readTextOverlay(_ keys: [String: Node.Entry]) -> OverlayKind? {
        let textNode = keys["text"]!.value
        var spanNodes: [Node]?
        var text = ""
        if case .sequence(let items) = textNode.content {
            spanNodes = items
            if items.isEmpty { report(.invalidValue, textNode.location, "'text' has no spans; give at least one string or {text: …}") }
        } else {
            guard let value = string(textNode, key: "text") else { return nil }
            text = value
        }
        var overlay = TextOverlaySpec(text: text)
        if let font = keys["font"], let spec = readFont(font.value) { overlay.font = spec }
        if let color = keys["color"], let value = self.color(color.value, key: "color") { overlay.color = value }
        overlay.style = readTextStyle(keys)
        if let entry = keys["lang"], let tag = languageTag(entry.value) {
            overlay.lang = tag
            overlay.langLocation = entry.value.location
        }
        if let spanNodes {
            let spans = spanNodes.compactMap { readSpan($0, of: overlay) }
            guard spans.count == spanNodes.count, !spans.isEmpty else { return nil }
            overlay.spans = spans
            overlay.text = spans.map(\.text).joined()
        }
        return .text(overlay)
    }

    /// One item of `text: [...]`: a string, or a mapping of `Vocabulary.span`
    /// resolved over the overlay's font, colour, letter spacing and language.
    private mutating func readSpan(_ node: Node, of overlay: TextOverlaySpec) -> TextSpan? {
        var span = TextSpan(text: "", font: overlay.font, color: overlay.color, letterSpacing: overlay.style.letterSpacing,
                            lang: overlay.lang, langLocation: overlay.langLocation)
        switch node.content {
        case .mapping:
            guard let keys = keys(of: node, in: Vocabulary.span, key: "text") else { return nil }
            guard let textEntry = keys["text"] else {
                report(.missingKey, node.location, "missing key 'text' in a span: the span's text")
                return nil
            }
            guard let text = string(textEntry.value, key: "text") else { return nil }
            span.text = text
            var valid = true
            if let entry = keys["font"] {
                if let font = readFont(entry.value, over: overlay.font) { span.font = font } else { valid = false }
            }
            if let entry = keys["color"] {
                if let value = color(entry.value, key: "color") { span.color = value } else { valid = false }
            }
            if let entry = keys["letterSpacing"] {
                if let value = number(entry.value, key: "letterSpacing", range: -Self.maxTextLength...Self.maxTextLength,
                                      rangeText: "from -100000 to 100000 pixels", isLength: true) {
                    span.letterSpacing = value
                } else { valid = false }
            }
            if let entry = keys["lang"] {
                if let tag = languageTag(entry.value) {
                    span.lang = tag
                    span.langLocation = entry.value.location
                } else { valid = false }
            }
            if let entry = keys["ruby"] {
                if let ruby = string(entry.value, key: "ruby") {
                    if ruby.contains(where: { $0.isNewline }) || text.contains(where: { $0.isNewline }) {
                        report(.invalidValue, entry.value.location,
                               "a span with 'ruby' cannot hold a line break: ruby and its base stay on one line")
                        valid = false
                    } else if text.isEmpty {
                        report(.invalidValue, entry.value.location, "'ruby' needs a span 'text' to annotate")
                        valid = false
                    } else if !ruby.isEmpty {
                        span.ruby = ruby
                    }
                } else { valid = false }
            }
            return valid ? span : nil
        case .sequence:
            report(.wrongType, node.location,
                   "a span is a string or a mapping {text, font, color, letterSpacing, lang, ruby}; found a list")
            return nil
        default:
            if let s = scalar(node, key: "text", expected: "a string"), s.isNull {
                report(.wrongType, node.location,
                       "a span is a string or a mapping {text, font, color, letterSpacing, lang, ruby}; found nothing (an empty value)")
                return nil
            }
            guard let text = string(node, key: "text") else { return nil }
            span.text = text
            return span
        }
    }

    /// A `font` mapping; with `base`, its keys override that font's (a span's font).
    private mutating func readFont(_ node: Node, over base: FontSpec = FontSpec()) -> FontSpec? {
        guard let keys = keys(of: node, in: Vocabulary.font, key: "font") else { return nil }
        var font = base
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
            font.sizeLocation = size.value.location
            if let length = textLength(size.value, key: "size", positive: true) {
                if length.isPercent {
                    font.relativeSize = length.value
                } else if length.value <= Self.maxFontSize {
                    font.size = length.value
                    font.relativeSize = nil
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
