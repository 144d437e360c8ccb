/// Rows of variables for `collage batch --data rows.json|rows.yaml`: a list
/// of mappings from variable names to scalars, read by the same readers as
/// documents (`DocumentSyntax`: RFC 8259 JSON for `.json`, YAML otherwise),
/// with located errors.
///
///     - {id: tokyo, title: "東京"}
///     - {id: cairo, title: "القاهرة"}
public enum VariableRows {
    /// One data row: its fields and where its mapping starts.
    public struct Row: Sendable, Hashable {
        public var fields: [String: String]
        public var location: SourceLocation
        public init(fields: [String: String], location: SourceLocation) {
            self.fields = fields; self.location = location
        }
    }

    /// Reads a list of rows.
    /// - Throws: `DiagnosticList` with every problem: `.syntax` for text that
    ///   does not parse, `.wrongType` for a root that is not a list or an item
    ///   that is not a mapping of scalars, `.invalidValue` for a key that is
    ///   not a variable name (letters, digits, `_`, not starting with a digit).
    public static func read(_ source: SourceText) throws(DiagnosticList) -> [Row] {
        let result = DocumentSyntax.read(source)
        var diagnostics = result.diagnostics.filter { $0.severity == .error }
        guard diagnostics.isEmpty else { throw DiagnosticList(diagnostics, source: source) }
        guard let root = result.root else { return [] }
        guard case .sequence(let items) = root.content else {
            throw DiagnosticList([Diagnostic(.wrongType, at: root.location,
                "expected a list of rows (mappings of variable names to values)")], source: source)
        }
        var rows: [Row] = []
        for item in items {
            guard case .mapping(let entries) = item.content else {
                diagnostics.append(Diagnostic(.wrongType, at: item.location,
                                              "expected a row: a mapping of variable names to values"))
                continue
            }
            var fields: [String: String] = [:]
            for entry in entries {
                guard Validator.isVariableName(entry.key) else {
                    diagnostics.append(Diagnostic(.invalidValue, at: entry.keyLocation,
                        "'\(entry.key)' is not a variable name; use letters, digits and '_', not starting with a digit"))
                    continue
                }
                guard case .scalar(let text, _) = entry.value.content else {
                    diagnostics.append(Diagnostic(.wrongType, at: entry.value.location,
                        "expected a string or number for '\(entry.key)', found a \(entry.value.content.isMapping ? "mapping" : "list")"))
                    continue
                }
                fields[entry.key] = text
            }
            rows.append(Row(fields: fields, location: item.location))
        }
        guard diagnostics.isEmpty else { throw DiagnosticList(diagnostics, source: source) }
        return rows
    }

    /// Whether `name` can be used as `${name}` (docs/format.md).
    public static func isVariableName(_ name: String) -> Bool { Validator.isVariableName(name) }
}

private extension Node.Content {
    var isMapping: Bool {
        if case .mapping = self { return true }
        return false
    }
}
