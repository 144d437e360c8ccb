/// Finds the unquoted `#` that broke a flow collection: in
/// `canvas: {background: #fff}` the `#` starts a comment (YAML 1.2 6.6: a
/// `#` after white space), so libyaml reports the missing `}` on a later
/// line. The reader uses this to point at the `#` instead.
enum FlowComment {
    /// The location of the last `#` that follows `: `, `[` or `,` (white
    /// space between) outside quotes, on lines `first...last` (1-based), or
    /// nil when there is none.
    static func unquotedHash(in source: SourceText, from first: Int, to last: Int) -> SourceLocation? {
        var found: SourceLocation?
        for number in max(1, first)...max(1, last) {
            guard let line = source.line(number) else { continue }
            var quote: Unicode.Scalar?
            var previous: Unicode.Scalar = " "     // the last non-blank scalar before this one
            var afterBlank = true
            for (index, scalar) in line.unicodeScalars.enumerated() {
                if let open = quote {
                    if scalar == open { quote = nil }
                } else if scalar == "\"" || scalar == "'" {
                    quote = scalar
                } else if scalar == "#" && afterBlank {
                    if previous == ":" || previous == "[" || previous == "," || previous == "{" {
                        found = source.location(line: number, column: index + 1)
                    }
                    break
                }
                if scalar == " " || scalar == "\t" {
                    afterBlank = true
                } else {
                    afterBlank = false
                    previous = scalar
                }
            }
        }
        return found
    }
}
