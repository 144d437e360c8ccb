import Collage

/// Prints diagnostics to stderr like a compiler: location, message, the
/// source line with a caret; colour only on a terminal and never under NO_COLOR.
enum DiagnosticPrinter {
    static func print(_ list: DiagnosticList) {
        Console.err(DiagnosticFormatter.forTerminal().format(list))
    }

    static func print(_ diagnostics: [Diagnostic], source: SourceText? = nil) {
        guard !diagnostics.isEmpty else { return }
        print(DiagnosticList(diagnostics, source: source))
    }
}
