/// Entry point of the document -> spec stage: reads the bytes, parses them
/// with `DocumentSyntax` (`JSONReader` or `YAMLReader`) and validates them with `Validator`.
public enum DocumentLoader {
    /// At most this many diagnostics are reported for one document.
    public static let maxDiagnostics = 50

    /// Reads a YAML (`.yaml`/`.yml`) or JSON (`.json`) document from `path`
    /// and validates it into a `Spec`. Relative paths inside it resolve
    /// against the document's folder.
    ///
    /// - Parameter variables: overrides for `vars` (`--set name=value`), which win.
    /// - Throws: `DiagnosticList` with every error found (capped at
    ///   `maxDiagnostics`), in source order, carrying the `SourceText` read;
    ///   an unreadable file is one `.missingFile` diagnostic with no location.
    /// - Parameter root: the folder every file the document names must
    ///   resolve inside (`InputRoot`); nil (default): anywhere.
    public static func load(path: String, variables: [String: String] = [:], root: InputRoot? = nil) throws(DiagnosticList) -> Spec {
        guard let bytes = FileSystem.contents(of: path), FileSystem.kind(of: path) != .folder else {
            throw DiagnosticList([Diagnostic(.missingFile, at: nil,
                "cannot read document '\(path)': \(FileSystem.unreadableReason(path))")])
        }
        let folder = FileSystem.folder(of: WorkingDirectory.absolute(path))
        return try load(text: bytes, file: path, baseDirectory: folder, variables: variables, root: root)
    }

    /// Validates document text. `file` is the name used in diagnostics;
    /// `baseDirectory` (absolute) resolves relative paths.
    ///
    /// - Throws: `DiagnosticList` as `load(path:variables:)` does.
    public static func load(text: [UInt8], file: String, baseDirectory: String,
                            variables: [String: String] = [:], root: InputRoot? = nil) throws(DiagnosticList) -> Spec {
        let source = SourceText(file: file, bytes: text)
        if let format = ImageSignature.format(of: text) {
            throw DiagnosticList([Diagnostic(.syntax, at: nil,
                "cannot read document '\(file)': this looks like an image (\(format)), not a document; "
                + "give a .yaml or .json collage document that lists the photo under 'photos:'")], source: source)
        }
        let read = DocumentSyntax.read(source)
        // A document that does not parse is not validated: its tree is partial.
        let fatal = read.diagnostics.contains { $0.severity == .error && ($0.kind == .syntax || $0.kind == .tooManyAliases) }
        var diagnostics = read.diagnostics
        var spec: Spec?
        if !fatal {
            var validator = Validator(source: source, baseDirectory: baseDirectory, overrides: variables,
                                      fileKind: FileSystem.kind(of:), root: root)
            var root = read.root
            if let name = variables[DocumentVariants.variable], let tree = root, !DocumentVariants.variants(of: tree).isEmpty {
                root = DocumentVariants.apply(name, to: tree, diagnostics: &diagnostics)
            }
            spec = validator.validate(root)
            diagnostics += validator.diagnostics
        }
        let errors = diagnostics.filter { $0.severity == .error }
        if let spec, errors.isEmpty {
            var result = spec
            result.warnings = diagnostics.filter { $0.severity != .error }
            result.source = source
            return result
        }
        throw DiagnosticList(sortedAndCapped(diagnostics), source: source)
    }

    /// Source order (line, then column; unlocated first), stable, capped.
    static func sortedAndCapped(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        let sorted = diagnostics.enumerated().sorted { a, b in
            let la = a.element.location, lb = b.element.location
            let ka = (la?.line ?? 0, la?.column ?? 0), kb = (lb?.line ?? 0, lb?.column ?? 0)
            return ka == kb ? a.offset < b.offset : ka < kb
        }.map(\.element)
        guard sorted.count > maxDiagnostics else { return sorted }
        var capped = Array(sorted.prefix(maxDiagnostics))
        capped[capped.count - 1].notes.append(
            "too many errors: \(sorted.count - maxDiagnostics) more not shown")
        return capped
    }
}
