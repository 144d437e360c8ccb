import Collage

/// A hand-written argument scanner: `--name value`, `--name=value`, `-o value`,
/// flags, and positionals; `--` ends options.
struct Arguments {
    struct UsageError: Error { var message: String }

    private var remaining: [String]
    private(set) var positionals: [String] = []

    init(_ arguments: [String]) { remaining = arguments }

    /// Parses every argument. `valued` lists options that take a value,
    /// `flags` those that do not; the handler gets each option and its value.
    mutating func parse(valued: Set<String>, flags: Set<String>,
                        _ handle: (String, String?) throws -> Void) throws {
        var optionsEnded = false
        while !remaining.isEmpty {
            let argument = remaining.removeFirst()
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                positionals.append(argument)
                continue
            }
            if argument == "--" { optionsEnded = true; continue }
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let eq = argument.firstIndex(of: "=") {
                name = String(argument[..<eq])
                inlineValue = String(argument[argument.index(after: eq)...])
            }
            if valued.contains(name) {
                if let inlineValue { try handle(name, inlineValue); continue }
                guard !remaining.isEmpty else { throw UsageError(message: "\(name) needs a value") }
                try handle(name, remaining.removeFirst())
            } else if flags.contains(name) {
                guard inlineValue == nil else { throw UsageError(message: "\(name) takes no value") }
                try handle(name, nil)
            } else {
                throw UsageError(message: Self.unknownOption(name, known: valued.union(flags)))
            }
        }
    }

    /// `unknown option '--qualty'; did you mean '--quality'?`: the closest
    /// of the command's own options by `Suggestions.closest` (as for unknown
    /// commands and document keys; sorted, so ties are deterministic), or the
    /// bare message when none is close.
    static func unknownOption(_ name: String, known: Set<String>) -> String {
        let message = "unknown option '\(name)'"
        guard let suggestion = Suggestions.closest(to: name, in: known.sorted()) else { return message }
        return message + "; did you mean '\(suggestion)'?"
    }
}
