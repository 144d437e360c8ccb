import CollageSpec

/// Where a templated output path (`batch -o 'out/${id}.jpg'`) may write: the
/// folder part (up to the last `/`) of the template's text before its first
/// `${`, or `.` when that text has no `/`, resolved with symbolic links
/// (realpath(3), as `--root` resolves inputs). A row's expanded output must
/// resolve inside it, after following links, so a row value such as `../x`,
/// an absolute path or a link inside the folder that points out cannot make
/// a batch write elsewhere; a value with `/` that stays inside (`2026/tokyo`,
/// a sub-folder per row) is fine. `--allow-outside` turns the check off.
public struct OutputRoot: Sendable, Hashable {
    /// The folder as written in the template ("out", "." or "/srv/cards").
    public let folder: String
    /// `folder` made absolute with symbolic links resolved (its missing
    /// part, if any, normalised), without a trailing slash except for "/".
    public let resolved: String

    /// The output root of `template` (`-o`); `$${` is a literal `${`.
    public init(template: String) {
        var literal = ""
        var rest = Substring(template)
        while let dollar = rest.firstIndex(of: "$") {
            literal += rest[..<dollar]
            let after = rest[dollar...]
            if after.hasPrefix("$${") { literal += "${"; rest = after.dropFirst(3); continue }
            if after.hasPrefix("${") { rest = ""; break }
            literal += "$"; rest = after.dropFirst()
        }
        literal += rest
        if let slash = literal.lastIndex(of: "/") {
            folder = slash == literal.startIndex ? "/" : String(literal[..<slash])
        } else {
            folder = "."
        }
        resolved = PathPolicy.resolveExisting(WorkingDirectory.absolute(folder))
    }

    /// Why `output` (an expanded output path) may not be written, or nil
    /// when it resolves inside the root.
    public func refusal(of output: String) -> String? {
        let target = PathPolicy.resolveExisting(WorkingDirectory.absolute(output))
        if resolved == "/" ? target != "/" : target.hasPrefix(resolved + "/") { return nil }
        return "the output '\(output)' resolves to '\(target)', outside the output folder '\(folder)' "
            + "(the folder of -o before its first ${); pass --allow-outside to write there anyway"
    }
}
