import CollageSpec
#if canImport(Glibc)
import Glibc
#endif

/// Where a document comes from: a file, or text already read (standard
/// input for `collage render -`, a batch template filled per row).
public enum DocumentInput: Sendable {
    /// A document file; relative paths inside it resolve against its folder.
    case file(String)
    /// Document text named `name` in diagnostics ("<stdin>" for standard
    /// input); relative paths inside it resolve against `baseDirectory`
    /// (absolute).
    case text([UInt8], name: String, baseDirectory: String)

    /// The whole of standard input as a document named "<stdin>", its
    /// relative paths resolving against the working directory.
    /// - Throws: `CollageError.diagnostics` (`.missingFile`) when standard input cannot be read.
    public static func standardInput() throws(CollageError) -> DocumentInput {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .failure(.missingFile, "cannot read the document from standard input: \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            bytes += chunk[0..<n]
        }
        return .text(bytes, name: "<stdin>", baseDirectory: WorkingDirectory.path)
    }

    /// The text of the document file at `path`, read once (a batch template
    /// then stays the same for every row even if the file changes meanwhile);
    /// named `path` in diagnostics, relative paths resolving against its folder.
    /// - Throws: `CollageError.diagnostics` (`.missingFile`) when it cannot be read.
    public static func contents(of path: String) throws(CollageError) -> DocumentInput {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw .failure(.missingFile, "cannot read document '\(path)': \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .failure(.missingFile, "cannot read document '\(path)': \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            bytes += chunk[0..<n]
        }
        let absolute = WorkingDirectory.absolute(path)
        let folder = String(absolute[..<absolute.lastIndex(of: "/")!])
        return .text(bytes, name: path, baseDirectory: folder.isEmpty ? "/" : folder)
    }

    /// The document's bytes: the text, or the file's contents read now
    /// (empty when it cannot be read).
    public var bytes: [UInt8] {
        switch self {
        case .file(let path): return FileSystem.contents(of: path) ?? []
        case .text(let bytes, _, _): return bytes
        }
    }

    /// The document file, or nil for text.
    public var path: String? {
        if case .file(let path) = self { return path }
        return nil
    }

    /// Loads and validates the document with `variables` (`--set`, batch
    /// rows) overriding its `vars`; with `root` (`--root`), a file or photo
    /// pattern outside it is a `.pathOutsideRoot` error found while
    /// validating (`InputRoot`), before it is looked for.
    /// - Throws: `CollageError.diagnostics` with every document error.
    public func load(variables: [String: String], root: PathPolicy? = nil) throws(CollageError) -> Spec {
        do {
            switch self {
            case .file(let path):
                return try DocumentLoader.load(path: path, variables: variables, root: root?.inputRoot)
            case .text(let bytes, let name, let base):
                return try DocumentLoader.load(text: bytes, file: name, baseDirectory: base, variables: variables,
                                               root: root?.inputRoot)
            }
        } catch {
            throw .diagnostics(error)
        }
    }

    /// The variants the document declares, in order (`DocumentVariants.names`);
    /// empty when it declares none or cannot be read or parsed (reported
    /// when it is loaded).
    public var variantNames: [String] {
        DocumentVariants.names(text: bytes, file: path ?? "<stdin>")
    }
}
