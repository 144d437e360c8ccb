import Collage
#if canImport(Glibc)
import Glibc
#endif

/// A URL path mapped to a template under the root: `/cards/og.jpg` is
/// `cards/og.yaml`, else `cards/og.yml`, else `cards/og.json`, encoded as
/// JPEG (`.jpg`, `.jpeg`), PNG (`.png`) or WebP (`.webp`).
///
/// Nothing outside the root is ever found: each path segment is
/// percent-decoded alone and refused when it is empty (`//`, an absolute
/// path), `.` or `..` (also as `%2e%2e`), starts with `.` (hidden files),
/// or holds `/` (`%2f`), `\` or NUL; the template must be a regular file
/// whose real path (symbolic links followed) is inside the root. A refused
/// path is answered exactly like a missing template (404).
struct TemplatePath: Equatable {
    /// The template relative to the root, as diagnostics name it (`cards/og.yaml`).
    var name: String
    /// Its absolute path.
    var path: String
    /// Its folder, absolute: the document's relative paths resolve against it.
    var folder: String
    var format: OutputFormat

    /// The template `rawPath` (still percent-encoded) names under `root`
    /// (resolved, absolute); nil when there is none or it is refused.
    static func resolve(_ rawPath: Substring, root: PathPolicy) -> TemplatePath? {
        var segments: [String] = []
        for raw in rawPath.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            guard let bytes = PercentEncoding.decode(raw, plusIsSpace: false), !bytes.isEmpty,
                  bytes.first != UInt8(ascii: "."),
                  !bytes.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") || $0 == 0 }),
                  let segment = String(validating: bytes, as: UTF8.self) else { return nil }
            segments.append(segment)
        }
        guard let last = segments.last, let dot = last.lastIndex(of: ".") else { return nil }
        let format: OutputFormat
        switch last[last.index(after: dot)...] {
        case "jpg", "jpeg": format = .jpeg
        case "png": format = .png
        case "webp": format = .webp
        default: return nil
        }
        let stem = (segments.dropLast() + [String(last[..<dot])]).joined(separator: "/")
        guard !stem.hasSuffix("/"), !last[..<dot].isEmpty else { return nil }
        for suffix in [".yaml", ".yml", ".json"] {
            let candidate = root.root == "/" ? "/" + stem + suffix : root.root + "/" + stem + suffix
            var st = stat()
            guard stat(candidate, &st) == 0 else { continue }
            guard (st.st_mode & S_IFMT) == S_IFREG, root.contains(candidate) else { return nil }
            let folder = String(candidate[..<candidate.lastIndex(of: "/")!])
            return TemplatePath(name: stem + suffix, path: candidate, folder: folder.isEmpty ? "/" : folder, format: format)
        }
        return nil
    }
}
