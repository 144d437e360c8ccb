/// A position in a document: 1-based line and column, columns counted in
/// Unicode scalars (as editors and compilers print them).
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The document's path as given by the user (or "<stdin>").
    public var file: String
    public var line: Int
    public var column: Int
    public init(file: String, line: Int, column: Int) {
        self.file = file; self.line = line; self.column = column
    }
    /// `file:line:column`, the prefix of a printed diagnostic.
    public var description: String { "\(file):\(line):\(column)" }
}
