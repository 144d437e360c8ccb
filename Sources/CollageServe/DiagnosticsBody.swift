import Collage

/// The body of a 422: the document's diagnostics as JSON, the shape of
/// `collage check --diagnostics json` (an array of objects with file, line,
/// column, severity, kind, message, notes), with no path of the machine in
/// it: the root's real path is cut from files, messages and notes (a path
/// under it becomes relative to it, the root itself `.`), and the notes
/// that say where a path outside the root resolves to are left out.
enum DiagnosticsBody {
    /// The JSON text of `diagnostics`, for roots `roots` (the real path and
    /// the path as given, both absolute).
    static func json(_ diagnostics: [Diagnostic], roots: [String], document: String) -> String {
        let scrubbed = diagnostics.map { diagnostic in
            var copy = diagnostic
            copy.message = relative(copy.message, roots: roots)
            copy.notes = copy.notes.filter { !$0.hasPrefix("resolves to ") }.map { relative($0, roots: roots) }
            if var location = copy.location {
                location.file = relative(location.file, roots: roots)
                copy.location = location
            }
            return copy.json(document: document)
        }
        return JSONText.write(.array(scrubbed))
    }

    /// `text` with each root cut: `ROOT/a/b` becomes `a/b`, `ROOT` alone `.`.
    static func relative(_ text: String, roots: [String]) -> String {
        var out = text
        for root in roots.sorted(by: { $0.count > $1.count }) where root != "/" {
            out = out.replacing(root + "/", with: "").replacing(root, with: ".")
        }
        return out
    }
}
