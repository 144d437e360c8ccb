/// Shell completion scripts for bash, zsh and fish, generated from the
/// help texts (`CommandHelp`, read back by `HelpText`) so they cannot
/// drift from them: commands, each command's options, the choices of an
/// option's value (formats, subsampling, fit…), files or folders for
/// `PATH`/`DIR` values, `.yaml`/`.yml`/`.json` files for documents and
/// image files for photos. `collage --completion SHELL` prints one.
enum ShellCompletion {
    enum Shell: String, CaseIterable { case bash, zsh, fish }

    /// A command as completion sees it.
    struct Command {
        var name: String
        /// The main help's one-line description of the command.
        var summary: String
        var help: HelpText
    }

    static var commands: [Command] {
        CommandHelp.texts.map { Command(name: $0.name, summary: summary(of: $0.name), help: HelpText($0.help)) }
    }

    /// The options `collage` takes before a command.
    static let topLevelOptions: [(name: String, summary: String)] = [
        ("--help", "show the help"), ("--version", "print the version and the linked libraries' versions"),
    ]

    /// Extensions offered for documents and photos (lower case; the
    /// scripts also offer the upper-case spelling).
    static let documentExtensions = ["yaml", "yml", "json"]
    static let imageExtensions = ["jpg", "jpeg", "png", "heic", "heif", "avif", "webp"]

    static func script(for shell: Shell) -> String {
        switch shell {
        case .bash: return bash()
        case .zsh: return zsh()
        case .fish: return fish()
        }
    }

    /// The text after the command's name in the main help's "Commands:" list.
    static func summary(of name: String) -> String {
        var inCommands = false
        for line in CommandLine.mainHelp.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "Commands:" { inCommands = true; continue }
            guard inCommands, line.hasPrefix("  ") else { continue }
            let body = line.drop { $0 == " " }
            guard body.hasPrefix(name + " ") else { continue }
            return String(body.dropFirst(name.count).drop { $0 == " " })
        }
        return ""
    }
}

extension CommandLine {
    /// `collage --help-man` (the man page) and `collage --completion
    /// bash|zsh|fish`: generated files for `scripts/install`; not in the
    /// main help, which they are made from.
    static func generate(_ option: String, _ arguments: [String]) -> ExitStatus {
        if option == "--help-man" {
            guard arguments.isEmpty else { return topLevelUsageError("--help-man takes no arguments") }
            Console.out(ManPage.text())
            return .success
        }
        guard arguments.count == 1, let shell = ShellCompletion.Shell(rawValue: arguments[0]) else {
            return topLevelUsageError("--completion takes one of bash, zsh, fish")
        }
        Console.out(ShellCompletion.script(for: shell))
        return .success
    }
}
