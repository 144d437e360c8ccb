import CollageCodecs
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
        /// How a row ended.
        public enum Status: Sendable {
            /// Rendered and written.
            case written(CollageRenderer.Report)
            /// `--skip-unchanged`: the output exists with the row's stamp;
            /// nothing was rendered or written.
            case skipped
            case failed(CollageError)
        }

        public var job: BatchPlan.Job
        public var status: Status
        /// The files the output depends on (template, data file, photos,
        /// fonts), absolute; empty for a failed or skipped row.
        public var dependencies: [String]
        /// The files the row's document names (`Spec.inputs`), absolute;
        /// for a written row also the fonts it was set in. Empty when the
        /// document did not load.
        public var inputs: [String]
        /// Wall time of the row, milliseconds (monotonic clock).
        public var milliseconds: Int

        /// The error of a failed row.
        public var error: CollageError? {
            if case .failed(let error) = status { return error }
            return nil
        }
    }

    /// `--skip-unchanged`: where stamps are kept, and what a stamp covers
    /// besides the row (`BatchStamps.stamp`).
    public struct Incremental: Sendable {
        public var stamps: BatchStamps
        /// The collage version, part of every stamp.
        public var version: String
        public init(stamps: BatchStamps, version: String) { self.stamps = stamps; self.version = version }
    }

    /// - Parameters:
    ///   - template: the document (`DocumentInput.contents(of:)`), validated
    ///     per row with the row's variables.
    ///   - templatePath: its file, an input the outputs must not overwrite.
    ///   - dataPath: the data file: an input the outputs must not overwrite
    ///     (`-`: standard input, no file).
    ///   - options: per-render settings; `outputPath` and `variables` are
    ///     replaced per row. `threads` is the cores each render uses. With an
    ///     `imageCache`, the images the first two rows have in common are
    ///     marked shared (`SharedImageCache.share`) and decoded once for the
    ///     whole batch, by whichever worker needs them first; an image that
    ///     a later row names again is shared from that row on
    ///     (`SharedImageCache.noteRowImages`).
    ///   - parallelism: `--jobs`: rows rendered at once (at least 1).
    ///   - policy: `--root`, applied to every row's document.
    ///   - incremental: `--skip-unchanged`: rows whose output carries their
    ///     stamp are skipped; the stamps of written rows are recorded (the
    ///     caller saves them, `BatchStamps.save`).
    ///   - progress: called after each row, serially, with the outcome and
    ///     the number of rows finished so far.
    public static func run(template: DocumentInput, templatePath: String, dataPath: String, plan: BatchPlan, options: RenderOptions,
                           parallelism: Int, policy: PathPolicy?, incremental: Incremental? = nil,
                           progress: @escaping @Sendable (Outcome, Int) -> Void) -> [Outcome] {
        let jobs = plan.jobs
        let results = OutcomeStore(count: jobs.count)
        let workers = max(1, min(parallelism, jobs.count))
        if let cache = options.imageCache {
            cache.share(sharedImages(jobs.lazy.filter { $0.row.failure == nil }.prefix(2), template: template, root: policy))
        }
        let documentFiles = [templatePath, dataPath].filter { $0 != "-" }
        // One thread per job slot (not a GCD pool, which caps at the core
        // count): `--jobs N` means N rows in flight.
        @Sendable func renderRows() {
            while let index = results.next() {
                let outcome = render(jobs[index], template: template, documentFiles: documentFiles,
                                     options: options, policy: policy, incremental: incremental)
                results.finish(index, outcome, progress)
            }
        }
        // Each row decodes its photo after the last row's decode ended: the
        // coefficient pages of a progressive JPEG stay for the next row
        // instead of being faulted in afresh (`keptDecodeMemory`).
        ImageDecoder.keepingMemoryBetweenDecodes(upTo: keptDecodeMemory) {
            let threads = (0..<workers).map { _ in JoinableThread.start(stackSize: 8 << 20, renderRows) }
            // A thread the system refused: its share runs here.
            if threads.contains(where: { $0 == nil }) { renderRows() }
            for thread in threads { thread?.join() }
        }
        return results.outcomes
    }

    /// The most decoder memory (bytes) a batch keeps between its rows'
    /// decodes (`ImageDecoder.keepingMemoryBetweenDecodes`): 256 MiB, the
    /// coefficient arrays of three progressive 12 MP 4:4:4 photos (72 MiB
    /// each) or of the 200-card benchmark's two jobs four times over. Only
    /// pages the rows' decodes had in use at once are kept, so this caps
    /// memory that was resident anyway.
    static let keptDecodeMemory = 256 << 20

    /// The image files (photos and image overlays) that every one of `jobs`
    /// names, when there are at least two: with the template's literal
    /// logo, the logo. A row whose document does not load contributes none.
    static func sharedImages(_ jobs: some Collection<BatchPlan.Job>, template: DocumentInput, root: PathPolicy?) -> Set<String> {
        guard jobs.count >= 2 else { return [] }
        var common: Set<String>?
        for job in jobs {
            guard let spec = try? template.load(variables: job.variables, root: root) else { return [] }
            let images = Set(spec.photos.map(\.path) + CodecImageProvider.overlayPaths(spec))
            common = common.map { $0.intersection(images) } ?? images
        }
        return common ?? []
    }

    static func render(_ job: BatchPlan.Job, template: DocumentInput, documentFiles: [String],
                       options base: RenderOptions, policy: PathPolicy?, incremental: Incremental?) -> Outcome {
        if let failure = job.row.failure {
            return Outcome(job: job, status: .failed(.diagnostics(DiagnosticList([failure]))), dependencies: [], inputs: [],
                           milliseconds: 0)
        }
        let started = monotonicNanoseconds()
        func elapsed() -> Int { (monotonicNanoseconds() - started) / 1_000_000 }
        var options = base
        options.outputPath = job.outputPath
        options.variables = job.variables
        var inputs: [String] = []
        do throws(CollageError) {
            if let refusal = job.refusal {
                // At the row's line in the data file, which gave the output's value.
                let kind: Diagnostic.Kind = BatchStamps.reservedNameRefusal(of: job.outputPath) != nil ? .invalidValue : .pathOutsideRoot
                throw .diagnostics(DiagnosticList([Diagnostic(kind, at: job.row.location, refusal)], source: nil))
            }
            let spec = try template.load(variables: job.variables, root: policy)
            inputs = unique(spec.inputs.map(\.path))
            try policy?.check(spec)
            var stamp: String?
            if let incremental {
                let current = BatchStamps.stamp(job: job, template: template.bytes, spec: spec, options: options,
                                                version: incremental.version)
                if incremental.stamps.isCurrent(job.outputPath, stamp: current) {
                    return Outcome(job: job, status: .skipped, dependencies: [], inputs: inputs, milliseconds: elapsed())
                }
                stamp = current
            }
            base.imageCache?.noteRowImages(spec.photos.map(\.path) + CodecImageProvider.overlayPaths(spec))
            let prepared = try CollageRenderer.prepare(spec: spec, maxPixels: options.maxPixels)
            inputs = unique(inputs + prepared.inputFiles)
            // JPEG and PNG stream to a temporary file beside the output as
            // they are encoded when its folder exists. Output folders named
            // by the template ('out/${id}.jpg') are created once a row's image
            // exists, as `mkdir -p` would: a row whose folder is missing is
            // encoded in memory first.
            let folderExists = FileSystem.kind(of: FileSystem.folder(of: job.outputPath)) == .folder
            let encoded = try CollageRenderer.render(CollageRenderer.LaidOut(prepared), known: prepared,
                                                     inputs: documentFiles + spec.photos.map(\.path), options: options,
                                                     streaming: folderExists, check: { _ in }).encoded
            if !folderExists { try createParentFolders(of: job.outputPath) }
            try CollageRenderer.write(encoded, to: job.outputPath)
            if let incremental, let stamp {
                incremental.stamps.record(job.outputPath, stamp: stamp, fonts: prepared.usedFontFiles)
            }
            let report = CollageRenderer.Report(prepared: prepared, format: encoded.format,
                                                byteCount: encoded.byteCount, warnings: encoded.warnings,
                                                quality: encoded.quality)
            return Outcome(job: job, status: .written(report), dependencies: documentFiles.map(absolute) + prepared.inputFiles,
                           inputs: inputs, milliseconds: elapsed())
        } catch {
            return Outcome(job: job, status: .failed(error), dependencies: [], inputs: inputs, milliseconds: elapsed())
        }
    }

    static func unique(_ paths: [String]) -> [String] {
        var seen = Set<String>()
        return paths.filter { seen.insert($0).inserted }
    }

    static func monotonicNanoseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1_000_000_000 + now.tv_nsec
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
