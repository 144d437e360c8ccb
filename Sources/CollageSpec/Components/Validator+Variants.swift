/// `variants:` as the validator checks it (docs/format.md "Variants"): a
/// mapping of names to `{width, height, overrides}`; the selected one was
/// applied to the tree before validation (`DocumentVariants.apply`).
extension Validator {
    /// The variants' names in order, after checking their keys and sides.
    mutating func readVariants(_ entry: Node.Entry?) -> [String] {
        guard let entry else { return [] }
        guard case .mapping(let items) = entry.value.content else {
            report(.wrongType, entry.value.location,
                   "expected a mapping of variant names to {width, height, overrides} for 'variants', found \(describe(entry.value))")
            return []
        }
        var names: [String] = []
        for item in items {
            guard Self.isVariableName(item.key) else {
                report(.invalidValue, item.keyLocation,
                       "'\(item.key)' is not a variant name; use letters, digits and '_', not starting with a digit")
                continue
            }
            names.append(item.key)
            guard let keys = keys(of: item.value, in: Vocabulary.variant, key: item.key) else { continue }
            for side in ["width", "height"] {
                if let value = keys[side] { _ = int(value.value, key: side, range: 1...Self.maxCanvasSide) }
            }
            if let overrides = keys["overrides"], case .mapping = overrides.value.content {} else if let overrides = keys["overrides"] {
                report(.wrongType, overrides.value.location,
                       "expected a mapping of key paths to values for 'overrides', found \(describe(overrides.value))")
            }
        }
        return names
    }
}
