/// Files a document names (photos, overlay images, a background image, font
/// files): the one place a path written in a document becomes a file.
extension Validator {
    /// Resolves `src`, the value of the file-naming key `key` (its schema
    /// path, e.g. "photo.src", marked `x-collage-input` in the schema) at
    /// `location`, against the document's folder, and checks that it is a
    /// regular file (symlinks followed). `resolving` is the text resolved
    /// when it differs from `src` (a photo glob's match, an unescaped name);
    /// it may be absolute.
    ///
    /// Reports a `.missingFile` error at `location` when it is not a regular
    /// file: `missing` when nothing is there, "<what> '<src>' is a
    /// directory, ..." for a folder, and "<what> '<src>' is not a regular
    /// file ..." for a FIFO, socket or device; each names the path looked at
    /// in a note.
    /// - Returns: the input (also when it is not a file, for callers that
    ///   go on reading the value's neighbours) and whether it is a regular file.
    mutating func inputFile(_ src: String, key: String, at location: SourceLocation, what: String, missing: String,
                            resolving written: String? = nil) -> (input: InputFile, exists: Bool) {
        let path = PathResolver.resolve(written ?? src, against: baseDirectory)
        let input = InputFile(path: path, src: src, key: key, location: location)
        // Outside the root: refused before the file is looked for (the answer
        // must not tell whether it exists).
        guard refuseOutsideRoot(src, path: path, at: location) else { return (input, false) }
        switch fileKind(path) {
        case .regularFile:
            return (input, true)
        case .missing:
            report(.missingFile, location, missing, notes: ["looked for \(path)"])
        case .folder:
            report(.missingFile, location, "\(what) '\(src)' is a directory, not a file", notes: ["looked at \(path)"])
        case .other:
            report(.missingFile, location,
                   "\(what) '\(src)' is not a regular file (it is a FIFO, socket or device)",
                   notes: ["looked at \(path)"])
        }
        return (input, false)
    }

    /// False after reporting `src` (resolved: `path`) as outside `root`; true
    /// without a root or inside it. The message names the root and `src`
    /// as written, never where it resolves.
    mutating func refuseOutsideRoot(_ src: String, path: String, at location: SourceLocation) -> Bool {
        guard let root, !root.contains(path) else { return true }
        report(.pathOutsideRoot, location, "'\(src)' is outside the allowed root '\(root.path)'",
               notes: ["--root allows only files inside that folder, after following symlinks"])
        return false
    }

    /// The image file named by `entry`'s value (an `image` key: its schema
    /// path `key`), as `inputFile` resolves it; `what` names it in messages
    /// ("overlay image", "background image").
    /// - Returns: nil after reporting a value that is not a string or is empty.
    mutating func imageFile(_ entry: Node.Entry, key: String, what: String) -> (input: InputFile, exists: Bool)? {
        guard let src = string(entry.value, key: "image") else { return nil }
        guard !src.isEmpty else {
            report(.invalidValue, entry.value.location, "'image' is empty; give the path of an image file")
            return nil
        }
        return inputFile(src, key: key, at: entry.value.location, what: what, missing: "\(what) not found: '\(src)'")
    }
}
