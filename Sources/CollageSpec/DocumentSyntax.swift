/// Chooses the reader for a document's text (docs/format.md "JSON" and
/// "YAML"): a `.json` name is read by `JSONReader` (RFC 8259); any other
/// name by `YAMLReader` (libyaml, one document of a documented subset).
/// Text with no `.yaml`/`.yml` name (standard input) whose first
/// non-blank character is `{` or `[` is read as JSON when it is valid JSON,
/// so `json.dumps` output piped in keeps its surrogate-pair escapes;
/// otherwise as YAML flow style, where `//` and `/* */` comments are errors
/// at their location (`JSONLint`).
enum DocumentSyntax {
    /// The tree and the reader's diagnostics; never throws.
    static func read(_ source: SourceText) -> YAMLReader.Result {
        let name = source.file.lowercased()
        if name.hasSuffix(".json") { return JSONReader.read(source) }
        let looksLikeJSON = JSONLint.looksLikeJSON(source)
        if looksLikeJSON && !name.hasSuffix(".yaml") && !name.hasSuffix(".yml") {
            let json = JSONReader.read(source)
            if json.root != nil && json.diagnostics.isEmpty { return json }
        }
        let comments = looksLikeJSON ? JSONLint.comments(in: source) : []
        if !comments.isEmpty { return YAMLReader.Result(root: nil, diagnostics: comments) }
        return YAMLReader.read(source)
    }
}
