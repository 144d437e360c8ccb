import Collage

extension Arguments {
    /// Parses the options of `collage COMMAND`, the way every command does:
    /// `-h`/`--help` prints `help`; an unknown option, a missing value or
    /// an error thrown by `handle` is a usage error (message and a pointer to
    /// `collage COMMAND --help` on stderr).
    ///
    /// - Returns: the status to exit with (0 after the help, 64 for a usage
    ///   error), or nil when the command should go on.
    mutating func parseOptions(command: String, help: String, valued: Set<String>, flags: Set<String>,
                               _ handle: (String, String?) throws -> Void) -> ExitStatus? {
        var wantsHelp = false
        do {
            try parse(valued: valued, flags: flags.union(["-h", "--help"])) { name, value in
                if name == "-h" || name == "--help" { wantsHelp = true; return }
                try handle(name, value)
            }
        } catch let error as UsageError {
            return usageError(error.message, command: command)
        } catch {
            return usageError("\(error)", command: command)
        }
        if wantsHelp { Console.out(help); return .success }
        return nil
    }
}

extension CollageError {
    /// Prints this error as `collage COMMAND` reports it and returns the
    /// exit status: a usage error (64, with the `--help` pointer) or the
    /// diagnostics (1).
    func report(command: String) -> ExitStatus {
        switch self {
        case .usage(let message): return usageError(message, command: command)
        case .diagnostics(let list):
            DiagnosticPrinter.print(list)
            return .failure
        case .timedOut(let seconds):
            Console.err("error: \(CollageError.timedOutMessage(seconds))\n")
            return .failure
        }
    }
}
