import CollageNumerics
import Collage
import Dispatch

/// `collage batch TEMPLATE --data ROWS -o 'out/${id}.jpg'`: one image per data row.
enum BatchCommand {
    static let help = """
    Usage: collage batch TEMPLATE --data ROWS -o OUT-TEMPLATE [options]

    Renders TEMPLATE once per row of ROWS (.csv with a header row, RFC 4180,
    UTF-8; blank lines skipped, a trailing separator dropped, a first line
    sep=; selects the separator, a row that cannot be read fails alone; or
    .json / .yaml: a list of mappings; - reads them from standard input: CSV
    unless they start with [, { or -). Each row's fields are
    document variables, with `${row}` the row number (1 = first data row);
    --set wins over the row, the row over the template's `vars`. The output
    path is expanded per row the same way; two rows writing one path is an
    error before anything renders, and so is an output whose nearest existing
    folder is not writable (missing folders are created as rows are written).
    A failed row is reported with its number, the other rows are still
    written, and the batch exits 1 at the end. Each output must stay inside
    the folder of -o before its first ${ ('out' for 'out/${id}.jpg', . for
    '${id}.jpg'), after following symbolic links: a row whose value makes it
    resolve elsewhere ('../x', '/etc/x', a link pointing out) fails alone. Fonts and images every row
    uses (a logo) are loaded and decoded once for the whole batch; a photo
    that several rows name is decoded by its first two rows only.

    Options:
      -o, --output PATH     output path template, e.g. 'out/${id}.jpg' (required)
      --data PATH           the rows: .csv, .json, .yaml or .yml, or - (required)
      --jobs N              rows rendered at once (default 1)
      --shard K/N           only rows with (row - 1) mod N = K - 1, K from 1
      --shard auto|auto/N   K from the job runner: JOB_COMPLETION_INDEX (Kubernetes),
                            SLURM_ARRAY_TASK_ID (Slurm), else COLLAGE_SHARD_INDEX;
                            N from auto/N, SLURM_ARRAY_TASK_COUNT or COLLAGE_SHARD_COUNT
      --report FILE         JSON Lines, one line per row: row, id, output, status
                            (ok|failed|skipped), ms, inputs, quality (--max-bytes),
                            error; ${shard} = K
      --skip-unchanged      render a row only when its output is missing or its
                            stamp (template, row values, input sizes and times,
                            the font files its last render used) differs from
                            the one in the folder's .collage-stamps
      --allow-outside       let a row's output resolve outside the folder of -o
                            (risky: whoever writes the rows chooses any path
                            this process can write, and can replace any file)
      --strict              treat warnings (substituted font, uncovered characters,
                            decoder warnings) as errors: nothing is written
      --threads N           threads one render uses (default: cores / jobs)
    \(CommonRenderFlags.maxPixelsHelp)
    \(CommonRenderFlags.maxMemoryHelp)
    \(CommonRenderFlags.timeoutHelp(per: "each row's render"))
                            a row over it fails and the others go on
      --format \(OutputFormat.choices) output format; must agree with each output's extension
    \(CommonRenderFlags.saverOptionsHelp)
      --set NAME=VALUE      set a variable for every row (repeatable)
      --impose SHEET        then place the rows' outputs on print sheets, row
                            by row (collage impose --help); SHEET with ${sheet}
                            when they fill several; the last is partly filled.
                            The report gives each row's sheet: path, number,
                            column and row. With --grid CxR (default auto),
                            --sheet SIZE (default A4), --gutter LEN, --marks crop
                            and --dpi N as impose takes them; with --shard,
                            SHEET needs ${shard}
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
      batch: 1 of 1 rows written (shard 2/3 of 3 rows) in 0.2 s

    Rows whose photos someone uploaded, each given 10 seconds at most:

      $ collage batch card.yaml --data rows.csv -o 'cards/${id}.jpg' --timeout 10 --report report.jsonl

    On a Slurm array (sbatch --array=0-2), with a report per shard, re-rendering
    only rows whose photo or values changed since the last run; the rows come
    from standard input:

      $ cat rows.csv | collage batch card.yaml --data - -o 'cards/${id}.jpg' \\
          --shard auto --report 'report-${shard}.jsonl' --skip-unchanged
      batch: 0 of 1 rows written, 1 unchanged (shard 2/3 of 3 rows, from SLURM_ARRAY_TASK_ID) in 0.0 s
      $ jq -c 'select(.status == "failed")' report-*.jsonl     # what to retry

    More recipes (GNU parallel, Kubernetes, retrying failed rows): docs/batch.md.

    Exit codes: 0 every row written; 1 a row failed or the data is invalid; 64 usage error.

    """

