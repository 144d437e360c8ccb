/// Why no usable font was found; reported as `Diagnostic.Kind.font`.
public enum FontError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A fontconfig configuration file that fontconfig could not load.
    case configuration(String)
    /// fontconfig matched nothing for these families (no fonts installed).
    case noFont([String])
    /// A font file that could not be opened (path, the reason: the
    /// system's error, or FreeType's, e.g. "not a font file").
    case unreadable(String, String)
    /// FreeType failed to set a size or load a glyph (path, FreeType error code).
    case freeType(String, Int)

    public var description: String {
        switch self {
        case let .configuration(file): "cannot load the fontconfig configuration '\(file)'"
        case let .noFont(families): "no font found for \(families.map { "'\($0)'" }.joined(separator: ", "))"
        case let .unreadable(file, reason): "cannot open font file '\(file)': \(reason)"
        case let .freeType(file, code): "FreeType error \(code) with font '\(file)'"
        }
    }
}
