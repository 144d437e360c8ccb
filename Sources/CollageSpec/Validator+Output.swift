/// `output` (docs/format.md).
extension Validator {
    /// `output`: optional `format` (`OutputFormat.allCases`' names), `dpi`
    /// (1-65535), `maxBytes` (bytes, at least 1), and every option a saver
    /// declares (`OutputFormat.allOptions`: `quality`, `subsampling`,
    /// `speed`...) by its declared kind and range, into `settings`.
    mutating func readOutput(_ entry: Node.Entry?) -> OutputSpec {
        var output = OutputSpec()
        guard let entry, let keys = keys(of: entry.value, in: Vocabulary.output, key: "output") else { return output }
        if let format = keys["format"],
           let name = enumeration(format.value, key: "format", allowed: Vocabulary.formats) {
            output.format = OutputFormat.allCases.first { $0.name == name }
            output.formatLocation = format.value.location
        }
        for option in OutputFormat.allOptions {
            guard let entry = keys[option.key] else { continue }
            let value: String?
            switch option.kind {
            case .integer(let range): value = int(entry.value, key: option.key, range: range).map(String.init)
            case .boolean: value = boolean(entry.value, key: option.key).map { $0 ? "true" : "false" }
            case .choice(let values): value = enumeration(entry.value, key: option.key, allowed: values)
            }
            if let value { output.settings[option.key] = value }
        }
        if let dpi = keys["dpi"] { output.dpi = int(dpi.value, key: "dpi", range: 1...65535) }
        if let maxBytes = keys["maxBytes"] {
            output.maxBytes = int(maxBytes.value, key: "maxBytes", range: 1...(1 << 40))
            output.maxBytesLocation = maxBytes.value.location
        }
        return output
    }
}
