/// The pre-scan's record of a document (`SVGPrescan`): one entry per element
/// in document order, then the expansion of references, each element's
/// cost counted once however many references reach it (memoised). A cycle
/// of references is refused: librsvg refuses it too, but only after walking
/// every path through it, which fans out (50 `<use>`s each way took more
/// than 30 s). A `<filter>`'s primitives count where the filter is used,
/// not where it is defined.
extension SVGPrescan {
    struct Element {
        var parent: Int
        var references: [String] = []
        var own = Cost(elements: 1)
        /// A `<filter>`: its subtree is counted only through references.
        var isFilter = false
    }

    /// Why a document is refused before its costs are summed.
    enum Refusal: Error {
        /// References that lead back to an element being expanded: the ids on the way.
        case cycle([String])
        /// An `<image>` or `<feImage>` whose `href` is an SVG in a `data:` URI,
        /// which this scan does not read (its cost would be unbounded).
        case embeddedSVG
    }

    /// The region and units of a `<filter>`, for its primitives.
    struct FilterRegion {
        var areaPixels: Double
        /// Primitive lengths (radius, σ) in pixels per unit, per axis.
        var unitX: Double, unitY: Double
    }

    struct Scan {
        var elements: [Element] = []
        /// Set by `add` for an embedded SVG (`Refusal.embeddedSVG`).
        var refusal: Refusal?
        var ids: [String: Int] = [:]
        var open: [Int] = []
        var filters: [Int: FilterRegion] = [:]
        /// Intrinsic size in px and the user-unit scale, from the root `<svg>`.
        var width = 0.0, height = 0.0, scaleX = 1.0, scaleY = 1.0

        mutating func add(name: String, depth: Int, attributes: [(String, String)]) {
            if open.count > depth { open.removeLast(open.count - depth) }
            let index = elements.count
            var element = Element(parent: open.last ?? -1)
            func value(_ key: String) -> String? { attributes.first { $0.0 == key }?.1 }
            if index == 0 { readViewport(value) }
            if let id = value("id"), ids[id] == nil { ids[id] = index }
            for (key, text) in attributes {
                if key == "href", name == "image" || name == "feImage", Self.isEmbeddedSVG(text) { refusal = .embeddedSVG }
                if key == "href", name == "use" || name == "feImage", text.hasPrefix("#") {
                    element.references.append(String(text.dropFirst()))
                } else if Self.referencingKeys.contains(key) || key.hasPrefix("marker") {
                    element.references += Self.urlReferences(in: text)
                }
            }
            if name == "use" { element.own.uses = 1 }
            if name == "filter" { filters[index] = filterRegion(value); element.isFilter = true }
            if let filter = open.last.flatMap({ filters[$0] }) {
                element.own.filterWork = filter.areaPixels * Self.kernel(name, value, region: filter)
            }
            elements.append(element)
            open.append(index)
        }

        static let referencingKeys: Set<String> = ["filter", "mask", "clip-path", "fill", "stroke", "style"]

        /// True for a `data:image/svg+xml` URI (any case, leading blanks).
        static func isEmbeddedSVG(_ href: String) -> Bool {
            href.drop { $0.isWhitespace }.prefix(14).lowercased() == "data:image/svg"
        }

        /// The ids of every `url(#id)` in `text`.
        static func urlReferences(in text: String) -> [String] {
            let bytes = Array(text.utf8), pattern = Array("url(".utf8)
            var found: [String] = []
            var index = 0
            while index + pattern.count <= bytes.count {
                guard bytes[index..<index + pattern.count].elementsEqual(pattern) else { index += 1; continue }
                index += pattern.count
                while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\"")
                    || bytes[index] == UInt8(ascii: "'") { index += 1 }
                guard index < bytes.count, bytes[index] == UInt8(ascii: "#") else { continue }
                let start = index + 1
                index = start
                while index < bytes.count, !")\"' ".utf8.contains(bytes[index]) { index += 1 }
                found.append(String(decoding: bytes[start..<index], as: UTF8.self))
            }
            return found
        }

        /// The root's intrinsic size (absolute units at 96 px to the inch,
        /// else the viewBox's size) and the scale from user units to it.
        mutating func readViewport(_ value: (String) -> String?) {
            let box = value("viewBox").map(Self.numbers) ?? []
            let boxWidth = box.count == 4 && box[2] > 0 ? box[2] : nil, boxHeight = box.count == 4 && box[3] > 0 ? box[3] : nil
            width = value("width").flatMap(Self.absoluteLength) ?? boxWidth ?? 0
            height = value("height").flatMap(Self.absoluteLength) ?? boxHeight ?? 0
            if let boxWidth, let boxHeight, width > 0, height > 0 { scaleX = width / boxWidth; scaleY = height / boxHeight }
        }

