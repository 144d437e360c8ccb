/// `include:` (docs/format.md "Includes"): documents whose `vars` and
/// `components` this one takes, in order, never their photos, canvas or
/// overlays. Paths inside an included file resolve against its own folder
/// and obey `--root`; each included file is an input (`Spec.includes`, so
/// depfiles, `watch` and the batch stamps see it). A diagnostic inside one
/// quotes its line (`Diagnostic.source`) and names the include chain.
extension Validator {
    /// Reads the files `entry` names (a path or a list of paths), nested includes first.
    mutating func readIncludes(_ entry: Node.Entry?) {
        guard let entry else { return }
        let items: [Node]
        switch entry.value.content {
        case .sequence(let list): items = list
        case .scalar: items = [entry.value]
        case .mapping:
            report(.wrongType, entry.value.location, "expected a path or a list of paths for 'include', found a mapping")
            return
        }
        for item in items {
            guard let src = string(item, key: "include") else { continue }
            guard !src.isEmpty else {
                report(.invalidValue, item.location, "'include' is empty; give the path of a collage document")
                continue
            }
            let (input, exists) = inputFile(src, key: "include", at: item.location, what: "included file",
                                            missing: "included file not found: '\(src)'")
            guard exists else { continue }
            guard !templates.includeStack.contains(input.path) else {
                report(.invalidValue, item.location, "include cycle: '\(src)' is already being read",
                       notes: templates.includeStack.map { "reading \($0)" })
                continue
            }
            guard let bytes = FileSystem.contents(of: input.path) else {
                report(.missingFile, item.location, "cannot read included file '\(src)': \(FileSystem.unreadableReason(input.path))")
                continue
            }
            if !templates.includeInputs.contains(input) { templates.includeInputs.append(input) }
            readIncluded(SourceText(file: Self.displayPath(src, from: source.file), bytes: bytes),
                         folder: FileSystem.folder(of: input.path), path: input.path, at: item.location)
        }
    }

    /// Reads one included file's `include`, `vars` and `components` in its own folder and text.
    private mutating func readIncluded(_ text: SourceText, folder: String, path: String, at location: SourceLocation) {
        let outer = templates.included[location.file].map { ", \($0.chainNote)" } ?? ""
        templates.included[text.file] = IncludedFile(source: text, chainNote: "in '\(text.file)', included at \(location)\(outer)")
        let read = DocumentSyntax.read(text)
        diagnostics += read.diagnostics.map(locatedInInclude)
        guard !read.diagnostics.contains(where: { $0.severity == .error }), let root = read.root else { return }
        let saved = (source, baseDirectory)
        source = text
        baseDirectory = folder
        templates.includeStack.append(path)
        if let top = keys(of: root, in: Vocabulary.root, key: nil) {
            readIncludes(top["include"])
            readIncludedVariables(top["vars"])
            // Its components' defaults may name the variables read so far (`--set` still wins).
            variables = templates.includedVariables.mapValues(\.value).merging(overrides) { _, override in override }
            readComponents(top["components"])
        }
        templates.includeStack.removeLast()
        (source, baseDirectory) = saved
    }

    /// An included file's `vars` (a later file's value replaces an earlier one with a warning).
    private mutating func readIncludedVariables(_ entry: Node.Entry?) {
        for (name, value, location, overrides) in variableDefinitions(entry) {
            if let earlier = templates.includedVariables[name], !overrides {
                report(.duplicateKey, location, "variable '\(name)' replaces the one defined at \(earlier.location)",
                       notes: ["write it as \(name): {value: …, override: true} to replace it on purpose"], severity: .warning)
            }
            templates.includedVariables[name] = (value, location)
        }
    }

    /// `diagnostic` with the text of the included file it points into and
    /// the note naming the include chain; unchanged for the document's own.
    func locatedInInclude(_ diagnostic: Diagnostic) -> Diagnostic {
        guard let file = diagnostic.location?.file, let included = templates.included[file] else { return diagnostic }
        var diagnostic = diagnostic
        diagnostic.source = included.source
        if !diagnostic.notes.contains(included.chainNote) { diagnostic.notes.append(included.chainNote) }
        return diagnostic
    }

    /// How diagnostics name a file `src` written in `file`: beside it
    /// (`brand/card.yaml` writing `../shared/brand.yaml` gives
    /// `shared/brand.yaml`), or `src` itself when absolute.
    static func displayPath(_ src: String, from file: String) -> String {
        if src.hasPrefix("/") { return src }
        let folder = FileSystem.folder(of: file)
        var parts = folder == "." ? [] : folder.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for part in src.split(separator: "/").map(String.init) {
            switch part {
            case ".": continue
            case ".." where !parts.isEmpty && parts.last != ".." && parts.last != "": parts.removeLast()
            default: parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }
}
