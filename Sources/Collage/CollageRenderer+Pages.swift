import CollageSpec

/// `check` of a document of several pages (docs/print.md "Pages"): every
/// page, the variable `page` set to each number in turn.
extension CollageRenderer {
    /// Every page's diagnostics, each once, carrying the pages that report it
    /// (`Diagnostic.pages`) and the note "on page N" (or "on pages 1, 2, 3"):
    /// an error in a shared part, such as `canvas`, is found on every page
    /// and printed once.
    static func checkPages(input: DocumentInput, _ request: CheckRequest) throws(CollageError) -> (diagnostics: [Diagnostic], source: SourceText?) {
        let count = input.pageCount(variables: request.variables, root: request.policy)
        var found: [Diagnostic] = [], source: SourceText?
        for page in 1...count {
            var one = request
            one.variables[DocumentPages.variable] = String(page)
            let (diagnostics, text) = try checkVariants(input: input, one)
            if source == nil { source = text }
            for diagnostic in diagnostics {
                if let index = found.firstIndex(where: { $0.samePlace(as: diagnostic) }) {
                    found[index].pages.append(page)
                } else {
                    var diagnostic = diagnostic
                    diagnostic.pages = [page]
                    found.append(diagnostic)
                }
            }
        }
        for index in found.indices {
            let pages = found[index].pages
            found[index].notes.append(pages.count == 1 ? "on page \(pages[0])"
                                                       : "on pages " + pages.map(String.init).joined(separator: ", "))
        }
        return (found, source)
    }
}

extension Diagnostic {
    /// The same finding, whichever pages report it.
    func samePlace(as other: Diagnostic) -> Bool {
        var other = other
        other.pages = pages
        return self == other
    }
}

extension DocumentInput {
    /// The document's pages (`DocumentLoader.pageCount`): 1 for a single page or an unreadable document.
    public func pageCount(variables: [String: String], root: PathPolicy? = nil) -> Int {
        switch self {
        case .file(let path):
            guard let bytes = FileSystem.contents(of: path) else { return 1 }
            return DocumentLoader.pageCount(text: bytes, file: path, baseDirectory: FileSystem.folder(of: WorkingDirectory.absolute(path)),
                                            variables: variables, root: root?.inputRoot)
        case .text(let bytes, let name, let base):
            return DocumentLoader.pageCount(text: bytes, file: name, baseDirectory: base, variables: variables, root: root?.inputRoot)
        }
    }
}
