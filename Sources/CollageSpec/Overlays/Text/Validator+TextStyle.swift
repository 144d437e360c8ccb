/// The text keys of an overlay beyond `text`/`font`/`color`/`anchor`/`offset`
/// (docs/format.md "overlays"; README "Rules": Text):
///
/// - `photo: ID` anchors the overlay in that photo's cell (checked against
///   the photo ids by the layout stage).
/// - `maxWidth` (> 0; percent of the area's width), `maxHeight` (> 0; percent
///   of the area's height), a fixed box `width` / `height` (likewise; not
///   with `maxWidth` / `maxHeight`), `verticalAlign: top|center|bottom`
///   (needs `height`), `fit: none|shrink` (`shrink` needs one of the four),
///   `align: left|center|right|justify`, `lineHeight` (> 0, a
///   multiple of the size), `letterSpacing` (pixels, may be negative),
///   `maxLines` (>= 1), `lineBreak: strict|normal|loose`, `hyphens: none|manual|auto`, `lang` (a BCP 47 tag), `tabSize` (0...1000 space widths, default 8), `direction: horizontal|vertical`,
///   and for vertical text `textOrientation: mixed|upright` and `textCombineUpright: 0|2|3|4`.
/// - `stroke: {width >= 0, color}`, `shadow: {offset [x, y], blur >= 0, color}`
///   (pixels), `background: {color, padding >= 0, cornerRadius >= 0}`; the
///   stroke width, padding and corner radius may be percentages of the font size.
/// - `font`: `weight` (`thin` 100, `extralight` 200, `light` 300, `regular`
///   400, `medium` 500, `semibold` 600, `bold` 700, `extrabold` 800, `black`
///   900, or 100...900 in steps of 100),
///   `style` (`normal|italic|oblique`), `file` (a font file relative to the
///   document; must exist), `features` (a mapping of four-letter OpenType
///   tags to `true`/`false` or an integer), `size` (pixels or percent of the
///   area's height).
extension Validator {
    /// Largest length a text key takes, pixels.
    static let maxTextLength = 100_000.0
    /// Largest percentage a text key (or an overlay's offset) takes.
    static let maxTextPercent = 1000.0
    /// Largest stroke width and shadow blur, pixels (`Typesetter.maximumDecoration`).
    static let maxDecoration = 1000.0

    /// Pixels or `"N%"`; `minimum` is inclusive unless `positive`.
    mutating func textLength(_ node: Node, key: String, minimum: Double = 0, positive: Bool = false,
                             maximum: Double = maxTextLength) -> Length? {
        guard let s = scalar(node, key: key, expected: "a number or a percentage") else { return nil }
        var text = s.text
        let isPercent = text.hasSuffix("%")
        if isPercent { text.removeLast() }
        var physical: Double?   // "12pt", "3mm"
        if !isPercent {
            switch physicalPixels(s, key: key) {
            case .none: break
            case .failed: return nil
            case .pixels(let pixels): physical = pixels
            }
        }
        guard let value = physical ?? ((s.isUntyped || isPercent) ? Self.decimalNumber(text) : nil) else {
            report(.wrongType, s.location, "expected a number of pixels or a percentage such as \"5%\" for '\(key)', found \(describe(s))")
            return nil
        }
        // Percentages: at most 1000% either way (of references up to 32768 px).
        let limit = isPercent ? Self.maxTextPercent : maximum
        let floor = isPercent ? max(minimum, -Self.maxTextPercent) : minimum
        let low = positive ? "more than \(Self.formatNumber(floor))" : "at least \(Self.formatNumber(floor))"
        guard positive ? value > floor : value >= floor, value <= limit else {
            report(.outOfRange, s.location, "'\(key)' must be \(low) and at most \(Self.formatNumber(limit))\(isPercent ? "%" : " pixels"); found \(s.text)")
            return nil
        }
        return Length(value, isPercent: isPercent)
    }