        func filterRegion(_ value: (String) -> String?) -> FilterRegion {
            let userSpace = value("filterUnits") == "userSpaceOnUse"
            let primitiveBox = value("primitiveUnits") == "objectBoundingBox"
            func side(_ key: String, viewport: Double, scale: Double) -> Double {
                let text = value(key) ?? "120%"
                if text.hasSuffix("%") { return (Double(text.dropLast()) ?? 1.2) / 100 * viewport }
                let number = Self.absoluteLength(text) ?? 1.2
                return userSpace ? number * scale : number * viewport
            }
            let area = abs(side("width", viewport: width, scale: scaleX)) * abs(side("height", viewport: height, scale: scaleY))
            return FilterRegion(areaPixels: area, unitX: primitiveBox ? width : scaleX, unitY: primitiveBox ? height : scaleY)
        }

        /// Kernel taps per pixel of a filter primitive (`SVGPrescan`).
        static func kernel(_ name: String, _ value: (String) -> String?, region: FilterRegion) -> Double {
            func pair(_ key: String, default fallback: Double) -> (Double, Double) {
                let list = value(key).map(numbers) ?? []
                let x = abs(list.first ?? fallback)
                return (x, list.count > 1 ? abs(list[1]) : x)
            }
            switch name {
            case "feMorphology":
                let (rx, ry) = pair("radius", default: 0)
                return (2 * rx * region.unitX + 1) * (2 * ry * region.unitY + 1)
            case "feGaussianBlur", "feDropShadow":
                let (sx, sy) = pair("stdDeviation", default: name == "feDropShadow" ? 2 : 0)
                return (6 * sx * region.unitX + 1) + (6 * sy * region.unitY + 1)
            case "feConvolveMatrix":
                let (ox, oy) = pair("order", default: 3)
                return max(1, ox) * max(1, oy)
            case "feTurbulence": return max(1, pair("numOctaves", default: 1).0)
            case "feDiffuseLighting", "feSpecularLighting": return 9
            default: return 1
            }
        }

        /// The numbers in a list separated by spaces and commas.
        static func numbers(_ text: String) -> [Double] {
            text.split { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" }.compactMap { Double($0) }
        }

        /// A length in px: a number with no unit or an absolute one; nil for
        /// a percentage, `em`, `ex` or text that is not a length.
        static func absoluteLength(_ text: String) -> Double? {
            let trimmed = text.trimmingSpaces
            let units: [(String, Double)] = [("px", 1), ("in", 96), ("cm", 96 / 2.54), ("mm", 96 / 25.4), ("pt", 96.0 / 72),
                                             ("pc", 16)]
            for (unit, factor) in units where trimmed.hasSuffix(unit) {
                return Double(trimmed.dropLast(unit.count)).map { $0 * factor }
            }
            return Double(trimmed)
        }

        /// The root's total: every element's own cost plus its children's
        /// and its references' totals.
        /// - Throws: `Refusal.cycle` for references that lead back to an
        ///   element being expanded.
        func expanded() throws(Refusal) -> Cost {
            guard !elements.isEmpty else { return Cost() }
            var dependencies = [[Int]](repeating: [], count: elements.count)
            for (index, element) in elements.enumerated() {
                if element.parent >= 0, !element.isFilter { dependencies[element.parent].append(index) }
                dependencies[index] += element.references.compactMap { ids[$0] }
            }
            // 0 not seen, 1 being summed (on the stack), 2 summed.
            var state = [UInt8](repeating: 0, count: elements.count)
            var total = [Cost](repeating: Cost(), count: elements.count)
            var stack: [(node: Int, next: Int)] = [(0, 0)]
            state[0] = 1
            while let top = stack.last {
                let deps = dependencies[top.node]
                if top.next < deps.count {
                    stack[stack.count - 1].next += 1
                    let dependency = deps[top.next]
                    if state[dependency] == 0 { state[dependency] = 1; stack.append((dependency, 0)); continue }
                    if state[dependency] == 1 {
                        // Back to an element on the stack: the cycle's named elements, in order.
                        let from = stack.firstIndex { $0.node == dependency } ?? 0
                        let names = stack[from...].compactMap { entry in ids.first { $0.value == entry.node }?.key }
                        throw .cycle(names)
                    }
                    continue
                }
                var sum = elements[top.node].own
                for dependency in deps where state[dependency] == 2 { sum = sum + total[dependency] }
                total[top.node] = sum
                state[top.node] = 2
                stack.removeLast()
            }
            return total[0]
        }
    }
}

extension String {
    /// Without leading and trailing white space.
    fileprivate var trimmingSpaces: Substring {
        var text = Substring(self)
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return text
    }
}
