import Collage

extension OutputFormat {
    /// The format `--format VALUE` names (`OutputFormat(flag:)`: a name or
    /// an extension, any case).
    /// - Throws: `Arguments.UsageError` naming the choices, for a missing or
    ///   unknown value.
    static func parseFlag(_ value: String?) throws -> OutputFormat {
        guard let value, let format = OutputFormat(flag: value) else {
            throw Arguments.UsageError(message: "--format must be \(choicesInProse), not '\(value ?? "")'")
        }
        return format
    }

    /// The usage error's text for `-o -` without `--format`.
    static let standardOutputNeedsFormat = "-o - writes to standard output and needs --format \(choices)"

    /// The usage error's text for `render -o -` when neither `--format` nor
    /// the document's `output.format` names the format.
    static let standardOutputNeedsDocumentFormat =
        "-o - writes to standard output and needs --format \(choices) or the document's output.format"

    /// "WebP 16383 px, JPEG 65500 px a side": the formats with a size limit
    /// of their own (PNG's is the encoders' arithmetic), for help texts.
    static var sizeLimitsInProse: String {
        allCases.filter { $0.maximumSide < 1 << 20 }.sorted { $0.maximumSide < $1.maximumSide }
            .map { "\($0.displayName) \($0.maximumSide) px" }.joined(separator: ", ") + " a side"
    }
}