    mutating func readTextStyle(_ keys: [String: Node.Entry]) -> TextStyle {
        var style = TextStyle()
        if let entry = keys["direction"],
           let value = enumeration(entry.value, key: "direction", allowed: TextDirection.allCases.map(\.rawValue)) {
            style.direction = TextDirection(rawValue: value) ?? .horizontal
        }
        if let entry = keys["textOrientation"],
           let value = enumeration(entry.value, key: "textOrientation", allowed: TextOrientation.allCases.map(\.rawValue)) {
            style.textOrientation = TextOrientation(rawValue: value) ?? .mixed
        }
        if let entry = keys["textCombineUpright"],
           let value = int(entry.value, key: "textCombineUpright", range: 0...4) {
            if value == 1 {
                report(.outOfRange, entry.value.location,
                       "'textCombineUpright' is 0 (off) or 2, 3 or 4 (the longest run of digits set across one column cell); found 1")
            } else {
                style.textCombineUpright = value
            }
        }
        for key in ["textOrientation", "textCombineUpright"] where style.direction != .vertical {
            if let entry = keys[key] {
                report(.invalidValue, entry.keyLocation, "'\(key)' applies only to 'direction: vertical'")
            }
        }
        if let entry = keys["maxWidth"] { style.maxWidth = textLength(entry.value, key: "maxWidth", positive: true) }
        if let entry = keys["maxHeight"] { style.maxHeight = textLength(entry.value, key: "maxHeight", positive: true) }
        if let entry = keys["width"] { style.width = textLength(entry.value, key: "width", positive: true, maximum: 32768) }
        if let entry = keys["height"] { style.height = textLength(entry.value, key: "height", positive: true, maximum: 32768) }
        for (fixed, bound) in [("width", "maxWidth"), ("height", "maxHeight")] {
            guard let fixedEntry = keys[fixed], let boundEntry = keys[bound] else { continue }
            let later = (fixedEntry.keyLocation.line, fixedEntry.keyLocation.column)
                < (boundEntry.keyLocation.line, boundEntry.keyLocation.column) ? boundEntry : fixedEntry
            report(.invalidValue, later.keyLocation,
                   "'\(fixed)' and '\(bound)' cannot be combined: '\(fixed)' fixes the text box's \(fixed), '\(bound)' bounds a box that fits its text")
        }
        if let entry = keys["verticalAlign"] {
            if let s = scalar(entry.value, key: "verticalAlign", expected: "a string"), s.text == "middle" {
                report(.invalidValue, s.location, "'middle' is not a valid 'verticalAlign'; did you mean 'center'?",
                       notes: ["'verticalAlign' is one of 'top', 'center', 'bottom'"])
            } else if let value = enumeration(entry.value, key: "verticalAlign",
                                              allowed: TextVerticalAlign.allCases.map(\.rawValue)) {
                style.verticalAlign = TextVerticalAlign(rawValue: value) ?? .top
                if keys["height"] == nil {
                    report(.missingKey, entry.keyLocation,
                           "'verticalAlign' needs 'height': it places the lines inside a text box of fixed height")
                }
            }
        }
        if let entry = keys["align"],
           let value = enumeration(entry.value, key: "align", allowed: TextAlign.allCases.map(\.rawValue)) {
            style.align = TextAlign(rawValue: value) ?? .center
        }
        if let entry = keys["lineHeight"],
           let value = number(entry.value, key: "lineHeight", range: 0.01...100,
                              rangeText: "from 0.01 to 100 (a multiple of the font size)") {
            style.lineHeight = value
        }
        if let entry = keys["letterSpacing"],
           let value = number(entry.value, key: "letterSpacing", range: -Self.maxTextLength...Self.maxTextLength,
                              rangeText: "from -100000 to 100000 pixels", isLength: true) {
            style.letterSpacing = value
        }
        if let entry = keys["maxLines"], let value = int(entry.value, key: "maxLines", range: 1...10_000) {
            style.maxLines = value
        }
        if let entry = keys["tabSize"],
           let value = number(entry.value, key: "tabSize", range: 0...1000, rangeText: "from 0 to 1000 (space widths)") {
            style.tabSize = value
        }
        if let entry = keys["lineBreak"],
           let value = enumeration(entry.value, key: "lineBreak", allowed: LineBreakStrictness.allCases.map(\.rawValue)) {
            style.lineBreak = LineBreakStrictness(rawValue: value) ?? .normal
        }
        if let entry = keys["hyphens"],
           let value = enumeration(entry.value, key: "hyphens", allowed: Hyphens.allCases.map(\.rawValue)) {
            style.hyphens = Hyphens(rawValue: value) ?? .manual
        }
        if let entry = keys["fit"],
           let value = enumeration(entry.value, key: "fit", allowed: TextFit.allCases.map(\.rawValue)) {
            style.fit = TextFit(rawValue: value) ?? .none
            if style.fit == .shrink, ["maxWidth", "maxHeight", "width", "height"].allSatisfy({ keys[$0] == nil }) {
                report(.missingKey, entry.value.location,
                       "'fit: shrink' needs 'maxWidth' or 'maxHeight' (or a fixed 'width' or 'height') to shrink the text into")
            }
        }
        if style.direction == .vertical {
            // Columns fill the box from the right and `align` places them along its height.
            if let entry = keys["verticalAlign"] {
                report(.invalidValue, entry.keyLocation,
                       "'verticalAlign' applies to horizontal text; vertical columns fill the box from the right and 'align' places each along the height (left = top, right = bottom)")
            }
            if style.align == .justify, let entry = keys["align"] {
                report(.unsupported, entry.value.location, "'align: justify' with 'direction: vertical' is not supported yet")
            }
        }
        if let entry = keys["stroke"] { style.stroke = readStroke(entry.value) }
        if let entry = keys["shadow"] { style.shadow = readShadow(entry.value) }
        if let entry = keys["background"] { style.background = readTextBackground(entry.value) }
        return style
    }

