import CollageSpec

/// Why a render failed. Every case maps to exit code 1 except `usage` (64).
public enum CollageError: Error, Sendable {
    /// Problems in the document or its inputs, located where possible.
    case diagnostics(DiagnosticList)
    /// The request itself is wrong (e.g. `--format png` with `-o out.jpg`).
    case usage(String)

    /// A single unlocated diagnostic of `kind`.
    static func failure(_ kind: Diagnostic.Kind, _ message: String, at location: SourceLocation? = nil) -> CollageError {
        .diagnostics(DiagnosticList([Diagnostic(kind, at: location, message)]))
    }
}
