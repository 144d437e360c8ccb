/// One problem found in a document (or an input it names), located at the
/// node it concerns. Tests compare `kind` and `location`, not the message.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable { case error, warning, note }

    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case syntax             // YAML/JSON that does not parse (tabs included)
        case unknownKey         // a key the format does not have
        case unsupported        // a key or value of the format whose feature has not landed yet
        case missingKey         // a required key is absent
        case duplicateKey       // the same key twice in one mapping
        case wrongType          // e.g. a string where a number is expected
        case outOfRange         // a number or count outside its allowed range
        case invalidValue       // a value of the right type that is not allowed (bad colour, unknown enum value)
        case missingFile        // a referenced file does not exist
        case unreadableImage    // a referenced image cannot be decoded
        case undefinedVariable  // `${name}` with no such variable
        case unknownId          // `order` or `photo:` names an id no photo has
        case tooManyAliases     // alias expansion over the bound
        case font               // no usable font
        case render             // a failure while rendering or writing
        case pathOutsideRoot    // `--root DIR`: a named path resolves outside DIR (symlinks followed)
    }

    public var severity: Severity
    public var kind: Kind
    /// Where the problem is; nil for problems with no place in a document.
    public var location: SourceLocation?
    public var message: String
    /// Extra lines printed after the message ("note: ...").
    public var notes: [String]
    /// The text `location` points into when it is not the document's own
    /// (a file the document includes); nil: the list's `source`.
    public var source: SourceText?

    public init(_ kind: Kind, at location: SourceLocation?, _ message: String,
                severity: Severity = .error, notes: [String] = []) {
        self.severity = severity; self.kind = kind; self.location = location
        self.message = message; self.notes = notes
    }

    /// `file:line:column: error: message` (no source excerpt, no colour).
    public var description: String {
        let prefix = location.map { "\($0): " } ?? ""
        return "\(prefix)\(severity.rawValue): \(message)"
    }
}

/// Every error found in one pass over a document, in source order.
public struct DiagnosticList: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]
    /// The document text the diagnostics point into (nil when it could not
    /// be read), so printers can quote lines without re-reading the file.
    public var source: SourceText?
    public init(_ diagnostics: [Diagnostic], source: SourceText? = nil) {
        self.diagnostics = diagnostics; self.source = source
    }
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
