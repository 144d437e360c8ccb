import Collage
#if canImport(Glibc)
import Glibc
#endif

/// Loaded templates and their stamps, kept so that a request whose template
/// and inputs have not changed skips reading and validating the template:
/// what it then costs to check the stamp is a `stat` of the template and one
/// of each input (`RenderStamp.inputSignatures`). Keyed by the template's
/// path and the request's variables; an entry is used only while the
/// template's size and modification time (ns) and every input's are those
/// it was made with. A document with a photo `src` holding a glob character
/// (`*`, `?`, `[`) is never kept: its photo list can change with no file of
/// it changing. At most `capacity` entries; when full, it starts empty.
final class StampMemo: @unchecked Sendable {
    struct Entry {
        var document: DocumentRenderer.LoadedDocument
        var template: String
        var inputs: [String]
        var stamps: [OutputFormat: String]
    }

    let capacity: Int
    private let lock = ConditionLock()
    private var entries: [String: Entry] = [:]

    init(capacity: Int = 4096) { self.capacity = capacity }

    /// The key of a template at `path` rendered with `variables`.
    static func key(path: String, variables: [String: String]) -> String {
        ([path] + variables.keys.sorted().map { "\($0)=\(variables[$0]!)" }).joined(separator: "\u{0}")
    }

    /// "<size> <mtime ns>" of `path`, or nil.
    static func signature(of path: String) -> String? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return "\(st.st_size) \(Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec))"
    }

    /// The kept document and its stamp for `format` (nil when not kept yet
    /// for that format), when the template (`template`, its signature now)
    /// and every input are unchanged.
    func lookup(_ key: String, template: String, format: OutputFormat?) -> (DocumentRenderer.LoadedDocument, String?)? {
        guard let entry = lock.withLock({ entries[key] }), entry.template == template,
              RenderStamp.inputSignatures(of: entry.document.spec) == entry.inputs else { return nil }
        return (entry.document, format.flatMap { entry.stamps[$0] })
    }

    /// Keeps `document` (made from a template whose signature was
    /// `template` before it was read) and its `stamp` for `format`, made
    /// after its inputs' signatures were `inputs`.
    func store(_ key: String, template: String, document: DocumentRenderer.LoadedDocument,
               format: OutputFormat, stamp: String, inputs: [String]) {
        let glob: (Character) -> Bool = { $0 == "*" || $0 == "?" || $0 == "[" }
        guard !document.spec.photos.contains(where: { $0.input.src.contains(where: glob) }) else { return }
        lock.withLock {
            if var entry = entries[key], entry.template == template, entry.inputs == inputs {
                entry.stamps[format] = stamp
                entries[key] = entry
                return
            }
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = Entry(document: document, template: template, inputs: inputs, stamps: [format: stamp])
        }
    }
}
