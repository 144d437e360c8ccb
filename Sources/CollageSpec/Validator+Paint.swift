/// Paints (issue 15, `PaintSpec`): a colour string, or a mapping
/// `{gradient: {kind, angle, center, radius, stops, space}}`. Stops are
/// `[colour, position]`, `[colour]` or a bare colour; positions are numbers
/// 0-1 or percentages, omitted ones spread evenly between their
/// neighbours (the first defaults to 0, the last to 1, as CSS); a
/// decreasing position, or one outside 0-1, is an error.
extension Validator {
    /// Most stops a gradient may have.
    static let maxGradientStops = 256

    mutating func paint(_ node: Node, key: String) -> PaintSpec? {
        guard case .mapping = node.content else { return color(node, key: key).map(PaintSpec.color) }
        guard let keys = keys(of: node, in: Vocabulary.paint, key: key) else { return nil }
        guard let entry = keys["gradient"] else {
            report(.missingKey, node.location, "a paint mapping for '\(key)' needs 'gradient' (or give a colour)")
            return nil
        }
        return gradient(entry.value).map(PaintSpec.gradient)
    }

    private mutating func gradient(_ node: Node) -> GradientSpec? {
        guard let keys = keys(of: node, in: Vocabulary.gradient, key: "gradient") else { return nil }
        var failed = false
        var gradient = GradientSpec(stops: [])
        if let entry = keys["kind"] {
            if let name = enumeration(entry.value, key: "kind", allowed: GradientSpec.Kind.allCases.map(\.rawValue)),
               let kind = GradientSpec.Kind(rawValue: name) { gradient.kind = kind } else { failed = true }
        }
        if let entry = keys["space"] {
            if let name = enumeration(entry.value, key: "space", allowed: GradientSpec.Space.allCases.map(\.rawValue)),
               let space = GradientSpec.Space(rawValue: name) { gradient.space = space } else { failed = true }
        }
        if let entry = keys["angle"] {
            if let angle = number(entry.value, key: "angle", range: -3600...3600, rangeText: "from -3600 to 3600 degrees") {
                gradient.angle = angle + 0
            } else { failed = true }
        }
        if let entry = keys["center"] {
            if let (x, y) = pair(entry.value, key: "center", range: -10...10, rangeText: "a fraction of the box from -10 to 10") {
                gradient.centerX = x + 0; gradient.centerY = y + 0
            } else { failed = true }
        }
        if let entry = keys["radius"] {
            if let radius = length(entry.value, key: "radius") {
                let limit = radius.isPercent ? 1000.0 : Double(Self.maxCanvasSide)
                if radius.value > 0, radius.value <= limit {
                    gradient.radius = Length(radius.value, isPercent: radius.isPercent)
                } else {
                    report(.outOfRange, entry.value.location,
                           "'radius' must be more than 0 and at most \(Self.formatNumber(limit))\(radius.isPercent ? "%" : " pixels"); found \(describe(entry.value))")
                    failed = true
                }
            } else { failed = true }
        }
        for key in ["center", "radius"] where gradient.kind == .linear {
            guard let entry = keys[key] else { continue }
            report(.invalidValue, entry.keyLocation, "'\(key)' applies to radial gradients; add 'kind: radial'")
            failed = true
        }
        if gradient.kind == .radial, let entry = keys["angle"] {
            report(.invalidValue, entry.keyLocation, "'angle' applies to linear gradients, not radial ones")
            failed = true
        }
        guard let stopsEntry = keys["stops"] else {
            report(.missingKey, node.location, "missing key 'stops' in 'gradient': at least two [colour, position] stops")
            return nil
        }
        guard let stops = gradientStops(stopsEntry.value) else { return nil }
        gradient.stops = stops
        return failed ? nil : gradient
    }

    /// The stops with every position resolved (CSS Images 3 "color stop fixup", decreasing ones refused).
    private mutating func gradientStops(_ node: Node) -> [GradientStopSpec]? {
        guard case .sequence(let items) = node.content, items.count >= 2, items.count <= Self.maxGradientStops else {
            let found = if case .sequence(let items) = node.content { "a list of \(items.count)" } else { describe(node) }
            report(.wrongType, node.location,
                   "expected a list of 2 to \(Self.maxGradientStops) stops [[colour, position], ...] for 'stops', found \(found)")
            return nil
        }
        var colors: [RGBA] = [], positions: [Double?] = []
        var failed = false
        var last: (Double, SourceLocation)?
        for item in items {
            var colorNode = item, positionNode: Node?
            if case .sequence(let parts) = item.content {
                guard parts.count == 1 || parts.count == 2 else {
                    report(.wrongType, item.location, "expected a stop [colour, position] in 'stops', found a list of \(parts.count)")
                    failed = true
                    continue
                }
                colorNode = parts[0]
                positionNode = parts.count == 2 ? parts[1] : nil
            }
            guard let color = color(colorNode, key: "stops") else { failed = true; continue }
            var position: Double?
            if let positionNode {
                guard let value = stopPosition(positionNode) else { failed = true; continue }
                if let (previous, at) = last, value < previous {
                    report(.invalidValue, positionNode.location,
                           "stop positions must not decrease; \(Self.formatNumber(value)) comes after \(Self.formatNumber(previous)) (line \(at.line))",
                           notes: ["two stops at one position make a hard edge"])
                    failed = true
                    continue
                }
                last = (value, positionNode.location)
                position = value
            }
            colors.append(color); positions.append(position)
        }
        guard !failed else { return nil }
        // CSS: the first defaults to 0, the last to 1; runs between known positions spread evenly.
        if positions[0] == nil { positions[0] = 0 }
        if positions[positions.count - 1] == nil { positions[positions.count - 1] = 1 }
        var i = 0
        while i < positions.count {
            guard positions[i] == nil else { i += 1; continue }
            let start = i - 1
            var end = i
            while positions[end] == nil { end += 1 }
            let from = positions[start]!, to = positions[end]!
            for k in i ..< end { positions[k] = from + (to - from) * Double(k - start) / Double(end - start) }
            i = end
        }
        return zip(colors, positions).map { GradientStopSpec(color: $0, position: $1! + 0) }
    }

    /// A stop position: a number 0-1 or a percentage 0%-100%, as a fraction.
    private mutating func stopPosition(_ node: Node) -> Double? {
        guard let value = length(node, key: "stops") else { return nil }
        let fraction = value.isPercent ? value.value / 100 : value.value
        guard fraction >= 0, fraction <= 1 else {
            report(.outOfRange, node.location, "a stop position must be from 0 to 1 (or 0% to 100%); found \(describe(node))")
            return nil
        }
        return fraction
    }
}
