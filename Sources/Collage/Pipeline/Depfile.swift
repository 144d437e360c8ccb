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
/// absolute. GNU make escaping: space as `\ `, `#` as `\#`, `$` as `$$`.
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
            let prerequisites = rule.prerequisites.map { escape(relative($0, to: workingDirectory)) }
            out += escape(relative(rule.target, to: workingDirectory)) + ":"
            for item in prerequisites { out += " \\\n " + item }
            out += "\n"
            for item in prerequisites where seen.insert(item).inserted { phony.append(item) }
        }
        for item in phony { out += "\n\(item):\n" }
        return out
    }

    /// `path` with GNU make's escapes: `$` doubled, space and `#` preceded
    /// by a backslash (as gcc writes them).
    public static func escape(_ path: String) -> String {
        var out = ""
        for c in path {
            switch c {
            case "$": out += "$$"
            case " ": out += "\\ "
            case "#": out += "\\#"
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
    /// replace an image or a document with Makefile text).
    /// - Throws: `CollageError.usage`.
    public static func refuse(_ path: String, outputs: [String], inputs: [String]) throws(CollageError) {
        let target = WorkingDirectory.absolute(path)
        if let output = outputs.first(where: { WorkingDirectory.absolute($0) == target }) {
            throw .usage("--depfile '\(path)' is the output '\(output)'; name it e.g. '\(output).d'")
        }
        guard let identity = FileIdentity(path: path) else { return }
        if let input = inputs.first(where: { FileIdentity(path: $0) == identity }) {
            throw .usage("--depfile '\(path)' is an input ('\(input)'); choose another path")
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
