extension BatchPlan.Shard {
    /// The environment variables `--shard auto` reads, in the order tried.
    public static let autoVariables = ["JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID", "COLLAGE_SHARD_INDEX"]

    /// `--shard auto` or `--shard auto/N`: this process's shard, from the
    /// job runner's own index (0-based) in `environment`:
    ///
    /// | runner | index | count |
    /// |---|---|---|
    /// | Kubernetes Indexed Job | `JOB_COMPLETION_INDEX` | N of `auto/N`, else `COLLAGE_SHARD_COUNT` |
    /// | Slurm array | (`SLURM_ARRAY_TASK_ID` − `SLURM_ARRAY_TASK_MIN`) / `SLURM_ARRAY_TASK_STEP` (min 0, step 1 when unset) | `SLURM_ARRAY_TASK_COUNT` (or N) |
    /// | anything else (GitHub Actions matrix, …) | `COLLAGE_SHARD_INDEX` | N, else `COLLAGE_SHARD_COUNT` |
    ///
    /// The first runner whose index variable is set wins, in that order.
    /// Index i becomes shard K = i + 1 of `--shard K/N`, so the shards of
    /// indices 0…N−1 cover every row exactly once.
    ///
    /// - Parameters:
    ///   - count: N of `auto/N`, or nil for `auto`.
    ///   - environment: the process environment (`FileSystem.environment`).
    /// - Returns: the shard, and the variable that gave its index.
    /// - Throws: `CollageError.usage` when no index variable is set (the
    ///   message names them all), when a value is not a whole number, when
    ///   the count is unknown or disagrees with N, or when the index is not
    ///   below the count (or not on the Slurm step).
    public static func auto(count: Int?, environment: [String: String]) throws(CollageError) -> (BatchPlan.Shard, String) {
        func number(_ name: String) throws(CollageError) -> Int? {
            guard let text = environment[name] else { return nil }
            guard let value = Int(text.trimmingSpaces), value >= 0 else {
                throw .usage("--shard auto: \(name)='\(text)' is not a whole number of at least 0")
            }
            return value
        }
        func shardCount(_ variable: String?) throws(CollageError) -> Int {
            let fromEnvironment = try variable.flatMap { name throws(CollageError) in try number(name) }
            if let count, let fromEnvironment, count != fromEnvironment {
                throw .usage("--shard auto/\(count) disagrees with \(variable!)=\(fromEnvironment)")
            }
            guard let total = count ?? fromEnvironment else {
                throw .usage("--shard auto needs the shard count: write --shard auto/N or set COLLAGE_SHARD_COUNT")
            }
            guard total >= 1 else { throw .usage("--shard auto: the shard count must be at least 1, not \(total)") }
            return total
        }
        func shard(_ index: Int, of total: Int, from source: String) throws(CollageError) -> (BatchPlan.Shard, String) {
            guard index < total else {
                throw .usage("--shard auto: \(source) gives shard index \(index) (from 0), but there are only \(total) shards")
            }
            return (BatchPlan.Shard(index: index + 1, count: total), source)
        }

        if let index = try number("JOB_COMPLETION_INDEX") {
            return try shard(index, of: try shardCount("COLLAGE_SHARD_COUNT"), from: "JOB_COMPLETION_INDEX")
        }
        if let task = try number("SLURM_ARRAY_TASK_ID") {
            let minimum = try number("SLURM_ARRAY_TASK_MIN") ?? 0
            let step = try number("SLURM_ARRAY_TASK_STEP") ?? 1
            guard step >= 1 else { throw .usage("--shard auto: SLURM_ARRAY_TASK_STEP=\(step) must be at least 1") }
            guard task >= minimum, (task - minimum) % step == 0 else {
                throw .usage("--shard auto: SLURM_ARRAY_TASK_ID=\(task) is not SLURM_ARRAY_TASK_MIN=\(minimum) plus a multiple of SLURM_ARRAY_TASK_STEP=\(step)")
            }
            return try shard((task - minimum) / step, of: try shardCount("SLURM_ARRAY_TASK_COUNT"), from: "SLURM_ARRAY_TASK_ID")
        }
        if let index = try number("COLLAGE_SHARD_INDEX") {
            return try shard(index, of: try shardCount("COLLAGE_SHARD_COUNT"), from: "COLLAGE_SHARD_INDEX")
        }
        throw .usage("--shard auto found no shard index: set JOB_COMPLETION_INDEX (Kubernetes Indexed Job), SLURM_ARRAY_TASK_ID (Slurm array) or COLLAGE_SHARD_INDEX with COLLAGE_SHARD_COUNT (GitHub Actions and others), or pass --shard K/N")
    }
}

private extension String {
    var trimmingSpaces: Substring {
        var text = Substring(self)
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return text
    }
}
