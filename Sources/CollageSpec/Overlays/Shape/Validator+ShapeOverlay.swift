/// Shape overlays (issue 15, `ShapeOverlaySpec`): `shape` (required: rect,
/// ellipse, line, polygon or path), `width`/`height` (rect and ellipse,
/// required, > 0 px or %), `cornerRadius` (rect, ≥ 0 px), `points` (line: ≥ 2,
/// polygon: ≥ 3 `[x, y]`, px or %), `d` (path: SVG path data, errors at the
/// column inside the string), `fill` (a paint; not on a line), `stroke`
/// (`ShapeStroke`), `shadow` (`DropShadow`, spread ≥ 0). A shape needs a
/// fill or a stroke; `anchor` places only rect and ellipse.
extension Validator {
    /// Largest coordinate of a shape's points, pixels either way.
    static let maxShapeCoordinate = 100_000.0
    /// Largest stroke width, pixels (a text stroke's too).
    static let maxStrokeWidth = 1000.0
    /// Largest dash or gap length, pixels.
    static let maxStrokeLength = 10_000.0
    static let maxDashOffset = 100_000.0
    /// Most points of a `line` or `polygon`, and items of a `dash` list.
    static let maxShapePoints = 10_000
    static let maxDashItems = 100

    /// Names other tools use for the shapes (SVG, CSS, drawing programs),
    /// suggested when spelling is no help (`rectangle` is far from `rect`).
    static let shapeSynonyms: [String: String] = [
        "rectangle": "rect", "square": "rect", "box": "rect", "roundrect": "rect", "circle": "ellipse", "oval": "ellipse",
        "polyline": "line", "triangle": "polygon", "poly": "polygon", "svg": "path",
    ]

