/// One file a validated document names: what `Spec.inputs` yields for
/// `--root`, depfiles, `watch`, the batch stamps, `check` and
/// `layout --json`.
///
/// Made by the validator's one path resolution (`Validator.inputFile`),
/// which takes the key's schema path; the key's kind comes from its
/// `x-collage-input` mark in the schema (`DocumentSchema.inputKinds`).
public struct InputFile: Sendable, Hashable {
    /// Absolute and normalised (`.` and `..` folded, symbolic links not
    /// followed), resolved against the document's folder.
    public var path: String
    /// As written in the document (for a photo glob: the pattern).
    public var src: String
    /// What the file is read as.
    public var kind: InputKind
    /// The key's schema path: the `$defs` name, then the property names,
    /// joined by dots ("photo.src", "overlay.font.file",
    /// "backgroundImage.image"); a `$ref` is named by its target.
    public var key: String
    /// Where the document writes it (the value's first character).
    public var location: SourceLocation

    /// The input at `path` named by `key`, whose kind is the schema's mark.
    /// A key the schema does not mark with `x-collage-input` is a
    /// programming error (a trap): every file-naming key is marked.
    public init(path: String, src: String, key: String, location: SourceLocation) {
        guard let kind = DocumentSchema.inputKinds[key] else {
            preconditionFailure("'\(key)' names a file but schema/collage.schema.json does not mark it with x-collage-input")
        }
        self.path = path; self.src = src; self.kind = kind; self.key = key; self.location = location
    }
}
