/// The per-photo keys beyond `src`/`id`/`fit`/`focus` (issue 5): `cell`
/// (grid), `frame` or `anchor`/`offset`/`width`/`height` (free),
/// `cornerRadius`, `border`, `opacity`, `rotation`, `crop`, `zoom`,
/// `orientation`, `shadow` and `flip` (`Validator+Effects.swift`). Which layout a key belongs to is checked by `readLayout`,
/// which knows the kind.
extension Validator {
    /// Largest `zoom`.
    static let maxZoom = 100.0

    mutating func readPhotoStyle(_ keys: [String: Node.Entry], into photo: inout PhotoSpec) {
        if let cell = keys["cell"] { photo.cell = readCell(cell.value) }
        readFreePlacement(keys, into: &photo)
        let lengths = 0...Double(Self.maxCanvasSide)
        if let radius = keys["cornerRadius"],
           let value = cellLength(radius.value, key: "cornerRadius", range: lengths) {
            photo.cornerRadius = value
        }
        if let border = keys["border"] { photo.border = readBorder(border.value) }
        if let opacity = keys["opacity"],
           let value = number(opacity.value, key: "opacity", range: 0...1, rangeText: "a fraction from 0 to 1") {
            photo.opacity = value
        }
        if let rotation = keys["rotation"],
           let value = number(rotation.value, key: "rotation", range: -3600...3600,
                              rangeText: "from -3600 to 3600 degrees") {
            photo.rotation = value + 0
        }
        if let entry = keys["shadow"], let shadow = readBoxShadow(entry.value) {
            photo.shadow = shadow
            reportUnrendered("photo.shadow", entry, phrase: "in a photo")
        }
        if let entry = keys["flip"], let flip = flip(entry.value) {
            photo.flip = flip
            reportUnrendered("photo.flip", entry, phrase: "in a photo")
        }
        if let entry = keys["filter"], let filters = readFilters(entry.value) { photo.filters = filters }
        if let entry = keys["blend"], let blend = readBlend(entry.value) { photo.blend = blend }
        if let entry = keys["letterbox"], let letterbox = readLetterbox(entry.value) {
            if photo.fit == .contain {
                photo.letterbox = letterbox
            } else {
                report(.invalidValue, entry.keyLocation, "'letterbox' needs 'fit: contain' (a cover photo fills its cell)")
            }
        }
        if let crop = keys["crop"] { photo.crop = readCrop(crop.value) }
        if let zoom = keys["zoom"],
           let value = number(zoom.value, key: "zoom", range: 1...Self.maxZoom,
                              rangeText: "from 1 to \(NumberText.plain(Self.maxZoom))") {
            photo.zoom = value
        }
        if let orientation = keys["orientation"],
           let value = int(orientation.value, key: "orientation", range: 1...8) {
            photo.orientation = value
        }
    }

    /// `cell: {column, row, columnSpan, rowSpan}`: column and row required,
    /// 1-based; spans default 1. Ranges against the grid are checked by the
    /// layout (it knows the rows a grid grows to).
    private mutating func readCell(_ node: Node) -> GridCellSpec? {
        guard let keys = keys(of: node, in: Vocabulary.cell, key: "cell") else { return nil }
        var values: [String: Int] = [:]
        var failed = false
        for name in ["column", "row"] where keys[name] == nil {
            report(.missingKey, node.location, "missing key '\(name)' in 'cell' (1-based)")
            failed = true
        }
        for name in Vocabulary.cell.supported {
            guard let entry = keys[name] else { continue }
            if let value = int(entry.value, key: name, range: 1...Self.maxGridTracks) { values[name] = value } else { failed = true }
        }
        guard !failed, let column = values["column"], let row = values["row"] else { return nil }
        return GridCellSpec(column: column, row: row, columnSpan: values["columnSpan"] ?? 1,
                            rowSpan: values["rowSpan"] ?? 1, location: node.location)
    }

