import CollageSpec
#if canImport(Glibc)
import Glibc
#endif

/// `collage batch --skip-unchanged`: a row is rendered again only when its
/// output is missing or its stamp differs from the one recorded when the
/// output was last written.
///
/// **The stamp** is `RenderStamp`: the version, the settings, the
/// template, the values of the variables it refers to (a row's other
/// columns do not matter, and neither does its number unless the template
/// uses `${row}`) and every input's identity.
/// Fonts chosen by `family` are known only after shaping, so they cannot be
/// in the stamp: each output's record also lists the font files its last
/// render used with their size and modification time, and the row is
/// current only while those are unchanged (a font installed since, which
/// fontconfig would now prefer, is not seen: delete the stamps or run
/// without the flag). The stamp is never written into the image, whose
/// bytes stay those of a plain render.
///
/// **Where stamps live:** one text file per output folder, `.collage-stamps`,
/// a line per output: `<stamp> <output file name>`, sorted by name, each
/// followed by a line per font file its render used: a tab, then `<size>
/// <modification time, ns> <path>`. Not an
/// extended attribute: tmpfs before Linux 6.6, many container overlay and
/// network mounts, `cp`, `rsync` without `-X`, tar and object stores drop or
/// refuse `user.*` attributes, which would make every run render everything
/// again without a word; a plain file travels with the folder. Shards of one
/// batch (processes or machines sharing the folder) merge their lines under
/// an exclusive `flock` of the folder itself, then replace the file whole
/// (`AtomicFile`), so one shard never drops another's stamps. Stamps are
/// saved after the rows rendered: an interrupted batch just renders those
/// rows again next time.
public final class BatchStamps: @unchecked Sendable {
    /// The stamps file's name inside each output folder.
    public static let fileName = ".collage-stamps"

    /// Why `path` may not be written by a render, a report or a depfile:
    /// its file name is `fileName`, which `--skip-unchanged` keeps in each
    /// output folder (a row's image written there would be lost to the next
    /// save of the stamps, and vice versa); nil for any other name.
    public static func reservedNameRefusal(of path: String) -> String? {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        guard name == fileName else { return nil }
        return "'\(path)' is named \(fileName), the file where batch --skip-unchanged keeps its stamps; choose another name"
    }

    /// What is recorded for one output: its stamp and the font files its
    /// render used, each with its `signature` then.
    struct Record {
        var stamp: String
        var fonts: [(path: String, signature: String)] = []
    }

    private let lock = PlainLock()
    /// Folder -> (file name -> record), as read at the start.
    private var stored: [String: [String: Record]] = [:]
    /// Folder -> (file name -> record) of the outputs written in this run.
    private var written: [String: [String: Record]] = [:]

    public init() {}

    /// The stamp of `job` rendered from `template` (its bytes) as `spec`
    /// (already loaded with the job's variables) with `options`
    /// (`RenderStamp.stamp`).
    public static func stamp(job: BatchPlan.Job, template: [UInt8], spec: Spec, options: RenderOptions,
                             version: String) -> String {
        RenderStamp.stamp(template: template, variables: job.variables, spec: spec, options: options, version: version)
    }

    /// "<size> <modification time, ns>" of the file at `path` (symlinks
    /// followed), or "missing".
    static func signature(of path: String) -> String {
        var st = stat()
        guard stat(path, &st) == 0 else { return "missing" }
        return "\(st.st_size) \(Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec))"
    }

    /// Whether `output` exists, its recorded stamp is `stamp` and every
    /// font file recorded with it is unchanged (same size and modification
    /// time, still there).
    public func isCurrent(_ output: String, stamp: String) -> Bool {
        guard FileSystem.kind(of: output) == .regularFile else { return false }
        let (folder, name) = Self.split(output)
        lock.lock()
        if stored[folder] == nil { stored[folder] = Self.read(folder: folder) }
        let record = stored[folder]?[name]
        lock.unlock()
        guard let record, record.stamp == stamp else { return false }
        return record.fonts.allSatisfy { Self.signature(of: $0.path) == $0.signature }
    }

