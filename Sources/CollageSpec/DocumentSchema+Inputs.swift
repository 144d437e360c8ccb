/// The keys that name files, read from the schema's marks: every such key
/// carries `"x-type": "path"` and `"x-collage-input": "image" | "font" |
/// "document"` in `schema/collage.schema.json`, the one place they are listed.
extension DocumentSchema {
    /// Schema path of each marked key ("photo.src", "overlay.font.file":
    /// the `$defs` name, or nothing for the root object, then the property
    /// names, joined by dots; `anyOf`, `oneOf`, `allOf` and `items` add no
    /// name) to its kind. Read once from `text`.
    public static let inputKinds: [String: InputKind] = {
        let result = JSONReader.read(SourceText(file: "collage.schema.json", bytes: Array(text.utf8)))
        guard let root = result.root else { preconditionFailure("the compiled schema does not parse") }
        var kinds: [String: InputKind] = [:]
        func scalar(_ node: Node?) -> String? {
            if case .scalar(let value, _)? = node?.content { return value }
            return nil
        }
        func entries(_ node: Node) -> [Node.Entry] {
            if case .mapping(let entries) = node.content { return entries }
            return []
        }
        func visit(_ node: Node, path: String) {
            for entry in entries(node) {
                switch entry.key {
                case "properties":
                    for property in entries(entry.value) {
                        let name = path.isEmpty ? property.key : path + "." + property.key
                        if let mark = scalar(entries(property.value).first { $0.key == "x-collage-input" }?.value) {
                            guard let kind = InputKind(rawValue: mark) else {
                                preconditionFailure("'\(name)': unknown x-collage-input '\(mark)'")
                            }
                            kinds[name] = kind
                        }
                        visit(property.value, path: name)
                    }
                case "anyOf", "oneOf", "allOf":
                    if case .sequence(let items) = entry.value.content { for item in items { visit(item, path: path) } }
                case "items":
                    visit(entry.value, path: path)
                default:
                    break
                }
            }
        }
        visit(root, path: "")
        for def in entries(root).first(where: { $0.key == "$defs" }).map({ entries($0.value) }) ?? [] {
            visit(def.value, path: def.key)
        }
        return kinds
    }()
}