    /// `lang`: a well-formed BCP 47 tag (RFC 5646 syntax: a 2-3 or 5-8
    /// letter language, then subtags of 1-8 letters or digits joined by
    /// `-`), kept as written whatever YAML would type it as (`no` is
    /// Norwegian). Whether each subtag is known is the typesetter's warning.
    mutating func languageTag(_ node: Node) -> String? {
        guard let s = scalar(node, key: "lang", expected: "a language tag") else { return nil }
        let subtags = s.text.split(separator: "-", omittingEmptySubsequences: false)
        let isAlphanumeric = { (t: Substring) in
            !t.isEmpty && t.count <= 8 && t.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) }
        }
        let language = subtags[0]
        guard !s.isNull, language.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic }),
              [2, 3, 5, 6, 7, 8].contains(language.count), subtags.allSatisfy(isAlphanumeric) else {
            let hint = s.text.contains("_") ? " (subtags are joined by '-', not '_')" : ""
            report(.invalidValue, s.location,
                   "'\(s.text)' is not a BCP 47 language tag for 'lang'\(hint); write one such as 'ja', 'zh-Hans' or 'en-US'")
            return nil
        }
        return s.text
    }

    private mutating func readStroke(_ node: Node) -> TextStroke? {
        guard let keys = keys(of: node, in: Vocabulary.stroke, key: "stroke") else { return nil }
        guard let widthEntry = keys["width"] else {
            report(.missingKey, node.location, "missing key 'width' in 'stroke': the band's width in pixels")
            return nil
        }
        guard let width = textLength(widthEntry.value, key: "width", maximum: Self.maxDecoration) else { return nil }
        var stroke = TextStroke(width: width)
        stroke.widthLocation = widthEntry.value.location
        if let entry = keys["color"] {
            guard let color = color(entry.value, key: "color") else { return nil }
            stroke.color = color
        }
        return stroke
    }

    private mutating func readShadow(_ node: Node) -> TextShadow? {
        guard let keys = keys(of: node, in: Vocabulary.shadow, key: "shadow") else { return nil }
        var shadow = TextShadow()
        if let entry = keys["offset"] {
            guard let (x, y) = pair(entry.value, key: "offset", range: -Self.maxTextLength...Self.maxTextLength,
                                    rangeText: "from -100000 to 100000 pixels", isLength: true) else { return nil }
            shadow.offsetX = x; shadow.offsetY = y
        }
        if let entry = keys["blur"] {
            guard let blur = number(entry.value, key: "blur", range: 0...Self.maxDecoration,
                                    rangeText: "at least 0 and at most 1000 pixels", isLength: true) else { return nil }
            shadow.blur = blur
        }
        if let entry = keys["color"] {
            guard let color = color(entry.value, key: "color") else { return nil }
            shadow.color = color
        }
        return shadow
    }

    private mutating func readTextBackground(_ node: Node) -> TextBackground? {
        guard let keys = keys(of: node, in: Vocabulary.textBackground, key: "background") else { return nil }
        guard let colorEntry = keys["color"] else {
            report(.missingKey, node.location, "missing key 'color' in 'background': the label box's colour")
            return nil
        }
        guard let paint = paint(colorEntry.value, key: "color") else { return nil }
        var background: TextBackground
        switch paint {
        case .color(let color): background = TextBackground(color: color)
        case .gradient(let gradient):
            background = TextBackground(color: RGBA(red: 0, green: 0, blue: 0, alpha: 0))
            background.gradient = gradient
        }
        if let entry = keys["padding"] {
            guard let value = textLength(entry.value, key: "padding") else { return nil }
            background.padding = value
        }
        if let entry = keys["cornerRadius"] {
            guard let value = textLength(entry.value, key: "cornerRadius") else { return nil }
            background.cornerRadius = value
        }
        return background
    }

    /// `weight`, `style`, `file`, `features` of a `font` mapping.
    mutating func readFontExtras(_ keys: [String: Node.Entry], into font: inout FontSpec) {
        if let entry = keys["weight"] { readWeight(entry.value).map { font.weight = $0 } }
        if let entry = keys["style"],
           let value = enumeration(entry.value, key: "style", allowed: FontStyleName.allCases.map(\.rawValue)) {
            font.style = FontStyleName(rawValue: value) ?? .normal
        }
        if let entry = keys["file"], let path = string(entry.value, key: "file") {
            let file = inputFile(path, key: FontSpec.fileKey, at: entry.value.location,
                                 what: "font file", missing: "font file '\(path)' not found")
            if file.exists { font.fileInput = file.input }
        }
        if let entry = keys["features"] { font.features = readFeatures(entry.value) }
    }

    /// Weight names for 100, 200, ... 900 (CSS/OpenType usWeightClass).
    static let weightNames = ["thin", "extralight", "light", "regular", "medium", "semibold", "bold", "extrabold", "black"]

    /// `[x, y]`, each pixels or a percentage.
    mutating func lengthPair(_ node: Node, key: String) -> (Length, Length)? {
        guard case .sequence(let items) = node.content, items.count == 2 else {
            let found = if case .sequence(let items) = node.content { "a list of \(items.count)" } else { describe(node) }
            report(.wrongType, node.location, "expected a list of two numbers [x, y] for '\(key)', found \(found)")
            return nil
        }
        let x = textLength(items[0], key: key, minimum: -Self.maxTextLength)
        let y = textLength(items[1], key: key, minimum: -Self.maxTextLength)
        guard let x, let y else { return nil }
        return (x, y)
    }

    private mutating func readWeight(_ node: Node) -> Int? {
        guard let s = scalar(node, key: "weight", expected: "a weight") else { return nil }
        if let named = Self.weightNames.firstIndex(of: s.text) { return (named + 1) * 100 }
        guard s.isUntyped, Self.isDecimalInteger(s.text), let value = Int(s.text) else {
            let names = Self.weightNames.map { "'\($0)'" }.joined(separator: ", ")
            if let suggestion = Suggestions.closest(to: s.text, in: Self.weightNames) {
                report(.invalidValue, s.location, "'\(s.text)' is not a valid 'weight'; did you mean '\(suggestion)'?",
                       notes: ["'weight' is one of \(names), or 100, 200, ... 900"])
            } else {
                report(.invalidValue, s.location, "'\(s.text)' is not a valid 'weight'; use one of \(names), or 100, 200, ... 900")
            }
            return nil
        }
        guard (100...900).contains(value), value % 100 == 0 else {
            report(.outOfRange, s.location, "'weight' must be 100, 200, ... 900; found \(s.text)")
            return nil
        }
        return value
    }

    private mutating func readFeatures(_ node: Node) -> [FontFeature] {
        guard case .mapping(let entries) = node.content else {
            report(.wrongType, node.location,
                   "expected a mapping of OpenType features for 'features' (e.g. {tnum: true, liga: false}), found \(describe(node))")
            return []
        }
        var features: [FontFeature] = []
        for entry in entries {
            let tag = entry.key
            guard tag.unicodeScalars.count == 4, tag.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }) else {
                report(.invalidValue, entry.keyLocation,
                       "'\(tag)' is not an OpenType feature tag: tags are four ASCII characters such as 'liga' or 'tnum'")
                continue
            }
            guard let s = scalar(entry.value, key: tag, expected: "true, false or an integer") else { continue }
            if s.isUntyped, s.text == "true" { features.append(FontFeature(tag: tag, value: 1)); continue }
            if s.isUntyped, s.text == "false" { features.append(FontFeature(tag: tag, value: 0)); continue }
            guard s.isUntyped, Self.isDecimalInteger(s.text) else {
                report(.wrongType, s.location, "expected true, false or an integer 0...65535 for feature '\(tag)', found \(describe(s))")
                continue
            }
            guard let value = UInt32(s.text), value <= 0xFFFF else {
                report(.outOfRange, s.location, "'\(tag)' must be from 0 to 65535; found \(s.text)")
                continue
            }
            features.append(FontFeature(tag: tag, value: value))
        }
        return features
    }
}

extension Validator {
    /// Reports overlays whose `photo:` names no laid-out photo (after
    /// `order`), or several: `.unknownId` / `.invalidValue` at the id.
    /// Skipped when the photos had errors of their own (`photos` nil).
    mutating func checkOverlayPhotos(_ overlays: [OverlaySpec], photos: [PhotoSpec]?) {
        guard let photos else { return }
        let ids = photos.map(\.id)
        for overlay in overlays {
            guard let id = overlay.photo else { continue }
            let count = ids.filter { $0 == id }.count
            if count == 0 {
                var message = "no photo has id '\(id)' for 'photo'"
                if let suggestion = Suggestions.closest(to: id, in: ids) { message += "; did you mean '\(suggestion)'?" }
                report(.unknownId, overlay.photoLocation, message, notes: ["ids of the laid-out photos: " + ids.joined(separator: ", ")])
            } else if count > 1 {
                report(.invalidValue, overlay.photoLocation,
                       "'\(id)' names \(count) photos for 'photo'; give them distinct 'id's")
            }
        }
    }
}