    static func run(_ arguments: [String]) -> ExitStatus {
        var scanner = Arguments(arguments)
        var common = CommonRenderFlags()
        var pipeline = PipelineFlags()
        var data: String?
        var jobs = 1
        var shardArgument: String?
        var reportPath: String?
        var skipUnchanged = false
        var allowOutside = false
        var impose: String?
        var sheetFlags = ImposeCommand.SheetFlags()
        let status = scanner.parseOptions(
            command: "batch", help: help,
            valued: CommonRenderFlags.valued.union(PipelineFlags.valued).union(["--data", "--jobs", "--shard", "--report", "--impose"])
                .union(ImposeCommand.SheetFlags.valued),
            flags: CommonRenderFlags.flags.union(["--skip-unchanged", "--allow-outside"])
        ) { name, value in
            if try common.handle(name, value) { return }
            if try sheetFlags.handle(name, value) { return }
            switch name {
            case "--impose": impose = value
            case "--data": data = value
            case "--jobs":
                guard let n = value.flatMap({ Int($0) }), n >= 1 else {
                    throw Arguments.UsageError(message: "--jobs must be a whole number of at least 1, not '\(value ?? "")'")
                }
                jobs = n
            case "--shard":
                guard let value, value == "auto" || value.hasPrefix("auto/") || BatchPlan.Shard(value) != nil else {
                    throw Arguments.UsageError(message: "--shard takes K/N with 1 <= K <= N (e.g. 2/3), auto or auto/N, not '\(value ?? "")'")
                }
                shardArgument = value
            case "--report": reportPath = value
            case "--skip-unchanged": skipUnchanged = true
            case "--allow-outside": allowOutside = true
            default: try pipeline.handle(name, value)
            }
        }
        if let status { return status }
        guard scanner.positionals.count == 1, let template = scanner.positionals.first else {
            return usageError("batch takes one template document: collage batch TEMPLATE --data ROWS -o OUT", command: "batch")
        }
        guard template != "-" else { return usageError("batch reads its template from a file, not standard input (--data - reads the rows from it)", command: "batch") }
        guard let data else { return usageError("batch needs --data ROWS (.csv, .json or .yaml, or - for standard input)", command: "batch") }
        guard let output = common.output else {
            return usageError("batch needs an output path template: -o 'out/${row}.jpg'", command: "batch")
        }
        guard output != "-" else { return usageError("batch writes one file per row, not -o -", command: "batch") }
        var imposeRequest: Imposition.Request?
        do throws(Arguments.UsageError) {
            imposeRequest = try impose.map { sheet throws(Arguments.UsageError) in
                try sheetFlags.request(output: sheet, format: nil, allowMoreSheets: true)
            }
        } catch {
            return usageError(error.message, command: "batch")
        }
        guard reportPath != "-" else { return usageError("--report writes a file; name one, e.g. --report 'report-${shard}.jsonl'", command: "batch") }
        // Each shard imposes its own rows: without ${shard} in SHEET, shards would write the same sheets.
        if impose != nil, shardArgument != nil, !(impose ?? "").contains("${shard}") {
            return usageError("--impose with --shard writes one set of sheets per shard: put ${shard} in SHEET, e.g. --impose 'sheets/${shard}-${sheet}.png'", command: "batch")
        }

        let started = DispatchTime.now().uptimeNanoseconds
        let plan: BatchPlan
        let policy: PathPolicy?
        let document: DocumentInput
        let shard: BatchPlan.Shard?
        var shardSource: String?
        var report: String?
        do throws(CollageError) {
            shard = try resolveShard(shardArgument, source: &shardSource)
            if let sheets = imposeRequest?.output { imposeRequest?.output = BatchReport.path(sheets, shard: shard) }
            policy = try pipeline.policy()
            document = try DocumentInput.contents(of: template)
            // A row is one output: a template of several pages renders the one --set page=N chooses.
            let pages = document.pageCount(variables: common.variables, root: policy)
            if pages > 1, common.variables[DocumentPages.variable] == nil {
                return usageError("\(template) has \(pages) pages and batch writes one file a row: choose the page with --set page=N "
                                  + "(or render each row's document with collage render -o 'out-${page}.png')", command: "batch")
            }
            let rows = DataRow.multiplied(try DataRows.load(path: data),
                                          byVariants: DocumentVariants.names(text: document.bytes, file: template))
            plan = try BatchPlan(rows: rows, outputTemplate: output, overrides: common.variables, shard: shard,
                                 allowOutside: allowOutside)
            let documentFiles = [template, data].filter { $0 != "-" }
            try plan.refuseOverwriting(documentFiles)
            // Every file any row reads: no output, report or depfile may replace one.
            let rowInputs = plan.rowInputs(template: document, root: policy)
            try plan.refuseCrossRowOverwrites(rowInputs)
            let inputs = documentFiles + rowInputs.joined()
            if let depfile = pipeline.depfile {
                try Depfile.refuse(depfile, outputs: plan.jobs.map(\.outputPath), inputs: inputs)
            }
            if let reportPath {
                let path = BatchReport.path(reportPath, shard: shard)
                try Depfile.refuse(path, outputs: plan.jobs.map(\.outputPath), inputs: inputs,
                                   flag: "--report", noun: "report")
                report = path
            }
            try plan.checkOutputFolders()
            // The sheets' folder, like render's -o, must exist, and no sheet may replace a row's output
            // or anything a row reads: said before any row is rendered.
            if let sheets = imposeRequest?.output {
                try OutputPreflight.folder(of: Imposition.sheetPath(sheets, number: 1))
                try Imposition.refuseReplacing(sheets, sheets: plan.jobs.count, inputs: plan.jobs.map(\.outputPath) + inputs)
            }
        } catch {
            return error.report(command: "batch")
        }

        let defaultThreads = max(1, RenderOptions.defaultThreads / jobs)
        let progress = BatchProgress(total: plan.jobs.count, overridden: Set(common.variables.keys))
        var options = common.options(output: "", defaultThreads: defaultThreads)
        options.imageCache = SharedImageCache()
        let stamps = skipUnchanged ? BatchStamps() : nil
        let outcomes = BatchRunner.run(template: document, templatePath: template, dataPath: data, plan: plan,
                                       options: options, parallelism: jobs, policy: policy,
                                       incremental: stamps.map { .init(stamps: $0, version: CommandLine.version) }) { outcome, finished in
            progress.report(outcome, finished: finished)
        }
        let failed = outcomes.filter { $0.error != nil }
        let skipped = outcomes.filter { if case .skipped = $0.status { return true }; return false }.count
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        var finalStatus = failed.isEmpty ? ExitStatus.success : .failure

        do throws(CollageError) {
            try stamps?.save()
        } catch {
            if case .diagnostics(let list) = error { DiagnosticPrinter.print(list) }
            finalStatus = .failure
        }
        var placements: [Int: BatchReport.SheetPlacement]?
        if let imposeRequest {
            do throws(CollageError) {
                placements = try imposeOutputs(outcomes, imposeRequest)
            } catch {
                _ = error.report(command: "batch")
                finalStatus = .failure
            }
        }
        if let report {
            do throws(CollageError) {
                try Depfile.write(BatchReport.text(outcomes, workingDirectory: WorkingDirectory.path, placements: placements), to: report)
            } catch {
                if case .diagnostics(let list) = error { DiagnosticPrinter.print(list) }
                finalStatus = .failure
            }
        }
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

        var summary = "batch: \(outcomes.count - failed.count - skipped) of \(outcomes.count) rows written"
        if skipped > 0 { summary += ", \(skipped) unchanged" }
        if let shard {
            summary += " (shard \(shard.index)/\(shard.count) of \(plan.totalRows) rows"
                + (shardSource.map { ", from \($0)" } ?? "") + ")"
        }
        if !failed.isEmpty {
            let numbers = failed.map { String($0.job.row.number) }
            summary += "; \(failed.count) failed: row\(failed.count == 1 ? "" : "s") " + numbers.prefix(20).joined(separator: ", ")
                + (numbers.count > 20 ? ", …" : "")
        }
        let tenths = Int(checked: seconds * 10, .toNearestOrAwayFromZero)
        summary += " in \(tenths / 10).\(tenths % 10) s\n"
        Console.err(summary)
        return finalStatus
    }

