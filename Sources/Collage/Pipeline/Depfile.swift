import CollageSpec
#if canImport(Glibc)
import Glibc
#endif

/// Make-syntax dependency files, as `gcc -MD -MP` writes them, so a
/// Makefile can `-include` them and rebuild an image when any input changes:
///
///     out/trip.jpg: trip.yaml photos/a\ b.jpg /usr/share/fonts/x.ttf
///     trip.yaml:
///     photos/a\ b.jpg:
///     /usr/share/fonts/x.ttf:
///
/// The empty rule per prerequisite (gcc's `-MP`) keeps make working when a
/// file disappears: a photo the document no longer uses can be deleted.
/// Paths inside the working directory are written relative to it, others
/// absolute. GNU make escaping (`escape(_:role:)`): space as `\ `, `#` as
/// `\#`, `:` as `\:`, `$` as `$$`, and in targets `%` as `\%`.
public enum Depfile {
    /// One rule: `target: prerequisites…`. Duplicated prerequisites are
    /// listed once, in first-seen order.
    public struct Rule: Sendable, Hashable {
        public var target: String
        public var prerequisites: [String]
        public init(target: String, prerequisites: [String]) {
            self.target = target
            var seen = Set<String>()
            self.prerequisites = prerequisites.filter { seen.insert($0).inserted }
        }
    }

    /// The depfile text for `rules`: each rule, then one empty rule for each
    /// distinct prerequisite of all of them. Paths are made relative to
    /// `workingDirectory` (absolute) when inside it.
    public static func text(_ rules: [Rule], workingDirectory: String) -> String {
        var out = ""
        var phony: [String] = []
        var seen = Set<String>()
        for rule in rules {
            let prerequisites = rule.prerequisites.map { relative($0, to: workingDirectory) }
            out += escape(relative(rule.target, to: workingDirectory), role: .target) + ":"
            for item in prerequisites { out += " \\\n " + escape(item, role: .prerequisite) }
            out += "\n"
            for item in prerequisites where seen.insert(item).inserted { phony.append(item) }
        }
        for item in phony { out += "\n\(escape(item, role: .target)):\n" }
        return out
    }

    /// Where a path stands in a rule: GNU make reads `%` as a pattern only in
    /// a target (`p%q.jpg:` would be a pattern rule), and keeps a backslash
    /// before `%` in an ordinary rule's prerequisite as part of the name.
    public enum Role: Sendable {
        case target, prerequisite
    }

    /// `path` with GNU make's escapes: `$` doubled; space, `#` and `:`
    /// preceded by a backslash; `%` preceded by a backslash in a target.
    /// (GNU make 4.3 reads every one of these back as the plain name, in
    /// both roles; `Tests/CollageTests/DepfileTests.swift` runs it.)
    public static func escape(_ path: String, role: Role) -> String {
        var out = ""
        for c in path {
            switch c {
            case "$": out += "$$"
            case " ": out += "\\ "
            case "#": out += "\\#"
            case ":": out += "\\:"
            case "%" where role == .target: out += "\\%"
            default: out.append(c)
            }
        }
        return out
    }

    /// `path` relative to `directory` when it lies inside it, else unchanged.
    public static func relative(_ path: String, to directory: String) -> String {
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// Refuses a depfile path that names an output or an input (it would
    /// replace an image or a document with Makefile text), or that cannot be
    /// written (`checkWritable`). Called before any image is written, so a
    /// refused depfile leaves no image behind.
    /// - Throws: `CollageError.usage` for an output, an input or a folder;
    ///   `CollageError.diagnostics` (`.render`) for a missing or unwritable folder.
    /// `flag` and `noun` name the file in messages (`--report` and
    /// `report` for `collage batch --report`, which is checked the same way).
    public static func refuse(_ path: String, outputs: [String], inputs: [String],
                              flag: String = "--depfile", noun: String = "depfile") throws(CollageError) {
        if let reserved = BatchStamps.reservedNameRefusal(of: path) { throw .usage("\(flag): \(reserved)") }
        try checkWritable(path, flag: flag, noun: noun)
        let target = WorkingDirectory.absolute(path)
        if let output = outputs.first(where: { WorkingDirectory.absolute($0) == target }) {
            throw .usage("\(flag) '\(path)' is the output '\(output)'; name it e.g. '\(output).\(flag == "--depfile" ? "d" : "jsonl")'")
        }
        guard let identity = FileIdentity(path: path) else { return }
        if let input = inputs.first(where: { FileIdentity(path: $0) == identity }) {
            throw .usage("\(flag) '\(path)' is an input ('\(input)'); choose another path")
        }
    }

    /// Refuses a depfile path that `write` could not write: one that is a
    /// folder (`--depfile out/`), or whose folder is missing, is not a folder
    /// or is not writable (access(2) `W_OK`).
    /// - Throws: `CollageError.usage` when `path` is a folder;
    ///   `CollageError.diagnostics` (`.render`) for its folder.
    public static func checkWritable(_ path: String, flag: String = "--depfile", noun: String = "depfile") throws(CollageError) {
        if path.hasSuffix("/") || FileSystem.kind(of: path) == .folder {
            throw .usage("\(flag) '\(path)' names a folder; name a file, e.g. \(flag) \(path.hasSuffix("/") ? path : path + "/")collage.\(flag == "--depfile" ? "d" : "jsonl")")
        }
        let folder: String
        if let slash = path.lastIndex(of: "/") {
            folder = slash == path.startIndex ? "/" : String(path[..<slash])
        } else {
            folder = "."
        }
        switch FileSystem.kind(of: folder) {
        case .folder:
            guard access(folder, W_OK) == 0 else {
                throw .failure(.render, "cannot write \(noun) '\(path)': the folder '\(folder)' is not writable")
            }
        case .missing:
            throw .failure(.render, "cannot write \(noun) '\(path)': the folder '\(folder)' does not exist; create it first (mkdir -p \(folder))")
        case .regularFile, .other:
            throw .failure(.render, "cannot write \(noun) '\(path)': '\(folder)' is not a folder")
        }
    }

    /// Writes `text` to `path` whole or not at all.
    /// - Throws: `CollageError.diagnostics` (`.render`) when it cannot be written.
    public static func write(_ text: String, to path: String) throws(CollageError) {
        do {
            try AtomicFile.write(Array(text.utf8), to: path)
        } catch {
            throw .failure(.render, error.description)
        }
    }
}
