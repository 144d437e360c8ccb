import CollageSpec

/// Picks the output format by the precedence of docs/format.md "Precedence": `--format`, then the
/// output file's extension, then the document's `output.format`.
enum OutputFormatResolver {
    /// The format an extension names (`OutputFormat.extensions`), or nil
    /// for an unknown or missing one.
    static func format(forExtensionOf path: String) -> OutputFormat? {
        OutputFormat(extensionOf: path)
    }

    /// - Throws: `CollageError.usage` when `--format` contradicts the
    ///   extension, when the output path is an existing folder, or when
    ///   nothing names a format.
    static func resolve(flag: OutputFormat?, outputPath: String, document: OutputFormat?) throws(CollageError) -> OutputFormat {
        let byExtension = format(forExtensionOf: outputPath)
        try refuseFolder(outputPath)
        if let flag {
            if let byExtension, byExtension != flag {
                throw .usage("--format \(flag.name) contradicts the output file's extension ('\(outputPath)' is \(byExtension.name)); drop one of them")
            }
            return flag
        }
        if let byExtension { return byExtension }
        if let document { return document }
        throw .usage("cannot tell the output format of '\(outputPath)': use a \(OutputFormat.extensionsInProse) name, or --format \(OutputFormat.choices)")
    }

    /// - Throws: `CollageError.usage` when `outputPath` is an existing folder.
    static func refuseFolder(_ outputPath: String) throws(CollageError) {
        if FileSystem.kind(of: outputPath) == .folder {
            let folder = outputPath.hasSuffix("/") ? String(outputPath.dropLast()) : outputPath
            throw .usage("the output '\(outputPath)' is a folder; name a file inside it, e.g. -o \(folder)/collage.png")
        }
    }
}
