/// QR code overlays: `qrcode: {text, level, size | module, margin, color,
/// background}` and the overlay's `shadow`. The text is encoded here
/// (`QRCodeSymbol`), so a text the level cannot hold and a `size` too small
/// for one pixel a module are errors at their keys, before any pixel.
extension Validator {
    /// Most canvas pixels a module.
    static let maxQRCodeModule = 1000
    /// Most modules of quiet zone on each side.
    static let maxQRCodeMargin = 100

    mutating func readQRCodeOverlay(_ keys: [String: Node.Entry]) -> OverlayKind? {
        let entry = keys["qrcode"]!
        guard let own = self.keys(of: entry.value, in: Vocabulary.qrcode, key: "qrcode") else { return nil }
        var failed = false
        var level = QRCodeLevel.M
        if let levelEntry = own["level"] {
            if let name = enumeration(levelEntry.value, key: "level", allowed: QRCodeLevel.allCases.map(\.rawValue)),
               let value = QRCodeLevel(rawValue: name) {
                level = value
            } else { failed = true }
        }
        var symbol: QRCodeSymbol?
        var text = ""
        if let textEntry = own["text"] {
            if let value = string(textEntry.value, key: "text") {
                text = value
                symbol = qrCodeSymbol(value, level: level, at: textEntry.value.location)
            }
        } else {
            report(.missingKey, entry.value.location, "missing key 'text' in 'qrcode': the text the code holds")
        }
        var margin = 4
        if let marginEntry = own["margin"] {
            if let value = int(marginEntry.value, key: "margin", range: 0...Self.maxQRCodeMargin) { margin = value } else { failed = true }
        }
        var color = RGBA.black, background = RGBA.white
        if let colorEntry = own["color"] {
            if let value = self.color(colorEntry.value, key: "color") { color = value } else { failed = true }
        }
        if let backgroundEntry = own["background"] {
            if let value = self.color(backgroundEntry.value, key: "background") { background = value } else { failed = true }
        }
        var shadow: DropShadow?
        if let shadowEntry = keys["shadow"] {
            if let value = readDropShadow(shadowEntry.value, of: "a QR code") { shadow = value } else { failed = true }
        }
        var module = 4
        switch (own["size"], own["module"]) {
        case (.some, .some(let moduleEntry)):
            report(.invalidValue, moduleEntry.keyLocation, "'qrcode' takes 'size' or 'module', not both")
            failed = true
        case (.some(let sizeEntry), nil):
            guard let size = int(sizeEntry.value, key: "size", range: 1...Self.maxCanvasSide, acceptsUnits: true) else { failed = true; break }
            guard let symbol else { break }
            let across = symbol.side + 2 * margin
            guard size >= across else {
                report(.outOfRange, sizeEntry.value.location,
                       "'size' \(size) is too small for this QR code: its \(symbol.side) modules and a quiet zone of \(margin) on each side need at least \(across) pixels, one a module",
                       notes: ["give 'size: \(across)' or more, a shorter 'text', a lower 'level' or a smaller 'margin'"])
                failed = true
                break
            }
            module = size / across
        case (nil, .some(let moduleEntry)):
            if let value = int(moduleEntry.value, key: "module", range: 1...Self.maxQRCodeModule, acceptsUnits: true) { module = value } else { failed = true }
        case (nil, nil):
            break
        }
        guard let symbol, !failed else { return nil }
        return .qrcode(QRCodeOverlaySpec(text: text, level: level, symbol: symbol, module: module, margin: margin,
                                         color: color, background: background, shadow: shadow))
    }

    /// The symbol of `text` at `level`; nil after reporting why at `location` (the text's value).
    private mutating func qrCodeSymbol(_ text: String, level: QRCodeLevel, at location: SourceLocation) -> QRCodeSymbol? {
        do {
            return try QRCodeSymbol(encoding: text, level: level)
        } catch {
            switch error {
            case .empty:
                report(.invalidValue, location, "'text' is empty; give the text the QR code holds")
            case .nul:
                report(.invalidValue, location, "'text' holds a NUL character, which a QR code text cannot")
            case .tooLong:
                report(.outOfRange, location,
                       "'text' is too long for a QR code at level \(level.rawValue): \(text.utf8.count) bytes do not fit the largest symbol (version 40)",
                       notes: ["shorten the text" + (level == .L ? "" : ", or choose a lower 'level' (L holds the most)")])
            }
        }
        return nil
    }
}
