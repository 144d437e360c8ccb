/// The grammar of variable references in a document's scalars (docs/format.md
/// "Variables"), in one place for everything that reads it: substitution
/// (`Validator.substitute`), the location of each reference in the source,
/// and the batch's per-row notes (which `${name}`s a failing value holds).
///
/// - `${name}` is a reference: everything up to the next `}` is the name.
/// - `$${` is a literal `${` (and no reference).
/// - A `${` that no `}` closes is malformed; the scan stops there.
/// - Any other `$` is literal.
public enum VariableSyntax {
    /// A piece of a scanned scalar, in order.
    public enum Piece: Equatable, Sendable {
        /// Literal text, with each `$${` already turned into `${`.
        case text(String)
        /// `${name}`: `offset` is the index of its `$` in the scanned
        /// scalars (Unicode scalars, from 0).
        case reference(name: String, offset: Int)
        /// A `${` at `offset` that no `}` closes; always the last piece.
        case unclosed(offset: Int)
    }

    /// Splits `scalars` into literal text and references, by the rules
    /// above. Adjacent literal text is one `.text` piece.
    public static func pieces<S: Collection<Unicode.Scalar>>(of scalars: S) -> [Piece] {
        let scalars = Array(scalars)
        var pieces: [Piece] = []
        var text = String.UnicodeScalarView()
        func flush() {
            if !text.isEmpty { pieces.append(.text(String(text))); text = String.UnicodeScalarView() }
        }
        var i = 0
        while i < scalars.count {
            if scalars[i] == "$", i + 2 < scalars.count, scalars[i + 1] == "$", scalars[i + 2] == "{" {
                text.append(contentsOf: "${".unicodeScalars)
                i += 3
                continue
            }
            if scalars[i] == "$", i + 1 < scalars.count, scalars[i + 1] == "{" {
                flush()
                guard let close = scalars[(i + 2)...].firstIndex(of: "}") else {
                    pieces.append(.unclosed(offset: i))
                    return pieces
                }
                pieces.append(.reference(name: String(String.UnicodeScalarView(scalars[(i + 2) ..< close])), offset: i))
                i = close + 1
                continue
            }
            text.append(scalars[i])
            i += 1
        }
        flush()
        return pieces
    }

    /// The names `scalars` refers to, each once, in order of first use
    /// (an unclosed `${` names nothing).
    public static func names<S: Collection<Unicode.Scalar>>(in scalars: S) -> [String] {
        var names: [String] = []
        for case .reference(name: let name, offset: _) in pieces(of: scalars) where !names.contains(name) { names.append(name) }
        return names
    }
}
