import Collage
import CollageSpec

extension DiagnosticList {
    /// The list with a note on every diagnostic whose value holds variables
    /// the data row set (each `${name}` in the scalar at the diagnostic's
    /// column, quoted or not): the row, where it starts in the data file,
    /// and the value, so a bad CSV cell is found without reading the
    /// template. Variables that `--set` overrides (`overridden`) are not the
    /// row's and get no note.
    func annotated(with row: DataRow, overridden: Set<String>) -> DiagnosticList {
        guard let source else { return self }
        var out = self
        for index in out.diagnostics.indices {
            guard let at = out.diagnostics[index].location, at.file == source.file,
                  let line = source.line(at.line) else { continue }
            for name in Self.variables(inScalarOf: line, column: at.column) where !overridden.contains(name) {
                guard let value = row.fields[name] else { continue }
                out.diagnostics[index].notes.append(
                    "${\(name)} is \(Self.quoted(value)) in row \(row.number) (\(row.location.file):\(row.location.line))")
            }
        }
        return out
    }

    /// The `${name}`s of the scalar starting at `column` (1-based, in
    /// Unicode scalars) of `line`: to its closing quote when quoted, else to
    /// the first `,`, `]`, `}` or ` #`; each name once, in order
    /// (`VariableSyntax`).
    static func variables(inScalarOf line: String, column: Int) -> [String] {
        var rest = Array(line.unicodeScalars.dropFirst(Swift.max(0, column - 1)))
        if let quote = rest.first, quote == "\"" || quote == "'" {
            rest.removeFirst()
            if let end = rest.firstIndex(of: quote) { rest = Array(rest[..<end]) }
        } else {
            // Unquoted: up to a flow indicator or a comment outside `${…}`.
            var i = 0, inside = false
            while i < rest.count {
                if !inside, rest[i] == "$", i + 1 < rest.count, rest[i + 1] == "{" { inside = true; i += 2; continue }
                if inside { if rest[i] == "}" { inside = false }; i += 1; continue }
                if ",]}".unicodeScalars.contains(rest[i]) || (rest[i] == "#" && i > 0 && rest[i - 1] == " ") { break }
                i += 1
            }
            rest = Array(rest[..<i])
        }
        return VariableSyntax.names(in: rest)
    }

    /// `value` in double quotes, cut to 60 characters.
    private static func quoted(_ value: String) -> String {
        let shown = value.count > 60 ? String(value.prefix(59)) + "…" : value
        return "\"" + shown + "\""
    }
}
