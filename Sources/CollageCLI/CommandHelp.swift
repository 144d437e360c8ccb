import Collage

/// Every command's `--help` text by name: the one source of `collage help
/// CMD`, the man page (`ManPage`) and the shell completions
/// (`ShellCompletion`). A test keeps its names equal to the main help's
/// "Commands:" list and each text equal to what `collage CMD --help` prints.
enum CommandHelp {
    static let texts: [(name: String, help: String)] = [
        ("render", RenderCommand.help),
        ("check", CheckCommand.help),
        ("layout", LayoutCommand.help),
        ("schema", SchemaCommand.help),
        ("batch", BatchCommand.help),
        ("grid", GridCommand.help),
        ("watch", WatchCommand.help),
        ("convert", ConvertCommand.help),
        ("serve", ServeCommand.help),
        ("sign", SignCommand.help),
    ]

    /// The command names of the main help's "Commands:" section, in order.
    static var listedCommands: [String] {
        var names: [String] = []
        var inCommands = false
        for line in CommandLine.mainHelp.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "Commands:" { inCommands = true; continue }
            guard inCommands else { continue }
            guard line.hasPrefix("  "), let word = line.split(separator: " ").first else { break }
            names.append(String(word))
        }
        return names
    }

    /// The help text of `name`, if it is a command.
    static func text(of name: String) -> String? {
        texts.first { $0.name == name }?.help
    }
}

extension CommandLine {
    /// `collage help [CMD]`: the main help, or exactly what `collage CMD
    /// --help` prints; an unknown CMD is an unknown command (64).
    /// `collage help --help` (or `-h`) is the main help, which describes
    /// `help` itself.
    static func help(_ arguments: [String]) -> ExitStatus {
        guard let name = arguments.first, arguments != ["--help"], arguments != ["-h"] else {
            Console.out(mainHelp)
            return .success
        }
        guard arguments.count == 1 else {
            return topLevelUsageError("help takes one command, got \(arguments.count): \(arguments.joined(separator: " "))")
        }
        guard CommandHelp.text(of: name) != nil else { return unknownCommand(name) }
        return run([name, "--help"])
    }

    /// `error: unknown command 'rendr'; did you mean 'render'?` (the
    /// suggestion as for document keys: `Suggestions.closest`), else the
    /// list of commands; exit status 64.
    static func unknownCommand(_ name: String) -> ExitStatus {
        let commands = CommandHelp.listedCommands
        var message = "error: unknown command '\(name)'"
        if let suggestion = Suggestions.closest(to: name, in: commands + ["help", "--help", "--version"]) {
            message += "; did you mean '\(suggestion)'?\n"
        } else {
            message += "\ncommands: " + commands.joined(separator: ", ") + "\n"
        }
        Console.err(message + "see `collage --help`\n")
        return .usage
    }

    /// `collage --version`: collage's version, then one line per linked
    /// library (`CollageVersion.libraries`, which loads libheif).
    static func printVersion() -> ExitStatus {
        var text = "collage \(version)\n"
        for library in CollageVersion.libraries() { text += "\(library.name) \(library.version)\n" }
        Console.out(text)
        return .success
    }

    /// A usage error of `collage` itself (no command to point at).
    static func topLevelUsageError(_ message: String) -> ExitStatus {
        Console.err("error: \(message)\nsee `collage --help`\n")
        return .usage
    }
}