    /// `--impose SHEET`: the outputs of the rows that have one (written or
    /// unchanged), in row order, on sheets; where each row went, by row number.
    static func imposeOutputs(_ outcomes: [BatchRunner.Outcome],
                              _ request: Imposition.Request) throws(CollageError) -> [Int: BatchReport.SheetPlacement] {
        let placed = outcomes.filter { if case .failed = $0.status { return false }; return true }
        guard !placed.isEmpty else { return [:] }
        var items: [Imposition.Item] = []
        for outcome in placed { items += try Imposition.items(of: outcome.job.outputPath) }
        let plan = try Imposition.impose(items, request)
        var placements: [Int: BatchReport.SheetPlacement] = [:]
        for (index, outcome) in placed.enumerated() {
            let (sheet, column, row) = plan.position(of: index)
            placements[outcome.job.row.number] = BatchReport.SheetPlacement(
                path: Imposition.sheetPath(request.output, number: sheet + 1), sheet: sheet + 1, column: column + 1, row: row + 1)
        }
        let sheets = plan.sheets(for: items.count)
        Console.err("batch: \(items.count) outputs on \(sheets) sheet\(sheets == 1 ? "" : "s") of \(plan.columns)x\(plan.rows)\n")
        return placements
    }

    /// `--shard K/N`, `auto` or `auto/N` (`BatchPlan.Shard.auto`, from the
    /// environment); `source` is set to the variable that gave an auto index.
    static func resolveShard(_ argument: String?, source: inout String?) throws(CollageError) -> BatchPlan.Shard? {
        guard let argument else { return nil }
        guard argument.hasPrefix("auto") else { return BatchPlan.Shard(argument) }
        var count: Int?
        if argument != "auto" {
            guard let n = Int(argument.dropFirst("auto/".count)), n >= 1 else {
                throw .usage("--shard auto/N takes a shard count N of at least 1, not '\(argument)'")
            }
            count = n
        }
        let (shard, variable) = try BatchPlan.Shard.auto(count: count, environment: FileSystem.environment)
        source = variable
        return shard
    }
}
