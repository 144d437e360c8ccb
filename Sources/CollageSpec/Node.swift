/// One node of a parsed YAML or JSON document, before validation.
///
/// Every node keeps the `SourceLocation` of its first character (for a
/// block mapping: its first key; for a quoted scalar: the opening quote).
/// Aliases are already expanded: an alias yields a copy of its anchor's node
/// located at the alias.
struct Node: Sendable {
    /// How a scalar was written: plain scalars are typed by the key that
    /// holds them (README "Rules": Errors); quoted and block scalars are strings.
    enum ScalarStyle: Sendable, Hashable {
        case plain
        /// Single- or double-quoted (every JSON string).
        case quoted
        /// Literal (`|`) or folded (`>`) block scalar.
        case block
    }

    /// One key of a mapping with its value, in document order.
    struct Entry: Sendable {
        var key: String
        var keyLocation: SourceLocation
        var value: Node
    }

    enum Content: Sendable {
        /// The scalar's text after YAML unescaping, exactly as written otherwise
        /// (`0755` stays "0755", `no` stays "no").
        case scalar(String, ScalarStyle)
        case mapping([Entry])
        case sequence([Node])
    }

    var content: Content
    var location: SourceLocation
    /// Number of nodes in this subtree with aliases expanded (keys count too);
    /// bounds alias expansion.
    var weight: Int

    init(_ content: Content, at location: SourceLocation) {
        self.content = content
        self.location = location
        switch content {
        case .scalar: weight = 1
        case .mapping(let entries): weight = entries.reduce(1) { $0 + 1 + $1.value.weight }
        case .sequence(let items): weight = items.reduce(1) { $0 + $1.weight }
        }
    }
}
