import Collage

/// Prints diagnostics to stderr like a compiler.
enum DiagnosticPrinter {
    static func print(_ list: DiagnosticList) { print(list.diagnostics) }

    static func print(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics {
            Console.err(diagnostic.description + "\n")
            for note in diagnostic.notes { Console.err("note: \(note)\n") }
        }
    }
}
