extension Diagnostic {
    /// The same finding as an error (`--strict`): a warning keeps its kind,
    /// location and text and gains a note saying why it stops the run.
    public var asError: Diagnostic {
        guard severity == .warning else { return self }
        var copy = self
        copy.severity = .error
        copy.notes.append("this warning is an error because of --strict")
        return copy
    }
}
