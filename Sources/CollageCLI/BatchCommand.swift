import CollageNumerics
import Collage
import Dispatch

/// `collage batch TEMPLATE --data ROWS -o 'out/${id}.jpg'`: one image per data row.
enum BatchCommand {
    static let help = """
    Usage: collage batch TEMPLATE --data ROWS -o OUT-TEMPLATE [options]

    Renders TEMPLATE once per row of ROWS (.csv with a header row, RFC 4180,
    UTF-8; or .json / .yaml: a list of mappings). Each row's fields are
    document variables, with `${row}` the row number (1 = first data row);
    --set wins over the row, the row over the template's `vars`. The output
    path is expanded per row the same way; two rows writing one path is an
    error before anything renders. A failed row is reported with its number,
    the other rows are still written, and the batch exits 1 at the end.

    Options:
      -o, --output PATH     output path template, e.g. 'out/${id}.jpg' (required)
      --data PATH           the rows: .csv, .json, .yaml or .yml (required)
      --jobs N              rows rendered at once (default 1)
      --shard K/N           only rows with (row - 1) mod N = K - 1, K from 1
      --strict              treat warnings (substituted font, uncovered characters,
                            decoder warnings) as errors: nothing is written
      --threads N           threads one render uses (default: cores / jobs)
      --format png|jpeg|webp output format; must agree with each output's extension
      --quality N           JPEG/WebP quality 1-100 (default 90, or output.quality)
      --set NAME=VALUE      set a variable for every row (repeatable)
      --depfile PATH        also write a Makefile rule per output
      --root DIR            refuse paths that resolve outside DIR
      -h, --help            show this help

    Example: one card per city, two at a time, the second of three shards:

      # rows.csv
      id,title,photo
      tokyo,東京,photos/tokyo.jpg
      cairo,القاهرة,photos/cairo.jpg
      lisbon,"Lisboa, Portugal",photos/lisbon.jpg

      # card.yaml
      version: 1
      canvas: {width: 1200, height: 630}
      photos: ["${photo}"]
      overlays: [{text: "${title}", font: {size: 96}, color: white, anchor: bottom, offset: [0, -40]}]

      $ collage batch card.yaml --data rows.csv -o 'cards/${id}.jpg' --jobs 2 --shard 2/3

    Exit codes: 0 every row written; 1 a row failed or the data is invalid; 64 usage error.

    """

    static func run(_ arguments: [String]) -> ExitStatus {
        var scanner = Arguments(arguments)
        var common = CommonRenderFlags()
        var pipeline = PipelineFlags()
        var data: String?
        var jobs = 1
        var shard: BatchPlan.Shard?
        let status = scanner.parseOptions(
            command: "batch", help: help,
            valued: CommonRenderFlags.valued.union(PipelineFlags.valued).union(["--data", "--jobs", "--shard"]),
            flags: CommonRenderFlags.flags
        ) { name, value in
            if try common.handle(name, value) { return }
            switch name {
            case "--data": data = value
            case "--jobs":
                guard let n = value.flatMap({ Int($0) }), n >= 1 else {
                    throw Arguments.UsageError(message: "--jobs must be a whole number of at least 1, not '\(value ?? "")'")
                }
                jobs = n
            case "--shard":
                guard let parsed = value.flatMap(BatchPlan.Shard.init) else {
                    throw Arguments.UsageError(message: "--shard takes K/N with 1 <= K <= N (e.g. 2/3), not '\(value ?? "")'")
                }
                shard = parsed
            default: try pipeline.handle(name, value)
            }
        }
        if let status { return status }
        guard scanner.positionals.count == 1, let template = scanner.positionals.first else {
            return usageError("batch takes one template document: collage batch TEMPLATE --data ROWS -o OUT", command: "batch")
        }
        guard template != "-" else { return usageError("batch reads its template from a file, not standard input", command: "batch") }
        guard let data else { return usageError("batch needs --data ROWS (.csv, .json or .yaml)", command: "batch") }
        guard let output = common.output else {
            return usageError("batch needs an output path template: -o 'out/${row}.jpg'", command: "batch")
        }
        guard output != "-" else { return usageError("batch writes one file per row, not -o -", command: "batch") }

        let started = DispatchTime.now().uptimeNanoseconds
        let plan: BatchPlan
        let policy: PathPolicy?
        let document: DocumentInput
        do throws(CollageError) {
            policy = try pipeline.policy()
            document = try DocumentInput.contents(of: template)
            let rows = try DataRows.load(path: data)
            plan = try BatchPlan(rows: rows, outputTemplate: output, overrides: common.variables, shard: shard)
            try plan.refuseOverwriting([template, data])
            if let depfile = pipeline.depfile {
                try Depfile.refuse(depfile, outputs: plan.jobs.map(\.outputPath), inputs: [template, data])
            }
        } catch {
            return error.report(command: "batch")
        }

        let defaultThreads = max(1, RenderOptions.defaultThreads / jobs)
        let progress = BatchProgress(total: plan.jobs.count)
        let outcomes = BatchRunner.run(template: document, templatePath: template, dataPath: data, plan: plan,
                                       options: common.options(output: "", defaultThreads: defaultThreads),
                                       parallelism: jobs, policy: policy) { outcome, finished in
            progress.report(outcome, finished: finished)
        }
        let failed = outcomes.filter { if case .failure = $0.result { return true }; return false }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9

        if let depfile = pipeline.depfile {
            let rules = outcomes.filter { !$0.dependencies.isEmpty }
                .map { Depfile.Rule(target: $0.job.outputPath, prerequisites: $0.dependencies) }
            do throws(CollageError) {
                try Depfile.write(Depfile.text(rules, workingDirectory: WorkingDirectory.path), to: depfile)
            } catch {
                if case .diagnostics(let list) = error { DiagnosticPrinter.print(list) }
                return .failure
            }
        }

        var summary = "batch: \(outcomes.count - failed.count) of \(outcomes.count) rows written"
        if let shard { summary += " (shard \(shard.index)/\(shard.count) of \(plan.totalRows) rows)" }
        if !failed.isEmpty {
            let numbers = failed.map { String($0.job.row.number) }
            summary += "; \(failed.count) failed: row\(failed.count == 1 ? "" : "s") " + numbers.prefix(20).joined(separator: ", ")
                + (numbers.count > 20 ? ", …" : "")
        }
        let tenths = Int(checked: seconds * 10, .toNearestOrAwayFromZero)
        summary += " in \(tenths / 10).\(tenths % 10) s\n"
        Console.err(summary)
        return failed.isEmpty ? .success : .failure
    }
}
