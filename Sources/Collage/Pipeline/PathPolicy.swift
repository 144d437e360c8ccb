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

    /// The same root for the validator (`DocumentInput.load(variables:root:)`).
    public var inputRoot: InputRoot { InputRoot(resolved: root) }

    /// Whether `path` (absolute) lies inside the root once symlinks are
    /// followed (`InputRoot.contains`).
    public func contains(_ path: String) -> Bool { inputRoot.contains(path) }

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

    static func realPath(_ path: String) -> String? { InputRoot.realPath(path) }
    static func resolveExisting(_ path: String) -> String { InputRoot.resolveExisting(path) }
}
