import Collage

/// `--depfile` and `--root`, shared by `render`, `batch` and `grid`
/// (`grid` takes `--depfile` only: it names no document).
struct PipelineFlags {
    static let valued: Set<String> = ["--depfile", "--root"]

    /// `--depfile PATH`: the Makefile rule to write after a successful render.
    var depfile: String?
    /// `--root DIR`.
    var root: String?

    /// Takes one of `valued`; any other name is a usage error.
    mutating func handle(_ name: String, _ value: String?) throws {
        switch name {
        case "--depfile": depfile = value
        case "--root": root = value
        default: throw Arguments.UsageError(message: "unknown option '\(name)'")
        }
    }

    /// The `--root` policy, if any.
    func policy() throws(CollageError) -> PathPolicy? {
        try root.map { root throws(CollageError) in try PathPolicy(root: root) }
    }
}
