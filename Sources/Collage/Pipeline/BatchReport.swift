import CollageSpec

/// `collage batch --report FILE`: JSON Lines, one object a row in row order,
/// written whole when the batch ends (also when rows failed):
///
/// ```json
/// {"row":2,"id":"cairo","output":"cards/cairo.jpg","status":"failed","ms":41,
///  "inputs":["photos/cairo.jpg"],"error":{"kind":"missingFile","message":"photo file not found: 'photos/cairo.jpg'",
///  "file":"card.yaml","line":4,"column":10}}
/// ```
///
/// - `row`: the data row number (1 = first data row); `id`: the row's `id`
///   field, or null; `output`: the expanded output path (null for a row the
///   data file could not give, such as a CSV record with the wrong field count).
/// - `status`: `ok` (written), `failed` or `skipped` (`--skip-unchanged`).
/// - `ms`: the row's wall time in whole milliseconds.
/// - `inputs`: the files the row's document names (`Spec.inputs`) and, once
///   rendered, the fonts its text was set in; relative to the working
///   directory when inside it.
/// - `quality`: present only for a row written under `--max-bytes` (or
///   `output.maxBytes`): the quality chosen.
/// - `error`: null unless failed; then the first error: `kind` (a
///   `Diagnostic.Kind` raw value, or `usage`), `message`, and `file`, `line`,
///   `column` (1-based; null when unlocated).
public enum BatchReport {
    /// The report's path with `${shard}` expanded to the shard's K of
    /// `--shard K/N` (1 without a shard), so each shard writes its own file.
    public static func path(_ template: String, shard: BatchPlan.Shard?) -> String {
        template.replacing("${shard}", with: String(shard?.index ?? 1))
    }

    /// One JSON line (without its newline) for `outcome`.
    public static func line(_ outcome: BatchRunner.Outcome, workingDirectory: String) -> String {
        let status: String
        var error: JSONText.Value = .null
        switch outcome.status {
        case .written: status = "ok"
        case .skipped: status = "skipped"
        case .failed(let failure):
            status = "failed"
            error = json(failure, workingDirectory: workingDirectory)
        }
        var quality: [(String, JSONText.Value)] = []
        if case .written(let report) = outcome.status, let chosen = report.quality { quality = [("quality", .int(chosen))] }
        return JSONText.line(.object([
            ("row", .int(outcome.job.row.number)),
            ("id", outcome.job.row.fields["id"].map { .string($0) } ?? .null),
            ("output", outcome.job.row.failure == nil ? .string(outcome.job.outputPath) : .null),
            ("status", .string(status)),
            ("ms", .int(outcome.milliseconds)),
            ("inputs", .array(outcome.inputs.map { .string(Depfile.relative($0, to: workingDirectory)) })),
        ] + quality + [("error", error)]))
    }

    /// The whole report: a line per outcome, each ending in a newline.
    public static func text(_ outcomes: [BatchRunner.Outcome], workingDirectory: String) -> String {
        outcomes.map { line($0, workingDirectory: workingDirectory) + "\n" }.joined()
    }

    static func json(_ error: CollageError, workingDirectory: String) -> JSONText.Value {
        switch error {
        case .usage(let message):
            return .object([("kind", .string("usage")), ("message", .string(message)),
                            ("file", .null), ("line", .null), ("column", .null)])
        case .timedOut(let seconds):
            return .object([("kind", .string("timedOut")), ("message", .string(CollageError.timedOutMessage(seconds))),
                            ("file", .null), ("line", .null), ("column", .null)])
        case .diagnostics(let list):
            let first = list.diagnostics.first(where: { $0.severity == .error }) ?? list.diagnostics.first
            return .object([
                ("kind", .string(first?.kind.rawValue ?? "render")),
                ("message", .string(first?.message ?? "failed")),
                ("file", first?.location.map { .string(Depfile.relative($0.file, to: workingDirectory)) } ?? .null),
                ("line", first?.location.map { .int($0.line) } ?? .null),
                ("column", first?.location.map { .int($0.column) } ?? .null),
            ])
        }
    }
}
