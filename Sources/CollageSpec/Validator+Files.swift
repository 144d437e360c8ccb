/// Files a document names (photos, overlay images, font files): each must be
/// a regular file (symlinks followed).
extension Validator {
    /// True when `path` (absolute) is a regular file; otherwise reports a
    /// `.missingFile` error at `location`: `missing` when nothing is there,
    /// "<what> '<src>' is a directory, ..." for a folder, and "<what> '<src>'
    /// is not a regular file ..." for a FIFO, socket or device. Each names
    /// the path looked at in a note.
    mutating func requireRegularFile(_ path: String, src: String, what: String, at location: SourceLocation,
                                     missing: String) -> Bool {
        switch fileKind(path) {
        case .regularFile:
            return true
        case .missing:
            report(.missingFile, location, missing, notes: ["looked for \(path)"])
        case .folder:
            report(.missingFile, location, "\(what) '\(src)' is a directory, not a file", notes: ["looked at \(path)"])
        case .other:
            report(.missingFile, location,
                   "\(what) '\(src)' is not a regular file (it is a FIFO, socket or device)",
                   notes: ["looked at \(path)"])
        }
        return false
    }
}
