/// Resolves a photo path written in a document against the document's
/// folder (docs/format.md: paths are relative to the document's folder;
/// absolute paths work too), lexically: `.` and `..` components are folded, symbolic
/// links are not followed.
enum PathResolver {
    /// The absolute, normalised path of `path` relative to `base` (absolute).
    static func resolve(_ path: String, against base: String) -> String {
        let joined = path.hasPrefix("/") ? path : base + "/" + path
        var parts: [Substring] = []
        for component in joined.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(component)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The file name without its folder and last extension: the default
    /// photo id ("photos/beach.heic" -> "beach"; ".hidden" stays ".hidden").
    static func stem(of path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}
