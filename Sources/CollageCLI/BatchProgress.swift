import Collage
#if canImport(Glibc)
import Glibc
#endif

/// Reports batch rows on stderr as they finish: a progress bar redrawn in
/// place on a terminal, one plain line per row otherwise (logs, CI).
/// A failed row's diagnostics are printed in full either way.
final class BatchProgress: @unchecked Sendable {
    let total: Int
    let onTerminal: Bool
    /// Variables `--set` gives, which win over every row's.
    let overridden: Set<String>
    private var failures = 0

    init(total: Int, overridden: Set<String> = [], onTerminal: Bool = isatty(2) == 1) {
        self.total = total
        self.overridden = overridden
        self.onTerminal = onTerminal
    }

    /// Called serially by `BatchRunner` after each row.
    func report(_ outcome: BatchRunner.Outcome, finished: Int) {
        let row = outcome.job.row.number
        switch outcome.status {
        case .skipped:
            if !onTerminal { Console.err("row \(row): unchanged \(outcome.job.outputPath)\n") }
        case .written(let report):
            if !report.warnings.isEmpty {
                if onTerminal { Console.err("\r\u{1B}[K") }
                Console.err("row \(row): warnings (\(outcome.job.outputPath))\n")
                DiagnosticPrinter.print(report.warnings, source: report.prepared.spec.source)
            }
            if !onTerminal { Console.err("row \(row): wrote \(outcome.job.outputPath)\n") }
        case .failed(let error):
            failures += 1
            if onTerminal { Console.err("\r\u{1B}[K") }
            let from = outcome.job.row.location
            let output = outcome.job.row.failure == nil ? " (\(outcome.job.outputPath))" : ""
            Console.err("row \(row) (\(from.file):\(from.line)): failed\(output)\n")
            switch error {
            case .usage(let message): Console.err("error: \(message)\n")
            case .diagnostics(let list):
                DiagnosticPrinter.print(list.annotated(with: outcome.job.row, overridden: overridden))
            case .timedOut(let seconds): Console.err("error: \(CollageError.timedOutMessage(seconds))\n")
            }
        }
        if onTerminal { Console.err("\r\u{1B}[K" + Self.bar(finished: finished, total: total, failed: failures)) }
        if onTerminal && finished == total { Console.err("\n") }
    }

    /// `[########            ] 40/100 rows, 1 failed`, 30 cells wide.
    static func bar(finished: Int, total: Int, failed: Int) -> String {
        ProgressBar.line(done: finished, total: total, unit: "rows") + (failed > 0 ? ", \(failed) failed" : "")
    }
}
