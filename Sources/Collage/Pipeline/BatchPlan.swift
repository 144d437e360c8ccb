/// Which rows a batch renders and where each goes, decided before anything
/// renders: the output path template expanded per row, duplicates refused,
/// the shard applied.
public struct BatchPlan: Sendable {
    /// One image to render.
    public struct Job: Sendable, Hashable {
        public var row: DataRow
        /// The output path with `${name}` expanded; empty for a row the
        /// data file could not give (`row.failure`), which only fails.
        public var outputPath: String
        /// The row's variables: its fields, `row` (its number), then the
        /// `--set` overrides, which win (docs/format.md "Precedence").
        public var variables: [String: String]
        /// Why the row is not rendered: its output resolves outside the
        /// output root (`OutputRoot.refusal`) or is named like the stamps
        /// file (`BatchStamps.reservedNameRefusal`); nil for a row that renders.
        /// Such a row fails alone; the others are written.
        public var refusal: String?
    }

    /// `--shard K/N`: rows with (row − 1) mod N = K − 1, K from 1 (as in
    /// Jest and Playwright), so N machines or processes split the rows.
    public struct Shard: Sendable, Hashable {
        public var index: Int
        public var count: Int
        /// Parses "K/N" with 1 ≤ K ≤ N; nil otherwise.
        public init?(_ text: String) {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(k) else { return nil }
            index = k; count = n
        }
        /// Shard `index` of `count`, 1 ≤ index ≤ count.
        public init(index: Int, count: Int) {
            precondition(count >= 1 && (1...count).contains(index))
            self.index = index; self.count = count
        }
        /// Whether data row `row` (from 1) belongs to this shard.
        public func includes(row: Int) -> Bool { (row - 1) % count == index - 1 }
    }

    /// The jobs of this shard, in row order.
    public var jobs: [Job]
    /// Rows in the data file (all shards).
    public var totalRows: Int

    /// Plans a batch.
    ///
    /// - Parameters:
    ///   - outputTemplate: the `-o` path; `${name}` is a row field, `row`
    ///     or a `--set` name; `$${` is a literal `${`.
    ///   - overrides: `--set` values; they win over row fields.
    ///   - allowOutside: `--allow-outside`: true lets a row's output resolve
    ///     outside `OutputRoot(template:)`; false (the default) gives such a
    ///     row a `refusal`.
    /// - Throws: `CollageError.usage` when a row's output path names an
    ///   unknown variable, is empty, or equals another row's (all rows are
    ///   checked, not only this shard's, since shards share the output folder).
    public init(rows: [DataRow], outputTemplate: String, overrides: [String: String], shard: Shard?,
                allowOutside: Bool = false) throws(CollageError) {
        let root = allowOutside ? nil : OutputRoot(template: outputTemplate)
        var jobs: [Job] = []
        var firstRowOfPath: [String: Int] = [:]
        for row in rows {
            if row.failure != nil {
                // Unreadable (broken CSV quoting, wrong field count): no
                // output path; it fails when run, the other rows render.
                if shard?.includes(row: row.number) ?? true { jobs.append(Job(row: row, outputPath: "", variables: [:])) }
                continue
            }
            var variables = row.fields
            variables["row"] = String(row.number)
            for (name, value) in overrides { variables[name] = value }
            let path: String
            do {
                path = try BatchPlan.expand(outputTemplate, variables)
            } catch {
                let hint = Suggestions.closest(to: error.name, in: variables.keys.sorted())
                    .map { "; did you mean '${\($0)}'?" } ?? ""
                throw .usage("row \(row.number): the output path '\(outputTemplate)' names ${\(error.name)}, which is not a column, 'row' or a --set variable\(hint)")
            }
            guard !path.isEmpty else { throw .usage("row \(row.number): the output path is empty") }
            let key = WorkingDirectory.absolute(path)
            if let first = firstRowOfPath[key] {
                throw .usage("rows \(first) and \(row.number) would both write '\(path)'; make -o unique per row, e.g. -o 'out/${row}.jpg'")
            }
            firstRowOfPath[key] = row.number
            if shard?.includes(row: row.number) ?? true {
                jobs.append(Job(row: row, outputPath: path, variables: variables,
                                refusal: root?.refusal(of: path) ?? BatchStamps.reservedNameRefusal(of: path)))
            }
        }
        self.jobs = jobs
        self.totalRows = rows.count
    }

    /// Refuses a plan in which an output is one of `inputs` (the template,
    /// the data file), before anything renders. A row whose output is one
    /// of its own photos fails alone, when it renders.
    /// - Throws: `CollageError.usage` naming the row.
    public func refuseOverwriting(_ inputs: [String]) throws(CollageError) {
        for job in jobs where job.refusal == nil && job.row.failure == nil {
            guard let output = FileIdentity(path: job.outputPath) else { continue }
            for input in inputs where FileIdentity(path: input) == output {
                throw .usage("row \(job.row.number): the output '\(job.outputPath)' is the batch's input '\(input)'; choose another output path")
            }
        }
    }

    struct UnknownVariable: Error { var name: String }

    /// `${name}` substitution with `$${` as a literal `${`.
    static func expand(_ template: String, _ variables: [String: String]) throws(UnknownVariable) -> String {
        var result = ""
        var rest = Substring(template)
        while let dollar = rest.firstIndex(of: "$") {
            result += rest[..<dollar]
            let after = rest[dollar...]
            if after.hasPrefix("$${") {
                result += "${"; rest = after.dropFirst(3); continue
            }
            if after.hasPrefix("${"), let close = after.firstIndex(of: "}") {
                let name = String(after[after.index(dollar, offsetBy: 2)..<close])
                guard let value = variables[name] else { throw UnknownVariable(name: name) }
                result += value
                rest = after[after.index(after: close)...]
                continue
            }
            result += "$"; rest = after.dropFirst()
        }
        return result + rest
    }
}
