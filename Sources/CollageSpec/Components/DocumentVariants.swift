/// `variants:` (docs/format.md "Variants"): named canvases of one document,
/// `{og: {width: 1200, height: 630}, story: {width: 1080, height: 1920,
/// overrides: {"overlays.title.font.size": 64}}}`. Selecting one (the
/// variable `variant`: `--variant NAME`, `--set variant=NAME`, a batch's
/// variants) rewrites the parsed tree before it is validated: the canvas
/// takes the variant's `width` and `height`, and each override sets the
/// value at its path (`overlays.ID` is the overlay whose `id` is ID). A
/// value set this way is located where the variant writes it, so its errors
/// point there.
public enum DocumentVariants {
    /// The variable that selects a variant.
    public static let variable = "variant"

    /// One variant as written.
    struct Variant {
        var name: String
        var location: SourceLocation
        var entries: [Node.Entry]
    }

    /// The variants of a parsed document, in document order; empty for none
    /// (a `variants` that is not a mapping is reported by the validator).
    static func variants(of root: Node?) -> [Variant] {
        guard let root, case .mapping(let top) = root.content,
              let entry = top.first(where: { $0.key == "variants" }),
              case .mapping(let items) = entry.value.content else { return [] }
        return items.map { item in
            let entries: [Node.Entry] = if case .mapping(let keys) = item.value.content { keys } else { [] }
            return Variant(name: item.key, location: item.keyLocation, entries: entries)
        }
    }

    /// The variant names of a document's text, in order (empty when it has
    /// none or does not parse): what `render -o 'out/${variant}.jpg'` and
    /// `batch` multiply by.
    public static func names(text: [UInt8], file: String) -> [String] {
        variants(of: DocumentSyntax.read(SourceText(file: file, bytes: text)).root).map(\.name)
    }

    /// The tree with the variant `name` applied; errors (no such variant, a
    /// path that names nothing) are appended to `diagnostics`.
    static func apply(_ name: String, to root: Node, diagnostics: inout [Diagnostic]) -> Node {
        let all = variants(of: root)
        guard let variant = all.first(where: { $0.name == name }) else {
            let start = SourceLocation(file: root.location.file, line: 1, column: 1)
            let names = all.map { "'\($0.name)'" }.joined(separator: ", ")
            diagnostics.append(Diagnostic(.unknownId, at: start, "the document has no variant '\(name)'",
                                          notes: [all.isEmpty ? "it declares no 'variants'" : "its variants: \(names)"]))
            return root
        }
        var tree = root
        for entry in variant.entries {
            switch entry.key {
            case "width", "height":
                tree = set(["canvas", entry.key], to: entry.value, in: tree, at: entry.keyLocation, diagnostics: &diagnostics)
            case "overrides":
                guard case .mapping(let overrides) = entry.value.content else { continue }
                for override in overrides {
                    let path = override.key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                    guard !path.contains(where: \.isEmpty) else {
                        diagnostics.append(Diagnostic(.invalidValue, at: override.keyLocation,
                                                      "'\(override.key)' is not a key path; write keys joined by '.', such as 'overlays.title.font.size'"))
                        continue
                    }
                    tree = set(path, to: override.value, in: tree, at: override.keyLocation, diagnostics: &diagnostics)
                }
            default:
                continue
            }
        }
        return tree
    }

    /// `node` with the value at `path` set to `value` (mappings on the way
    /// created when missing; a list is entered by an overlay's `id`).
    private static func set(_ path: [String], to value: Node, in node: Node, at location: SourceLocation,
                            diagnostics: inout [Diagnostic]) -> Node {
        guard let key = path.first else { return value }
        let rest = Array(path.dropFirst())
        switch node.content {
        case .mapping(var entries):
            if let index = entries.firstIndex(where: { $0.key == key }) {
                entries[index].value = set(rest, to: value, in: entries[index].value, at: location, diagnostics: &diagnostics)
            } else {
                let empty = Node(.mapping([]), at: location)
                entries.append(Node.Entry(key: key, keyLocation: location,
                                          value: rest.isEmpty ? value : set(rest, to: value, in: empty, at: location, diagnostics: &diagnostics)))
            }
            return Node(.mapping(entries), at: node.location)
        case .sequence(var items):
            let matches = items.indices.filter { index in
                guard case .mapping(let entries) = items[index].content,
                      let id = entries.first(where: { $0.key == "id" }), case .scalar(let text, _) = id.value.content else { return false }
                return text == key
            }
            guard matches.count == 1, let index = matches.first else {
                diagnostics.append(Diagnostic(.unknownId, at: location,
                                              matches.isEmpty ? "no item has 'id: \(key)' for this override"
                                                              : "'id: \(key)' names \(matches.count) items; give them distinct ids"))
                return node
            }
            items[index] = set(rest, to: value, in: items[index], at: location, diagnostics: &diagnostics)
            return Node(.sequence(items), at: node.location)
        case .scalar:
            diagnostics.append(Diagnostic(.invalidValue, at: location, "'\(key)' cannot be set inside a value that is not a mapping or list"))
            return node
        }
    }
}
