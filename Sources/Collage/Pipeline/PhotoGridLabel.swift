import CollageSpec

/// The text of a `collage grid` label: a template with `${name}` (the
/// file's name, `beach.jpg`), `${stem}` (without its extension, `beach`)
/// and `${index}` (the photo's place on the command line, from 1).
public enum PhotoGridLabel {
    public static let variables = ["name", "stem", "index"]

    /// `template` with its variables replaced for the photo at `path`.
    ///
    /// - Throws: `CollageError.usage` for a `${…}` that is not one of
    ///   `variables` (with the closest as a suggestion) or is not closed.
    public static func text(_ template: String, path: String, index: Int) throws(CollageError) -> String {
        let name = String(path.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
        let stem = name.lastIndex(of: ".").map { $0 == name.startIndex ? name : String(name[..<$0]) } ?? name
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstRange(of: "${") {
            out += rest[..<open.lowerBound]
            let after = rest[open.upperBound...]
            guard let close = after.firstIndex(of: "}") else {
                throw .usage("--label '\(template)': '${' is not closed with '}'")
            }
            let variable = String(after[..<close])
            switch variable {
            case "name": out += name
            case "stem": out += stem
            case "index": out += String(index)
            default:
                let hint = Suggestions.closest(to: variable, in: variables).map { "; did you mean '${\($0)}'?" }
                    ?? " (the variables are ${name}, ${stem} and ${index})"
                throw .usage("--label '\(template)': unknown variable '${\(variable)}'" + hint)
            }
            rest = after[after.index(after: close)...]
        }
        return out + rest
    }
}