    /// `frame`, or `anchor` + `offset` + `width`/`height`, for `free`.
    private mutating func readFreePlacement(_ keys: [String: Node.Entry], into photo: inout PhotoSpec) {
        let anchored = ["anchor", "offset", "width", "height"].compactMap { keys[$0] }
        // Where the placement was given, even when it has errors of its own.
        photo.placementLocation = (keys["frame"].map { [$0] } ?? anchored).map(\.keyLocation)
            .min { ($0.line, $0.column) < ($1.line, $1.column) }
        if let frame = keys["frame"] {
            if let extra = anchored.first {
                report(.invalidValue, extra.keyLocation,
                       "'\(extra.key)' cannot be combined with 'frame' in a photo",
                       notes: ["a free photo gives either 'frame' or 'anchor'/'offset'/'width'/'height'"])
                return
            }
            guard let keys = self.keys(of: frame.value, in: Vocabulary.frame, key: "frame") else { return }
            var values: [String: Double] = [:]
            for name in Vocabulary.frame.supported {
                guard let entry = keys[name] else {
                    report(.missingKey, frame.value.location, "missing key '\(name)' in 'frame'")
                    continue
                }
                let horizontal = name == "x" || name == "width"
                let positive = name == "width" || name == "height"
                let limit = Double(Self.maxCanvasSide)
                if let value = resolvedLength(entry.value, key: name, reference: horizontal ? canvasWidth : canvasHeight,
                                              referenceName: horizontal ? "width" : "height",
                                              range: positive ? 1...limit : -limit...limit,
                                              rangeText: positive ? "from 1 to \(Self.maxCanvasSide) pixels"
                                                  : "from -\(Self.maxCanvasSide) to \(Self.maxCanvasSide) pixels") {
                    values[name] = value
                }
            }
            guard let x = values["x"], let y = values["y"], let w = values["width"], let h = values["height"] else { return }
            photo.placement = .frame(x: x, y: y, width: w, height: h)
            photo.placementLocation = frame.keyLocation
            return
        }
        guard !anchored.isEmpty else { return }
        var anchor = Anchor.center
        if let entry = keys["anchor"],
           let name = enumeration(entry.value, key: "anchor", allowed: Self.boxAnchors) {
            anchor = Anchor(rawValue: name) ?? .center
        }
        var offsetX = 0.0, offsetY = 0.0
        if let entry = keys["offset"], let (x, y) = canvasLengthPair(entry.value, key: "offset") {
            offsetX = x; offsetY = y
        }
        let limit = Double(Self.maxCanvasSide)
        var width: Double?, height: Double?
        if let entry = keys["width"] {
            width = resolvedLength(entry.value, key: "width", reference: canvasWidth, referenceName: "width",
                                   range: 1...limit, rangeText: "from 1 to \(Self.maxCanvasSide) pixels")
        }
        if let entry = keys["height"] {
            height = resolvedLength(entry.value, key: "height", reference: canvasHeight, referenceName: "height",
                                    range: 1...limit, rangeText: "from 1 to \(Self.maxCanvasSide) pixels")
        }
        photo.placement = .anchored(anchor: anchor, offsetX: offsetX, offsetY: offsetY, width: width, height: height)
        photo.placementLocation = anchored.map(\.keyLocation).min { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    /// The nine box anchors (the baseline ones are for text).
    static let boxAnchors = ["topLeft", "top", "topRight", "left", "center", "right", "bottomLeft", "bottom", "bottomRight"]

    /// A length relative to the photo's cell (`cornerRadius`, border
    /// `width`): pixels, or a percentage of the cell's shorter side
    /// (0-100%), resolved by the layout.
    mutating func cellLength(_ node: Node, key: String, range: ClosedRange<Double>) -> Length? {
        guard let value = length(node, key: key) else { return nil }
        if !value.isPercent, !range.contains(value.value) {
            report(.outOfRange, node.location,
                   "'\(key)' must be from \(Self.formatNumber(range.lowerBound)) to \(Self.formatNumber(range.upperBound)) pixels; found \(describe(node))")
            return nil
        }
        if value.isPercent, !(0...100).contains(value.value) {
            report(.outOfRange, node.location, "'\(key)' must be from 0% to 100% of the cell's shorter side; found \(describe(node))")
            return nil
        }
        return value
    }

    /// `[x, y]` lengths resolved against the canvas width (x) and height (y).
    mutating func canvasLengthPair(_ node: Node, key: String) -> (Double, Double)? {
        guard case .sequence(let items) = node.content, items.count == 2 else {
            let found = if case .sequence(let items) = node.content { "a list of \(items.count)" } else { describe(node) }
            report(.wrongType, node.location, "expected a list of two lengths [x, y] for '\(key)', found \(found)")
            return nil
        }
        let limit = Double(Self.maxCanvasSide)
        let text = "from -\(Self.maxCanvasSide) to \(Self.maxCanvasSide) pixels"
        let x = resolvedLength(items[0], key: key, reference: canvasWidth, referenceName: "width",
                               range: -limit...limit, rangeText: text)
        let y = resolvedLength(items[1], key: key, reference: canvasHeight, referenceName: "height",
                               range: -limit...limit, rangeText: text)
        guard let x, let y else { return nil }
        return (x, y)
    }

    /// `border: {width, color}`: width > 0 pixels (required), colour default white.
    private mutating func readBorder(_ node: Node) -> BorderSpec? {
        guard let keys = keys(of: node, in: Vocabulary.border, key: "border") else { return nil }
        guard let widthEntry = keys["width"] else {
            report(.missingKey, node.location, "missing key 'width' in 'border': the band's width in pixels")
            return nil
        }
        guard let width = cellLength(widthEntry.value, key: "width", range: 0...Double(Self.maxCanvasSide)) else { return nil }
        var border = BorderSpec(width: width)
        if let color = keys["color"], let value = self.color(color.value, key: "color") { border.color = value }
        return border
    }

    /// `crop: {x, y, width, height}`, fractions of the oriented photo; the
    /// window must lie inside it and have a positive size.
    private mutating func readCrop(_ node: Node) -> CropSpec? {
        guard let keys = keys(of: node, in: Vocabulary.frame, key: "crop") else { return nil }
        var values: [String: Double] = [:]
        for name in Vocabulary.frame.supported {
            guard let entry = keys[name] else {
                report(.missingKey, node.location, "missing key '\(name)' in 'crop' (a fraction of the photo)")
                continue
            }
            let side = name == "width" || name == "height"
            // A side is (0, 1] (the schema's exclusiveMinimum), an edge [0, 1].
            if let value = number(entry.value, key: name, range: side ? Double.leastNonzeroMagnitude...1 : 0...1,
                                  rangeText: side ? "a fraction more than 0 and at most 1" : "a fraction from 0 to 1") {
                values[name] = value
            }
        }
        guard let x = values["x"], let y = values["y"], let w = values["width"], let h = values["height"] else { return nil }
        guard x + w <= 1 + 1e-9, y + h <= 1 + 1e-9 else {
            report(.outOfRange, node.location,
                   "'crop' must be a window inside the photo: x + width and y + height at most 1",
                   notes: ["found x \(Self.formatNumber(x)), y \(Self.formatNumber(y)), width \(Self.formatNumber(w)), height \(Self.formatNumber(h))"])
            return nil
        }
        return CropSpec(x: x, y: y, width: min(w, 1 - x), height: min(h, 1 - y))
    }
}
