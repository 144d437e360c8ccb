/// `filter` (photos, image overlays, the background image) and `blend`
/// (photos and every overlay); docs/format.md "Effects".
extension Validator {
    /// `filter`: a list of one-key mappings applied in order (a function may
    /// repeat: the form for JSON), or one mapping applied in the order
    /// written. An unknown function is an unknown key with a suggestion; an
    /// amount outside its range, or a percent string, an error at the amount.
    mutating func readFilters(_ node: Node) -> [FilterSpec]? {
        switch node.content {
        case .sequence(let items):
            var filters: [FilterSpec] = []
            var failed = false
            for item in items {
                guard case .mapping(let entries) = item.content, entries.count == 1 else {
                    let found = if case .mapping(let entries) = item.content { "a mapping of \(entries.count) keys" } else { describe(item) }
                    report(.wrongType, item.location,
                           "expected a mapping of one filter function for an item of 'filter' (such as {grayscale: 1}), found \(found)")
                    failed = true
                    continue
                }
                guard let more = filterFunctions(item) else { failed = true; continue }
                filters += more
            }
            return failed ? nil : filters
        case .mapping:
            return filterFunctions(node)
        default:
            report(.wrongType, node.location,
                   "expected a list of filter functions ([{grayscale: 1}, {blur: 2}]) or a mapping for 'filter', found \(describe(node))")
            return nil
        }
    }

    /// The functions of one mapping, in the order written.
    private mutating func filterFunctions(_ node: Node) -> [FilterSpec]? {
        guard case .mapping(let entries) = node.content,
              keys(of: node, in: Vocabulary.filter, key: "filter") != nil else { return nil }
        var filters: [FilterSpec] = []
        var failed = false
        for entry in entries {
            guard let function = FilterSpec.Function(rawValue: entry.key) else { failed = true; continue }
            if case .scalar(let text, _) = entry.value.content, text.hasSuffix("%") {
                report(.wrongType, entry.value.location,
                       "'\(entry.key)' takes a number, not a percentage; found \(describe(entry.value))",
                       notes: [function == .blur ? "the blur is a length in pixels, e.g. 'blur: 4'"
                                                  : "write 0.5 for 50%: amounts are CSS's numbers, 1 meaning 100%"])
                failed = true
                continue
            }
            guard let amount = number(entry.value, key: entry.key, range: function.range, rangeText: function.rangeText,
                                      isLength: function == .blur) else {
                failed = true
                continue
            }
            filters.append(FilterSpec(function, amount + 0))
        }
        return failed ? nil : filters
    }

    /// `blend`: a `BlendModeName`; a CSS spelling (`color-dodge`) suggests the camelCase one.
    mutating func readBlend(_ node: Node) -> BlendModeName? {
        enumeration(node, key: "blend", allowed: BlendModeName.allCases.map(\.rawValue)).flatMap(BlendModeName.init(rawValue:))
    }
}
