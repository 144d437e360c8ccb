import Collage

/// A failed render's diagnostics as the live preview's `failure` event
/// carries them: `{"id", "diagnostics": [{file, line, column, severity,
/// kind, message, notes, source, caret, text}]}`. The first keys are
/// `collage check --diagnostics json`'s; `source` is the quoted line and
/// `caret` the blank space and `^` under the column, exactly as the
/// terminal prints them (`DiagnosticFormatter`, no colour; null without a
/// location or source), and `text` the whole block the terminal prints.
public enum PreviewDiagnostics {
    /// The JSON text of the event for render `id`.
    public static func json(id: Int, diagnostics: [Diagnostic], source: SourceText?) -> String {
        let formatter = DiagnosticFormatter(colour: false)
        let items: [JSONText.Value] = diagnostics.map { diagnostic in
            guard case .object(let members) = diagnostic.json() else { return .null }
            let excerpt = DiagnosticFormatter.excerpt(of: diagnostic, source: source)
            return .object(members + [
                ("source", excerpt.map { .string($0.line) } ?? .null),
                ("caret", excerpt.map { .string($0.caretPrefix + "^") } ?? .null),
                ("text", .string(formatter.format(diagnostic, source: source))),
            ])
        }
        return JSONText.write(.object([("id", .int(id)), ("diagnostics", .array(items))]))
    }
}
