import CollageRaster
import CollageSpec
#if canImport(Glibc)
import Glibc
#endif

/// Renders the jobs of a `BatchPlan` from one template, `jobs` at a time.
/// A failing row does not stop the others; each outcome is reported as it
/// completes and returned in row order.
public enum BatchRunner {
    /// What happened to one row.
    public struct Outcome: Sendable {
        public var job: BatchPlan.Job
        public var result: Result<CollageRenderer.Report, CollageError>
        /// The files the output depends on (template, data file, photos,
        /// fonts), absolute; empty for a failed row.
        public var dependencies: [String]
    }

    /// - Parameters:
    ///   - template: the document (`DocumentInput.contents(of:)`), validated
    ///     per row with the row's variables.
    ///   - templatePath: its file, an input the outputs must not overwrite.
    ///   - dataPath: the data file: an input the outputs must not overwrite.
    ///   - options: per-render settings; `outputPath` and `variables` are
    ///     replaced per row. `threads` is the cores each render uses.
    ///   - parallelism: `--jobs`: rows rendered at once (at least 1).
    ///   - policy: `--root`, applied to every row's document.
    ///   - progress: called after each row, serially, with the outcome and
    ///     the number of rows finished so far.
    public static func run(template: DocumentInput, templatePath: String, dataPath: String, plan: BatchPlan, options: RenderOptions,
                           parallelism: Int, policy: PathPolicy?,
                           progress: @escaping @Sendable (Outcome, Int) -> Void) -> [Outcome] {
        let jobs = plan.jobs
        let results = OutcomeStore(count: jobs.count)
        let workers = max(1, min(parallelism, jobs.count))
        // One thread per job slot (not a GCD pool, which caps at the core
        // count): `--jobs N` means N rows in flight.
        @Sendable func renderRows() {
            while let index = results.next() {
                let outcome = render(jobs[index], template: template, documentFiles: [templatePath, dataPath],
                                     options: options, policy: policy)
                results.finish(index, outcome, progress)
            }
        }
        let threads = (0..<workers).map { _ in JoinableThread.start(stackSize: 8 << 20, renderRows) }
        // A thread the system refused: its share runs here.
        if threads.contains(where: { $0 == nil }) { renderRows() }
        for thread in threads { thread?.join() }
        return results.outcomes
    }

    static func render(_ job: BatchPlan.Job, template: DocumentInput, documentFiles: [String],
                       options base: RenderOptions, policy: PathPolicy?) -> Outcome {
        var options = base
        options.outputPath = job.outputPath
        options.variables = job.variables
        do throws(CollageError) {
            let spec = try template.load(variables: job.variables)
            try policy?.check(spec)
            let prepared = try CollageRenderer.prepare(spec: spec)
            let encoded = try CollageRenderer.encode(prepared, inputs: documentFiles + spec.photos.map(\.path),
                                                     options: options)
            // Output folders named by the template ('out/${id}.jpg') are
            // created once a row's image exists, as `mkdir -p` would.
            try createParentFolders(of: job.outputPath)
            do {
                try AtomicFile.write(encoded.bytes, to: job.outputPath)
            } catch {
                throw CollageError.failure(.render, error.description)
            }
            let report = CollageRenderer.Report(prepared: prepared, format: encoded.format,
                                                byteCount: encoded.bytes.count, warnings: encoded.warnings)
            return Outcome(job: job, result: .success(report), dependencies: documentFiles.map(absolute) + prepared.inputFiles)
        } catch {
            return Outcome(job: job, result: .failure(error), dependencies: [])
        }
    }

    static func absolute(_ path: String) -> String { WorkingDirectory.absolute(path) }

    /// Creates the missing folders above `path` (mode 0777 less the umask).
    static func createParentFolders(of path: String) throws(CollageError) {
        var folders: [String] = []
        var current = path
        while let slash = current.lastIndex(of: "/"), slash != current.startIndex {
            current = String(current[..<slash])
            var st = stat()
            if stat(current, &st) == 0 { break }
            folders.append(current)
        }
        for folder in folders.reversed() where mkdir(folder, 0o777) != 0 && errno != EEXIST {
            throw .failure(.render, "cannot create folder '\(folder)': \(String(cString: strerror(errno)))")
        }
    }
}

/// Hands out job indices and collects outcomes under one lock.
private final class OutcomeStore: @unchecked Sendable {
    private let lock = PlainLock()
    private var nextIndex = 0
    private var finished = 0
    private var slots: [BatchRunner.Outcome?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func next() -> Int? {
        lock.lock(); defer { lock.unlock() }
        guard nextIndex < slots.count else { return nil }
        defer { nextIndex += 1 }
        return nextIndex
    }

    func finish(_ index: Int, _ outcome: BatchRunner.Outcome, _ progress: (BatchRunner.Outcome, Int) -> Void) {
        lock.lock(); defer { lock.unlock() }
        slots[index] = outcome
        finished += 1
        progress(outcome, finished)
    }

    var outcomes: [BatchRunner.Outcome] {
        lock.lock(); defer { lock.unlock() }
        return slots.compactMap { $0 }
    }
}
