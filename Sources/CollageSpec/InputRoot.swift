#if canImport(Glibc)
import Glibc
#endif

/// The folder a document's files must stay in (`--root`, the library's
/// `DocumentRenderer(root:)`, `collage serve`), applied while the document
/// is validated: a path or photo pattern that resolves outside it is one
/// `.pathOutsideRoot` error at its place, found before the file is looked
/// for or a pattern expanded, so the answer is the same whether or not
/// such a file exists, and no file outside is named (issue 42's review: an
/// outside pattern listed its matches, a missing outside file read "not
/// found" where an existing one read "outside").
public struct InputRoot: Sendable, Hashable {
    /// The root, symlinks resolved, absolute, without a trailing slash (but "/").
    public let path: String

    /// `path` must be the resolved root (`PathPolicy` makes it).
    public init(resolved path: String) { self.path = path }

    /// Whether `path` (absolute) lies inside the root once symlinks are
    /// followed; a path that does not exist is judged by its nearest
    /// existing ancestor plus the rest of it, normalised.
    public func contains(_ path: String) -> Bool {
        if self.path == "/" { return true }
        let resolved = InputRoot.resolveExisting(path)
        return resolved == self.path || resolved.hasPrefix(self.path + "/")
    }

    /// realpath(3), or nil when the path does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// realpath(3) of the longest existing prefix of `path`, with the
    /// remaining components appended (`..` in them removed lexically).
    public static func resolveExisting(_ path: String) -> String {
        if let resolved = realPath(path) { return resolved }
        var components = path.split(separator: "/").map(String.init)
        var rest: [String] = []
        while !components.isEmpty {
            rest.insert(components.removeLast(), at: 0)
            let prefix = "/" + components.joined(separator: "/")
            if let base = realPath(prefix) {
                var parts = base.split(separator: "/").map(String.init)
                for part in rest {
                    switch part {
                    case ".": continue
                    case "..": if !parts.isEmpty { parts.removeLast() }
                    default: parts.append(part)
                    }
                }
                return "/" + parts.joined(separator: "/")
            }
        }
        return path
    }
}
