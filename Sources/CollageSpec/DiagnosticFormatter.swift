import Glibc

/// Prints diagnostics like a compiler (README "Rules": Errors):
///
///     trip.yaml:7:5: error: unknown key 'widht' in 'canvas'; did you mean 'width'?
///         widht: 2048
///         ^
///     note: …
///
/// The caret sits under the diagnostic's column (Unicode scalars, 1-based);
/// the quoted line shows control characters escaped and is cut to about 120
/// cells around the caret (`SourceExcerpt`). ANSI colour is opt-in: the
/// caller decides (a TTY, a `TERM` other than `dumb`, no `NO_COLOR`), or
/// `forTerminal(fileDescriptor:environment:)` decides by that rule.
public struct DiagnosticFormatter: Sendable {
    /// Emit ANSI escape codes (bold location, red error, yellow warning,
    /// cyan note, green caret).
    public var colour: Bool

    public init(colour: Bool = false) { self.colour = colour }

    /// A formatter for output written to `fileDescriptor` (default 2,
    /// standard error): colour when it is a terminal, `NO_COLOR` is unset
    /// or empty (https://no-color.org, README "Rules": Errors) and `TERM` is set
    /// to something other than `dumb`.
    public static func forTerminal(fileDescriptor: Int32 = 2,
                                   environment: [String: String] = FileSystem.environment)
        -> DiagnosticFormatter {
        let noColour = !(environment["NO_COLOR"] ?? "").isEmpty
        let term = environment["TERM"] ?? ""
        return DiagnosticFormatter(colour: isatty(fileDescriptor) == 1 && !noColour && !term.isEmpty && term != "dumb")
    }

    /// One diagnostic as text ending in a newline. The diagnostic's own
    /// `source` (an included file), or else `source` (the document the
    /// diagnostic points into), supplies the quoted line; without it, or
    /// with no location, only the message and notes are printed.
    public func format(_ diagnostic: Diagnostic, source: SourceText? = nil) -> String {
        var out = ""
        if let location = diagnostic.location { out += paint("\(location): ", bold) }
        let label: String
        switch diagnostic.severity {
        case .error: label = paint("error:", bold + red)
        case .warning: label = paint("warning:", bold + yellow)
        case .note: label = paint("note:", bold + cyan)
        }
        out += "\(label) \(paint(diagnostic.message, bold))\n"
        if let excerpt = Self.excerpt(of: diagnostic, source: source) {
            out += excerpt.line + "\n"
            out += excerpt.caretPrefix + paint("^", bold + green) + "\n"
        }
        for note in diagnostic.notes {
            out += "\(paint("note:", bold + cyan)) \(note)\n"
        }
        return out
    }

    /// The quoted source line of `diagnostic` and the blank space that puts
    /// a caret under its column, as `format` prints them (no colour); nil
    /// without a location or a source holding its line. The diagnostic's own
    /// `source` comes first, then `source`.
    public static func excerpt(of diagnostic: Diagnostic, source: SourceText? = nil) -> (line: String, caretPrefix: String)? {
        guard let location = diagnostic.location, let source = diagnostic.source ?? source,
              let line = source.line(location.line) else { return nil }
        let excerpt = SourceExcerpt(line: line, column: location.column)
        return (excerpt.line, excerpt.caretPrefix)
    }

    /// Every diagnostic of the list, in order, quoting the list's source.
    public func format(_ list: DiagnosticList) -> String {
        list.diagnostics.map { format($0, source: list.source) }.joined()
    }

    /// East Asian Wide/Fullwidth ranges (UAX #11) and emoji, which
    /// terminals draw two cells wide.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    private let bold = "\u{1B}[1m", red = "\u{1B}[31m", yellow = "\u{1B}[33m"
    private let cyan = "\u{1B}[36m", green = "\u{1B}[32m", reset = "\u{1B}[0m"

    private func paint(_ text: String, _ style: String) -> String {
        colour ? style + text + reset : text
    }
}
