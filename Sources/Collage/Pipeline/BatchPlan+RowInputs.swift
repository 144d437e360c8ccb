import CollageSpec
import Dispatch
import Synchronization

extension BatchPlan {
    /// The files each job's document names (`Spec.inputs`: photos, image
    /// overlays, font files, the background image), absolute, in job order,
    /// read before anything renders. A row whose document does not load
    /// names none here: it fails alone when it runs.
    ///
    /// Each row's document is loaded once more for this (validation only,
    /// no decode; rows in parallel), so that no row's output, `--report` or
    /// `--depfile` can replace a file another row reads.
    /// A row refused by `root` (`--root`) contributes none.
    public func rowInputs(template: DocumentInput, root: PathPolicy? = nil) -> [[String]] {
        let results = Mutex([[String]](repeating: [], count: jobs.count))
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            let job = jobs[index]
            guard job.row.failure == nil, let spec = try? template.load(variables: job.variables, root: root) else { return }
            let inputs = spec.inputs.map(\.path)
            results.withLock { $0[index] = inputs }
        }
        return results.withLock { $0 }
    }

    /// Refuses a plan in which a row's output is a file another row reads
    /// (`rowInputs`): which of the two rows ran first would decide the
    /// second's image. Compared by absolute path, and by device and inode
    /// for an output that exists (a link, another spelling). A row whose
    /// output is one of its own inputs fails alone, when it renders.
    /// - Throws: `CollageError.usage` naming both rows.
    public func refuseCrossRowOverwrites(_ rowInputs: [[String]]) throws(CollageError) {
        var readers: [String: Int] = [:]            // absolute input path -> first job index
        var readersByIdentity: [FileIdentity: Int] = [:]
        for (index, inputs) in rowInputs.enumerated() {
            for input in inputs {
                if readers[input] == nil { readers[input] = index }
                if let identity = FileIdentity(path: input), readersByIdentity[identity] == nil {
                    readersByIdentity[identity] = index
                }
            }
        }
        for (index, job) in jobs.enumerated() where job.refusal == nil && job.row.failure == nil {
            let target = WorkingDirectory.absolute(job.outputPath)
            let reader = readers[target] ?? FileIdentity(path: target).flatMap { readersByIdentity[$0] }
            guard let reader, reader != index else { continue }
            // The reader's own spelling of the file, for the message.
            let input = rowInputs[reader].first { $0 == target || FileIdentity(path: $0) == FileIdentity(path: target) } ?? target
            throw .usage("row \(job.row.number): the output '\(job.outputPath)' is a file row \(jobs[reader].row.number) reads ('\(input)'); "
                         + "choose outputs that no row reads, e.g. -o 'out/${row}.jpg'")
        }
    }
}
