import CollageSpec
#if canImport(Glibc)
import Glibc
#endif

extension BatchPlan {
    /// Checks every job's output before any row renders (issue 13 §5): the
    /// output must not be a folder, and its nearest existing ancestor must
    /// be a folder this process may write into (access(2) `W_OK | X_OK`).
    /// Missing folders below that ancestor are not created here; each is
    /// created when its first row's image is written, as before.
    /// Each folder is examined once, however many rows share it.
    /// - Throws: `CollageError.diagnostics` (`.render`) with one error per
    ///   offending folder, naming the first row that writes below it and how
    ///   many rows do.
    public func checkOutputFolders() throws(CollageError) {
        var verdicts: [String: String?] = [:]   // parent folder -> problem (nil: fine)
        var problems: [(folder: String, row: Int, output: String, message: String)] = []
        var rowsBelow: [String: Int] = [:]
        // A refused row (output outside the folder) or an unreadable row fails alone when it runs.
        for job in jobs where job.refusal == nil && job.row.failure == nil {
            let path = job.outputPath
            if path.hasSuffix("/") || FileSystem.kind(of: path) == .folder {
                problems.append((path, job.row.number, path, "the output '\(path)' is a folder; name a file"))
                continue
            }
            let parent = FileSystem.folder(of: path)
            let verdict: String?
            if let known = verdicts[parent] {
                verdict = known
            } else {
                verdict = Self.problem(writingInto: parent)
                verdicts[parent] = verdict
                if let verdict { problems.append((parent, job.row.number, path, verdict)) }
            }
            if verdict != nil { rowsBelow[parent, default: 0] += 1 }
        }
        guard !problems.isEmpty else { return }
        throw .diagnostics(DiagnosticList(problems.map { problem in
            let count = rowsBelow[problem.folder, default: 1]
            let others = count > 1 ? " (and \(count - 1) more row\(count == 2 ? "" : "s") in that folder)" : ""
            return Diagnostic(.render, at: nil, "row \(problem.row): cannot write '\(problem.output)': \(problem.message)\(others); nothing was rendered")
        }))
    }

    /// Why files cannot be created in `folder` (created first if missing),
    /// or nil when they can.
    static func problem(writingInto folder: String) -> String? {
        var ancestor = folder
        while true {
            switch FileSystem.kind(of: ancestor) {
            case .folder:
                guard access(ancestor, W_OK | X_OK) == 0 else {
                    return ancestor == folder ? "the folder '\(ancestor)' is not writable"
                        : "the folder '\(ancestor)', where '\(folder)' would be created, is not writable"
                }
                return nil
            case .regularFile, .other:
                return "'\(ancestor)' is not a folder"
            case .missing:
                let up = FileSystem.folder(of: ancestor)
                if up == ancestor { return "the folder '\(ancestor)' does not exist" }
                ancestor = up
            }
        }
    }
}
