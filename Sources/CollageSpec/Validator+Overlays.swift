/// `overlays` (docs/format.md): each item is one kind,
/// named by its introducing key (`text`, `image` or `shape`), plus the placement keys
/// every kind takes: `anchor` (default center), `offset` [x, y] (default
/// [0, 0]), `photo`, `rotation` (degrees, -3600...3600), `opacity` (0...1), `layer`
/// (`above`, the default, or `below` the photos).
/// Text: `text`, `font` {`family`: a name or a list of names, `size` > 0},
/// `color` (default black) and `TextStyle`'s keys. Image overlays:
/// `Validator+ImageOverlay.swift`; shapes: `Validator+ShapeOverlay.swift`.
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
        guard rubyOutsideSpan(node) == false,
              let keys = keys(of: node, in: Vocabulary.overlay, key: "overlays") else { return nil }
        let present = OverlayKindName.allCases.filter { keys[$0.rawValue] != nil }
        guard let kindName = present.first else {
            report(.missingKey, node.location,
                   "missing key 'text' in an overlay: the text to draw (or 'image': a picture, or 'shape': a vector shape)")
            return nil
        }
        guard present.count == 1 else {
            let names = OverlayKindName.allCases.map { "'\($0.rawValue)'" }
            report(.invalidValue, keys[kindName.rawValue]!.keyLocation,
                   "an overlay has either \(names.dropLast().joined(separator: ", ")) or \(names.last!), not both")
            return nil
        }
        var failed = false
        let own = Vocabulary.overlayKeys(kindName)
        for (key, entry) in keys where !Vocabulary.overlayPlacement.contains(key) && !own.contains(key) {
            if kindName == .shape, key == "color" {
                report(.invalidValue, entry.keyLocation,
                       "'color' applies to text overlays; a shape's inside is 'fill' (did you mean 'fill'?), its outline 'stroke: {color}'")
                failed = true
                continue
            }
            let owners = OverlayKindName.allCases.filter { Vocabulary.overlayKeys($0).contains(key) }.map(\.plural)
            report(.invalidValue, entry.keyLocation,
                   "'\(key)' applies to \(owners.joined(separator: " and ")), not \(kindName.plural)")
            failed = true
        }
        // The one registration of an overlay kind's reader.
        let kind: OverlayKind? = switch kindName {
        case .text: readTextOverlay(keys)
        case .image: readImageOverlay(keys)
        case .shape: readShapeOverlay(keys)
        }
        let placement = readOverlayPlacement(keys, kind: kindName, node: node)
        guard let kind, var overlay = placement, !failed else { return nil }
        overlay.kind = kind
        return overlay
    }

    /// The placement keys every kind shares (`Vocabulary.overlayPlacement`);
    /// the kind is set by the caller.
    private mutating func readOverlayPlacement(_ keys: [String: Node.Entry], kind: OverlayKindName,
                                               node: Node) -> OverlaySpec? {
        var overlay = OverlaySpec(kind: .text(TextOverlaySpec(text: "")), location: node.location)
        var failed = false
        if let entry = keys["anchor"] {
            let allowed = kind == .text ? Anchor.allCases.map(\.rawValue) : Self.boxAnchors
            if let name = enumeration(entry.value, key: "anchor", allowed: allowed) {
                overlay.anchor = Anchor(rawValue: name) ?? .center
            } else { failed = true }
        }
        if let entry = keys["offset"] {
            if let (x, y) = lengthPair(entry.value, key: "offset") {
                overlay.offsetX = x; overlay.offsetY = y
            } else { failed = true }
        }
        // `photo: ID` is checked against the laid-out photos by `checkOverlayPhotos`.
        if let entry = keys["photo"] {
            if let id = string(entry.value, key: "photo") {
                overlay.photo = id
                overlay.photoLocation = entry.value.location
            } else { failed = true }
        }
        if let entry = keys["rotation"] {
            if let value = rotation(entry.value) {
                overlay.rotation = value
                reportUnrendered("overlay.\(kind.rawValue).rotation", entry, phrase: "in \(kind.singular)")
            } else { failed = true }
        }
        if let entry = keys["opacity"] {
            if let value = number(entry.value, key: "opacity", range: 0...1, rangeText: "a fraction from 0 to 1") {
                overlay.opacity = value + 0
                reportUnrendered("overlay.\(kind.rawValue).opacity", entry, phrase: "in \(kind.singular)")
            } else { failed = true }
        }
        if let entry = keys["blend"] {
            if let blend = readBlend(entry.value) { overlay.blend = blend } else { failed = true }
        }
        if let entry = keys["layer"] {
            if let name = enumeration(entry.value, key: "layer", allowed: OverlayLayer.allCases.map(\.rawValue)),
               let layer = OverlayLayer(rawValue: name) {
                overlay.layer = layer
            } else { failed = true }
        }
        return failed ? nil : overlay
    }

    /// True (after reporting it) when an overlay has `ruby` beside its
    /// `text`: ruby belongs to a span, and the message shows that form
    /// with the overlay's own text.
    private mutating func rubyOutsideSpan(_ node: Node) -> Bool {
        guard case .mapping(let entries) = node.content, let ruby = entries.first(where: { $0.key == "ruby" }) else { return false }
        let base = entries.first(where: { $0.key == "text" }).flatMap { entry -> String? in
            if case .scalar(let text, _) = entry.value.content { return text } else { return nil }
        } ?? "漢字"
        let annotation = if case .scalar(let text, _) = ruby.value.content { text } else { "かんじ" }
        report(.invalidValue, ruby.keyLocation,
               "'ruby' belongs to a span, not to an overlay's plain string; write the text as a list of spans",
               notes: ["text: [{text: \"\(base)\", ruby: \"\(annotation)\"}]"])
        return true
    }

    /// A text overlay's own keys (`Vocabulary.overlayKeys(.text)`).
    private mutating func readTextOverlay(_ keys: [String: Node.Entry]) -> OverlayKind? {
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
                                      rangeText: "from -100000 to 100000 pixels") {
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