    mutating func readShapeOverlay(_ keys: [String: Node.Entry]) -> OverlayKind? {
        let shapeEntry = keys["shape"]!
        if case .scalar(let text, _) = shapeEntry.value.content, let meant = Self.shapeSynonyms[text.lowercased()] {
            report(.invalidValue, shapeEntry.value.location, "'\(text)' is not a valid 'shape'; did you mean '\(meant)'?",
                   notes: ["'shape' is one of " + ShapeKindName.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")])
            return nil
        }
        guard let name = enumeration(shapeEntry.value, key: "shape", allowed: ShapeKindName.allCases.map(\.rawValue)),
              let kind = ShapeKindName(rawValue: name) else { return nil }
        var failed = false
        // Keys that belong to other kinds of shape.
        let owners: [String: [ShapeKindName]] = [
            "width": [.rect, .ellipse], "height": [.rect, .ellipse], "cornerRadius": [.rect],
            "points": [.line, .polygon], "d": [.path], "anchor": [.rect, .ellipse],
        ]
        for (key, kinds) in owners.sorted(by: { $0.key < $1.key }) where !kinds.contains(kind) {
            guard let entry = keys[key] else { continue }
            let names = kinds.map { "'\($0.rawValue)'" }.joined(separator: " and ")
            let hint = key == "anchor" || key == "width" || key == "height"
                ? "; a \(kind.rawValue) is drawn at its own coordinates from the area's top-left corner (move it with 'offset')" : ""
            report(.invalidValue, entry.keyLocation, "'\(key)' applies to \(names) shapes, not '\(kind.rawValue)'\(hint)")
            failed = true
        }
        if kind == .line, let entry = keys["fill"] {
            report(.invalidValue, entry.keyLocation, "a line has no inside to fill; give it a 'stroke' (or use 'polygon')")
            failed = true
        }
        guard !failed else { return nil }
        let geometry: ShapeGeometry?
        switch kind {
        case .rect, .ellipse:
            var sides: [Length] = []
            for key in ["width", "height"] {
                guard let entry = keys[key] else {
                    report(.missingKey, shapeEntry.value.location, "missing key '\(key)' in a '\(kind.rawValue)' shape: its box's \(key) in pixels (or a percentage)")
                    failed = true
                    continue
                }
                if let side = shapeLength(entry.value, key: key, minimum: 0, positive: true, maximum: Double(Self.maxCanvasSide)) {
                    sides.append(side)
                } else { failed = true }
            }
            var radius = 0.0
            if let entry = keys["cornerRadius"] {
                if let value = number(entry.value, key: "cornerRadius", range: 0...Double(Self.maxCanvasSide),
                                      rangeText: "at least 0 and at most \(Self.maxCanvasSide) pixels", isLength: true) {
                    radius = value + 0
                } else { failed = true }
            }
            guard !failed, sides.count == 2 else { return nil }
            geometry = kind == .rect ? .rect(width: sides[0], height: sides[1], cornerRadius: radius)
                                     : .ellipse(width: sides[0], height: sides[1])
        case .line, .polygon:
            let least = kind == .line ? 2 : 3
            guard let entry = keys["points"] else {
                report(.missingKey, shapeEntry.value.location,
                       "missing key 'points' in a '\(kind.rawValue)' shape: at least \(least) points [[x, y], ...]")
                return nil
            }
            guard let points = shapePoints(entry.value, least: least, kind: kind) else { return nil }
            geometry = kind == .line ? .line(points) : .polygon(points)
        case .path:
            guard let entry = keys["d"] else {
                report(.missingKey, shapeEntry.value.location, "missing key 'd' in a 'path' shape: SVG path data such as \"M0 0 L100 0 L50 80 Z\"")
                return nil
            }
            guard let data = pathData(entry.value) else { return nil }
            geometry = .path(data)
        }
        guard let geometry else { return nil }
        var shape = ShapeOverlaySpec(geometry: geometry)
        if let entry = keys["fill"] {
            if let paint = paint(entry.value, key: "fill") { shape.fill = paint } else { failed = true }
        }
        if let entry = keys["stroke"] {
            if let stroke = readShapeStroke(entry.value) { shape.stroke = stroke } else { failed = true }
        }
        if let entry = keys["shadow"] {
            if let shadow = readDropShadow(entry.value, of: "a shape") { shape.shadow = shadow } else { failed = true }
        }
        guard !failed else { return nil }
        // (`color` instead of `fill` is reported already, with the suggestion.)
        if keys["fill"] == nil, keys["stroke"] == nil, keys["color"] == nil {
            report(.missingKey, shapeEntry.keyLocation, "a shape needs a 'fill' or a 'stroke' (or both) to be seen")
            return nil
        }
        return .shape(shape)
    }

    /// A length in pixels or percent in `minimum...maximum` (percent: up to 1000%).
    private mutating func shapeLength(_ node: Node, key: String, minimum: Double, positive: Bool = false,
                                      maximum: Double) -> Length? {
        guard let value = length(node, key: key) else { return nil }
        let limit = value.isPercent ? 1000 : maximum
        let floor = value.isPercent ? max(minimum, -1000) : minimum
        let low = positive ? "more than \(Self.formatNumber(floor))" : "at least \(Self.formatNumber(floor))"
        guard positive ? value.value > floor : value.value >= floor, value.value <= limit, value.value.isFinite else {
            report(.outOfRange, node.location,
                   "'\(key)' must be \(low) and at most \(Self.formatNumber(limit))\(value.isPercent ? "%" : " pixels"); found \(describe(node))")
            return nil
        }
        return Length(value.value + 0, isPercent: value.isPercent)
    }

    /// `points: [[x, y], ...]`, at least `least` of them.
    private mutating func shapePoints(_ node: Node, least: Int, kind: ShapeKindName) -> [LengthPoint]? {
        guard case .sequence(let items) = node.content else {
            report(.wrongType, node.location, "expected a list of points [[x, y], ...] for 'points', found \(describe(node))")
            return nil
        }
        guard items.count >= least else {
            report(.invalidValue, node.location,
                   "a \(kind.rawValue) needs at least \(least) points; found \(items.count)")
            return nil
        }
        guard items.count <= Self.maxShapePoints else {
            report(.outOfRange, node.location, "'points' may hold at most \(Self.maxShapePoints) points; found \(items.count)")
            return nil
        }
        var points: [LengthPoint] = []
        for item in items {
            guard case .sequence(let pair) = item.content, pair.count == 2 else {
                let found = if case .sequence(let pair) = item.content { "a list of \(pair.count)" } else { describe(item) }
                report(.wrongType, item.location, "expected a point [x, y] in 'points', found \(found)")
                return nil
            }
            let x = shapeLength(pair[0], key: "points", minimum: -Self.maxShapeCoordinate, maximum: Self.maxShapeCoordinate)
            let y = shapeLength(pair[1], key: "points", minimum: -Self.maxShapeCoordinate, maximum: Self.maxShapeCoordinate)
            guard let x, let y else { return nil }
            points.append(LengthPoint(x: x, y: y))
        }
        return points
    }

    /// `d`: SVG path data; an error points at the column inside the string
    /// where reading stopped (when the string is written on one line with no
    /// escapes, else at the value, naming the column in the message).
    private mutating func pathData(_ node: Node) -> PathData? {
        guard let text = string(node, key: "d") else { return nil }
        guard text.unicodeScalars.contains(where: { $0 != " " && $0 != "\t" && $0 != "\n" && $0 != "\r" }) else {
            report(.invalidValue, node.location, "'d' is empty; give SVG path data such as \"M0 0 L100 0 L50 80 Z\"")
            return nil
        }
        do throws(PathDataError) {
            let data = try PathData(svg: text)
            // Coordinates within the canvas limits either way.
            for element in data.elements {
                let values: [Double] = switch element {
                case .move(let x, let y), .line(let x, let y): [x, y]
                case .quad(let a, let b, let x, let y): [a, b, x, y]
                case .cubic(let a, let b, let c, let d, let x, let y): [a, b, c, d, x, y]
                case .close: []
                }
                if values.contains(where: { abs($0) > Self.maxShapeCoordinate }) {
                    report(.outOfRange, node.location,
                           "path data in 'd' reaches beyond ±\(Self.formatNumber(Self.maxShapeCoordinate)) pixels")
                    return nil
                }
            }
            return data
        } catch {
            report(.invalidValue, location(ofColumn: error.column, in: node, text: text),
                   "bad path data in 'd' at column \(error.column): \(error.message)")
            return nil
        }
    }

    /// The document location of 1-based scalar `column` of the string `text`
    /// held by `node`: exact when the source line holds the string as is
    /// (plain or quoted, one line, no escapes), else the value's start.
    func location(ofColumn column: Int, in node: Node, text: String) -> SourceLocation {
        let start = node.location
        guard case .scalar(_, let style) = node.content, style != .block, let line = source.line(start.line) else { return start }
        let skip = style == .quoted ? 1 : 0
        let scalars = Array(line.unicodeScalars)
        let first = start.column - 1 + skip
        let wanted = Array(text.unicodeScalars)
        guard first >= 0, first + wanted.count <= scalars.count, Array(scalars[first ..< first + wanted.count]) == wanted else {
            return start
        }
        return SourceLocation(file: start.file, line: start.line, column: start.column + skip + column - 1)
    }

    /// A shape's `stroke` (`ShapeStroke`).
    private mutating func readShapeStroke(_ node: Node) -> ShapeStroke? {
        guard let keys = keys(of: node, in: Vocabulary.shapeStroke, key: "stroke") else { return nil }
        guard let widthEntry = keys["width"] else {
            report(.missingKey, node.location, "missing key 'width' in 'stroke': the band's width in pixels")
            return nil
        }
        var failed = false
        let pixels = "at least 0 and at most \(Self.formatNumber(Self.maxStrokeLength)) pixels"
        var stroke = ShapeStroke(width: 0)
        if let width = number(widthEntry.value, key: "width", range: 0...Self.maxStrokeWidth,
                              rangeText: "at least 0 and at most \(Self.formatNumber(Self.maxStrokeWidth)) pixels", isLength: true) {
            stroke.width = width + 0
            stroke.widthLocation = widthEntry.value.location
        } else { failed = true }
        if let entry = keys["color"] {
            if let paint = paint(entry.value, key: "color") { stroke.color = paint } else { failed = true }
        }
        if let entry = keys["dash"] {
            if case .sequence(let items) = entry.value.content, !items.isEmpty, items.count <= Self.maxDashItems {
                let values = items.compactMap { number($0, key: "dash", range: 0...Self.maxStrokeLength, rangeText: pixels, isLength: true) }
                if values.count != items.count {
                    failed = true
                } else if values.allSatisfy({ $0 == 0 }) {
                    report(.invalidValue, entry.value.location, "'dash' lengths are all 0; give at least one dash or gap length above 0")
                    failed = true
                } else {
                    stroke.dash = values.map { $0 + 0 }
                }
            } else {
                report(.wrongType, entry.value.location,
                       "expected a list of 1 to \(Self.maxDashItems) lengths [dash, gap, ...] for 'dash', found \(describe(entry.value))")
                failed = true
            }
        }
        if let entry = keys["dashOffset"] {
            if let value = number(entry.value, key: "dashOffset", range: -Self.maxDashOffset...Self.maxDashOffset,
                                  rangeText: "from -\(Self.formatNumber(Self.maxDashOffset)) to \(Self.formatNumber(Self.maxDashOffset)) pixels", isLength: true) {
                stroke.dashOffset = value + 0
            } else { failed = true }
        }
        if let entry = keys["join"] {
            if let name = enumeration(entry.value, key: "join", allowed: ShapeStroke.Join.allCases.map(\.rawValue)),
               let join = ShapeStroke.Join(rawValue: name) {
                stroke.join = join
            } else { failed = true }
        }
        if let entry = keys["cap"] {
            if let name = enumeration(entry.value, key: "cap", allowed: ShapeStroke.Cap.allCases.map(\.rawValue)),
               let cap = ShapeStroke.Cap(rawValue: name) {
                stroke.cap = cap
            } else { failed = true }
        }
        if let entry = keys["miterLimit"] {
            if let value = number(entry.value, key: "miterLimit", range: 1...1000, rangeText: "at least 1 and at most 1000") {
                stroke.miterLimit = value
            } else { failed = true }
        }
        return failed ? nil : stroke
    }
}
