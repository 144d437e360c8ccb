import CollageRaster
import CollageSpec

/// Why a render failed. Every case maps to exit code 1 except `usage` (64).
public enum CollageError: Error, Sendable, CustomStringConvertible {
    /// Problems in the document or its inputs, located where possible
    /// (`file:line:column` in the document, the list's `source` for the
    /// quoted line): validation errors, unreadable or over-budget photos,
    /// paths outside the root, canvas limits, write failures.
    case diagnostics(DiagnosticList)
    /// The request itself is wrong (e.g. `--format png` with `-o out.jpg`,
    /// an output that is one of the inputs).
    case usage(String)
    /// The render did not finish within its timeout (`--timeout`,
    /// `DocumentRenderer.Configuration.timeout`), in seconds: it was
    /// stopped, its helper processes killed, and nothing was written.
    case timedOut(seconds: Double)

    /// What `collage` says of a render stopped at `--timeout seconds`.
    public static func timedOutMessage(_ seconds: Double) -> String {
        "the render exceeded --timeout \(Deadline.format(seconds)) s"
    }

    /// A single unlocated diagnostic of `kind`.
    static func failure(_ kind: Diagnostic.Kind, _ message: String, at location: SourceLocation? = nil) -> CollageError {
        .diagnostics(DiagnosticList([Diagnostic(kind, at: location, message)]))
    }

    /// The error as `collage` prints it, without colour: each diagnostic as
    /// `file:line:column: error: message` with the quoted line and its notes,
    /// or `error: message` for a usage error; ends in a newline.
    public var description: String {
        switch self {
        case .diagnostics(let list): return DiagnosticFormatter().format(list)
        case .usage(let message): return "error: \(message)\n"
        case .timedOut(let seconds): return "error: \(Self.timedOutMessage(seconds))\n"
        }
    }
}
