/// `output` (DESIGN.md "Document format v1").
extension Validator {
    /// `output`: optional `format` (jpeg | png | webp) and `quality` (1-100).
    mutating func readOutput(_ entry: Node.Entry?) -> OutputSpec {
        var output = OutputSpec()
        guard let entry, let keys = keys(of: entry.value, in: Vocabulary.output, key: "output") else { return output }
        if let format = keys["format"],
           let name = enumeration(format.value, key: "format", allowed: Vocabulary.formats) {
            output.format = OutputFormat(rawValue: name)
            output.formatLocation = format.value.location
        }
        if let quality = keys["quality"] {
            output.quality = int(quality.value, key: "quality", range: 1...100)
        }
        return output
    }
}
