/// Why no usable font was found; reported as `Diagnostic.Kind.font`.
public enum FontError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A fontconfig configuration file that fontconfig could not load.
    case configuration(String)
    /// fontconfig matched nothing for these families (no fonts installed).
    case noFont([String])
    /// FreeType could not open a matched file (path, FreeType error code).
    case unreadable(String, Int)
    /// FreeType failed to set a size or load a glyph (path, FreeType error code).
    case freeType(String, Int)

    public var description: String {
        switch self {
        case let .configuration(file): "cannot load the fontconfig configuration '\(file)'"
        case let .noFont(families): "no font found for \(families.map { "'\($0)'" }.joined(separator: ", "))"
        case let .unreadable(file, code): "cannot open font file '\(file)' (FreeType error \(code))"
        case let .freeType(file, code): "FreeType error \(code) with font '\(file)'"
        }
    }
}
