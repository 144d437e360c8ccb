/// A command's `--help` text read back as structure: its usage line,
/// operand and options, for the man page and the shell completions, which
/// are generated from the help so they cannot drift from it.
///
/// The help's conventions, which a test holds every command to: the first
/// line is `Usage: collage CMD OPERAND ...`; options are the lines of the
/// "Options:" section that start with two spaces and `-`: names separated
/// by ", ", then the value's placeholder after one space (`PATH`, `N`,
/// `WxH`, or the choices `png|jpeg|webp`), then the description after two
/// or more spaces (one space when the placeholder lists choices).
struct HelpText {
    /// What an option's value or a command's operand names, for completion.
    enum ValueKind: Equatable {
        /// No value (a flag).
        case none
        /// One of these words.
        case choices([String])
        /// Any file (`PATH`, `FILE`).
        case file
        /// A folder (`DIR`).
        case directory
        /// A collage document: .yaml, .yml or .json (`DOC`, `TEMPLATE`).
        case document
        /// An image file (`PHOTO`, `IN`).
        case image
        /// Free text or a number: nothing to offer.
        case text
    }

    struct Option: Equatable {
        /// `["-o", "--output"]`.
        var names: [String]
        /// The placeholder as written (`PATH`, `png|jpeg|webp`); nil for a flag.
        var placeholder: String?
        /// The first line of the description.
        var summary: String
        var value: ValueKind {
            guard let placeholder else { return .none }
            if placeholder.contains("|") { return .choices(placeholder.split(separator: "|").map(String.init)) }
            return HelpText.kind(of: placeholder)
        }
    }

    /// `collage render DOC -o OUT [options]`.
    var usage: String
    /// The command's operand kind (`DOC...` -> `.document`); `.none` without one.
    var operand: ValueKind
    var options: [Option]

    init(_ text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let first = lines.first ?? ""
        usage = first.hasPrefix("Usage: ") ? String(first.dropFirst("Usage: ".count)) : first
        let words = usage.split(separator: " ").map(String.init)
        operand = words.count > 2 && words[2].first?.isUppercase == true
            ? HelpText.kind(of: words[2].replacing("...", with: "")) : .none
        options = []
        var inOptions = false
        for line in lines {
            if line == "Options:" { inOptions = true; continue }
            guard inOptions else { continue }
            if line.isEmpty || !line.hasPrefix(" ") { if !options.isEmpty { break } else { continue } }
            let body = line.drop { $0 == " " }
            guard body.hasPrefix("-"), line.prefix(while: { $0 == " " }).count == 2 else { continue }
            options.append(HelpText.option(String(body)))
        }
    }

    /// Parses `-o, --output PATH     the image to write`.
    private static func option(_ body: String) -> Option {
        var rest = Substring(body)
        var names: [String] = []
        while rest.hasPrefix("-") {
            let name = rest.prefix { $0 != " " && $0 != "," }
            names.append(String(name))
            rest = rest.dropFirst(name.count)
            if rest.hasPrefix(", ") { rest = rest.dropFirst(2) } else { break }
        }
        var placeholder: String?
        if rest.hasPrefix(" "), !rest.hasPrefix("  ") {
            let word = rest.dropFirst().prefix { $0 != " " }
            if word.contains("|") || word.first?.isUppercase == true {
                placeholder = String(word)
                rest = rest.dropFirst(1 + word.count)
            }
        }
        return Option(names: names, placeholder: placeholder,
                      summary: String(rest.drop { $0 == " " }))
    }

    private static func kind(of placeholder: String) -> ValueKind {
        switch placeholder {
        case "PATH", "FILE": return .file
        case "DIR": return .directory
        case "DOC", "TEMPLATE": return .document
        case "PHOTO", "IN": return .image
        default: return .text
        }
    }
}
