/// `overlays` (docs/format.md): each item is one kind, named by its
/// introducing key (`OverlayKindName`: `text`, `image`, `shape`, `qrcode`),
/// plus the placement keys every kind takes: `anchor` (default center),
/// `offset` [x, y] (default [0, 0]), `photo`, `rotation` (degrees,
/// -3600...3600), `opacity` (0...1), `layer` (`above`, the default, or
/// `below` the photos) and `blend`. Each kind's own keys are read by its
/// `OverlayKindReading` (`Overlays/KIND/`).
extension Validator {
    mutating func readOverlays(_ entry: Node.Entry?) -> [OverlaySpec] {
        guard let entry else { return [] }
        guard case .sequence(let items) = entry.value.content else {
            report(.wrongType, entry.value.location,
                   "expected a list of overlays for 'overlays', found \(describe(entry.value))")
            return []
        }
        return items.flatMap { item -> [OverlaySpec] in
            if isUse(item) { return readUse(item) }
            return readOverlay(item).map { [inComponent($0, node: item)] } ?? []
        }
    }

    private mutating func readOverlay(_ node: Node) -> OverlaySpec? {
        guard rubyOutsideSpan(node) == false,
              let keys = keys(of: node, in: Vocabulary.overlay, key: "overlays") else { return nil }
        let present = OverlayKindName.allCases.filter { keys[$0.rawValue] != nil }
        guard let kindName = present.first else {
            let kinds = OverlayKindName.allCases.map { (key: $0.rawValue, role: $0.reading.role) }
            let others = kinds.dropFirst().map { "'\($0.key)': \($0.role)" }.joined(separator: ", or ")
            report(.missingKey, node.location, "missing key '\(kinds[0].key)' in an overlay: \(kinds[0].role) (or \(others))")
            return nil
        }
        guard present.count == 1 else {
            let names = OverlayKindName.allCases.map { "'\($0.rawValue)'" }
            report(.invalidValue, keys[kindName.rawValue]!.keyLocation,
                   "an overlay has either \(names.dropLast().joined(separator: ", ")) or \(names.last!), not both")
            return nil
        }
        var failed = false
        let reading = kindName.reading
        for (key, entry) in keys where !Vocabulary.overlayPlacement.contains(key) && !reading.keys.contains(key) {
            // "Applies to …" comes from the kinds' key lists.
            let owners = OverlayKindName.allCases.filter { $0.reading.keys.contains(key) }.map(\.plural)
            let tail = reading.hint(forKeyOfOtherKinds: key).map { "; \($0)" } ?? ", not \(kindName.plural)"
            report(.invalidValue, entry.keyLocation, "'\(key)' applies to \(owners.joined(separator: " and "))\(tail)")
            failed = true
        }
        let kind = reading.read(keys, with: &self)
        let placement = readOverlayPlacement(keys, kind: kindName, node: node)
        guard let kind, var overlay = placement, !failed else { return nil }
        overlay.kind = kind
        return overlay
    }

    /// The placement keys every kind shares (`Vocabulary.overlayPlacement`);
    /// the kind is set by the caller.
    mutating func readOverlayPlacement(_ keys: [String: Node.Entry], kind: OverlayKindName,
                                               node: Node) -> OverlaySpec? {
        var overlay = OverlaySpec(kind: .text(TextOverlaySpec(text: "")), location: node.location)
        var failed = false
        if let entry = keys["anchor"] {
            if let name = enumeration(entry.value, key: "anchor", allowed: kind.reading.anchors) {
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
        if let entry = keys["id"] {
            if let id = string(entry.value, key: "id") { overlay.id = id } else { failed = true }
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
}