    /// Records that `output` was just written with `stamp`, its text set in
    /// `fonts` (absolute paths of the font files it used; their size and
    /// modification time are read now).
    public func record(_ output: String, stamp: String, fonts: [String] = []) {
        let (folder, name) = Self.split(output)
        // A path with a line break cannot be written on its line: recorded as
        // a file that never matches, so the row renders every time.
        let record = Record(stamp: stamp, fonts: fonts.map { path in
            path.contains("\n") ? ("/", "changed") : (path, Self.signature(of: path))
        })
        lock.lock(); defer { lock.unlock() }
        written[folder, default: [:]][name] = record
    }

    /// Merges this run's stamps into each folder's `.collage-stamps`, under
    /// an exclusive lock of the folder, whole or not at all.
    /// - Throws: `CollageError.diagnostics` (`.render`) when a stamps file cannot be written.
    public func save() throws(CollageError) {
        lock.lock(); defer { lock.unlock() }
        for folder in written.keys.sorted() {
            let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if fd >= 0 { _ = flock(fd, LOCK_EX) }
            defer { if fd >= 0 { close(fd) } }
            var records = Self.read(folder: folder)
            for (name, record) in written[folder]! { records[name] = record }
            let text = records.keys.sorted().map { name in
                let record = records[name]!
                return "\(record.stamp) \(name)\n" + record.fonts.map { "\t\($0.signature) \($0.path)\n" }.joined()
            }.joined()
            do {
                try AtomicFile.write(Array(text.utf8), to: folder + "/" + Self.fileName)
            } catch {
                throw .failure(.render, "cannot write the batch stamps: \(error.description)")
            }
        }
        written = [:]
    }

    /// The records in `folder` (none when it has no stamps file; lines
    /// that do not parse are ignored, so their rows render again, and a
    /// font line that does not parse makes its output's record unusable).
    static func read(folder: String) -> [String: Record] {
        guard let bytes = FileSystem.contents(of: folder + "/" + fileName) else { return [:] }
        var records: [String: Record] = [:]
        var last: String?
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            if line.hasPrefix("\t") {
                guard let name = last else { continue }
                // "<size> <mtime> <path>" or "missing <path>"
                let fields = line.dropFirst().split(separator: " ", maxSplits: line.dropFirst().hasPrefix("missing ") ? 1 : 2,
                                                    omittingEmptySubsequences: false)
                guard fields.count >= 2, let path = fields.last, path.hasPrefix("/") else { records[name] = nil; last = nil; continue }
                records[name]?.fonts.append((String(path), fields.dropLast().joined(separator: " ")))
                continue
            }
            last = nil
            guard let space = line.firstIndex(of: " "), line.distance(from: line.startIndex, to: space) == 64 else { continue }
            let name = String(line[line.index(after: space)...])
            records[name] = Record(stamp: String(line[..<space]))
            last = name
        }
        return records
    }

    /// The absolute folder and the file name of `output`.
    static func split(_ output: String) -> (String, String) {
        let absolute = WorkingDirectory.absolute(output)
        let slash = absolute.lastIndex(of: "/")!
        let folder = slash == absolute.startIndex ? "/" : String(absolute[..<slash])
        return (folder, String(absolute[absolute.index(after: slash)...]))
    }

    /// The names of the `${name}` references in a template, sorted, once
    /// each (`$${` is a literal and starts none).
    static func referencedVariables(in template: [UInt8]) -> [String] {
        var names = Set<String>()
        var i = 0
        let dollar = UInt8(ascii: "$"), open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
        while i + 1 < template.count {
            if template[i] == dollar, template[i + 1] == dollar, i + 2 < template.count, template[i + 2] == open {
                i += 3; continue
            }
            if template[i] == dollar, template[i + 1] == open,
               let end = template[(i + 2)...].firstIndex(of: close) {
                names.insert(String(decoding: template[(i + 2)..<end], as: UTF8.self))
                i = end + 1; continue
            }
            i += 1
        }
        return names.sorted()
    }
}
