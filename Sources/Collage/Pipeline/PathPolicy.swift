import CollageSpec
#if canImport(Glibc)
import Glibc
#endif

/// `--root DIR`: every path a document names must resolve inside DIR after
/// following symlinks (realpath(3)), the setting for services that render
/// documents they did not write. A `../` that climbs out and a symlink
/// inside DIR that points out are both refused, each as a `.pathOutsideRoot`
/// diagnostic at the path's location in the document.
///
/// The paths a document names are `Spec.inputs`: every key the schema marks
/// with `x-collage-input` (docs/format.md lists them). Fonts chosen by
/// `family` come from fontconfig, not from a path in the document, so the
/// system font folders are not subject to the root.
public struct PathPolicy: Sendable {
    /// The root with symlinks resolved, absolute, without a trailing slash
    /// (except for "/" itself).
    public let root: String

    /// - Throws: `CollageError.usage` when `root` does not exist or is not a folder.
    public init(root: String) throws(CollageError) {
        guard let resolved = PathPolicy.realPath(root) else {
            throw .usage("--root '\(root)' does not exist")
        }
        var st = stat()
        guard stat(resolved, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR else {
            throw .usage("--root '\(root)' is not a folder")
        }
        self.root = resolved
    }

    /// Whether `path` (absolute) lies inside the root once symlinks are
    /// followed. A path that does not exist is judged by its nearest
    /// existing ancestor plus the rest of it, normalised.
    public func contains(_ path: String) -> Bool {
        let resolved = PathPolicy.resolveExisting(path)
        if root == "/" { return true }
        return resolved == root || resolved.hasPrefix(root + "/")
    }

    /// Refuses a spec that names a path outside the root.
    /// - Throws: `CollageError.diagnostics` with one `.pathOutsideRoot` per offending path.
    public func check(_ spec: Spec) throws(CollageError) {
        var problems: [Diagnostic] = []
        for input in spec.inputs where !contains(input.path) {
            problems.append(Diagnostic(.pathOutsideRoot, at: input.location,
                "'\(input.src)' is outside the allowed root '\(root)'",
                notes: ["resolves to \(PathPolicy.resolveExisting(input.path))",
                        "--root allows only files inside that folder, after following symlinks"]))
        }
        if !problems.isEmpty { throw .diagnostics(DiagnosticList(problems, source: spec.source)) }
    }

    /// realpath(3), or nil when the path does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// realpath(3) of the longest existing prefix of `path`, with the
    /// remaining components appended (`..` in them removed lexically).
    static func resolveExisting(_ path: String) -> String {
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
