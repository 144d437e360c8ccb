/// `output` (docs/format.md).
extension Validator {
    /// `output`: optional `format` (jpeg | png | webp), `quality` (1-100),
    /// `subsampling` ("420" | "444"), `progressive` and `lossless` (booleans),
    /// `dpi` (1-65535).
    mutating func readOutput(_ entry: Node.Entry?) -> OutputSpec {
        var output = OutputSpec()
        guard let entry, let keys = keys(of: entry.value, in: Vocabulary.output, key: "output") else { return output }
        if let format = keys["format"],
           let name = enumeration(format.value, key: "format", allowed: Vocabulary.formats) {
            output.format = OutputFormat.allCases.first { $0.name == name }
            output.formatLocation = format.value.location
        }
        if let quality = keys["quality"] {
            output.quality = int(quality.value, key: "quality", range: 1...100)
        }
        if let subsampling = keys["subsampling"],
           let name = enumeration(subsampling.value, key: "subsampling", allowed: OutputSpec.Subsampling.allCases.map(\.rawValue)) {
            output.subsampling = OutputSpec.Subsampling(rawValue: name)
        }
        if let progressive = keys["progressive"] { output.progressive = boolean(progressive.value, key: "progressive") }
        if let lossless = keys["lossless"] { output.lossless = boolean(lossless.value, key: "lossless") }
        if let dpi = keys["dpi"] { output.dpi = int(dpi.value, key: "dpi", range: 1...65535) }
        return output
    }
}
