import Collage

/// The render options `batch`, `grid` and `watch` share with `render`:
/// `-o`, `--format`, the savers' options (`--quality`...), `--set`,
/// `--threads`, `--max-memory`, `--max-pixels`, `--strict`.
struct CommonRenderFlags {
    /// The most `--threads` takes.
    static let maxThreads = 1024
    static let valued: Set<String> = Set(["-o", "--output", "--format", "--set", "--threads", "--max-memory",
                                          "--timeout", "--max-bytes", "--max-pixels"] + saverOptions.filter { $0.kind != .boolean }.map(\.flag))
    /// Every saver's options (`--quality`, `--subsampling`, `--speed`...),
    /// from the registry: flags of `render`, `batch`,
    /// `grid`, `watch` and `convert`.
    static var saverOptions: [SaverOption] { OutputFormat.allOptions }
    /// The help lines of `saverOptions`, the text starting at `column`;
    /// `inDocument`: each says its `output.KEY`.
    static func saverOptionLines(column: Int = 24, inDocument: Bool = true,
                                 options: [SaverOption] = saverOptions) -> [String] {
        options.map { option -> String in
            var range = ""
            if case .integer(let values) = option.kind { range = "\(values.lowerBound)-\(values.upperBound), " }
            let head = "  \(option.flag) \(option.valueSyntax)"
            return head + String(repeating: " ", count: max(1, column - head.count))
                + "\(option.doc) (\(range)default \(option.defaultValue)" + (inDocument ? ", or output.\(option.key))" : ")")
        }
    }
    /// The help lines of `saverOptions` and `--max-bytes`, from the registry.
    static var saverOptionsHelp: String { help(saverOptionLines()) }
    private static func help(_ lines: [String]) -> String {
        (lines + ["""
          --max-bytes SIZE      the highest \(OutputFormat.inProse(OutputFormat.requalifiable.map(\.displayName))) quality whose file fits SIZE
                                (bytes, or K, M, G; or output.maxBytes); the canvas is then held
                                whole (--max-memory includes it) and re-encoded, never re-rendered;
                                the quality chosen is reported as a warning
        """]).joined(separator: "\n")
    }
    /// The help line of `--max-memory`, the same in every command that takes it.
    static let maxMemoryHelp = """
      --max-memory SIZE     cap the working set of a JPEG or PNG render: canvas rows
                            not yet encoded plus photos in flight (SIZE in bytes, or
                            with K, M, G = KiB, MiB, GiB: 512M, 2G, 300MiB; default
                            a 256M target); an error only when one photo cannot fit.
                            WebP, AVIF, --max-bytes, and PNG on a background that
                            is not opaque hold the whole canvas whatever it is
    """
    /// The help line of `--max-pixels`, the same in `render`, `batch`, `grid` and `watch`.
    static let maxPixelsHelp = """
      --max-pixels N        decoded-pixel budget per photo (default 100000000)
    """
    static let flags: Set<String> = Set(["--strict"] + saverOptions.filter { $0.kind == .boolean }.map(\.flag))

    /// The help line of `--timeout`; `per` says what the deadline is for
    /// ("the render", "each row", "each render").
    static func timeoutHelp(per: String) -> String {
        """
          --timeout SECONDS     stop \(per) after SECONDS (e.g. 10 or 2.5, at most
                                31536000, a year): it fails with "error: the render
                                exceeded --timeout 10 s" and writes nothing; SVG and
                                HEIF/AVIF then decode in a helper process killed at
                                the deadline (default: no limit)
        """
    }

    /// The seconds of `--timeout SECONDS`: a number above 0, at most a year.
    static func parseTimeout(_ value: String?) throws -> Double {
        // Decimal only: Double("0x10") would read hexadecimal.
        guard let value, value.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "e" || $0 == "E" || $0 == "+" || $0 == "-") }),
              let seconds = Double(value), seconds.isFinite, seconds > 0, seconds <= 31_536_000 else {
            throw Arguments.UsageError(message: "--timeout takes a number of seconds above 0 and at most 31536000 (a year), such as 10 or 2.5, not '\(value ?? "")'")
        }
        return seconds
    }

    /// The bytes of `--max-memory SIZE` (`ByteSize`), the same in every
    /// command that takes it (render's, batch's, grid's, watch's, check's).
    static func parseMaxMemory(_ value: String?) throws -> Int {
        guard let bytes = value.flatMap(ByteSize.parse) else {
            throw Arguments.UsageError(
                message: "--max-memory takes a size such as 512M, 2G or 300MiB (K, M, G: KiB, MiB, GiB; plain: bytes), not '\(value ?? "")'")
        }
        return bytes
    }

    /// The pixels of `--max-pixels N`: a whole number of at least 1, the
    /// same in every command that takes it (render's, batch's, grid's,
    /// watch's, check's, convert's).
    static func parseMaxPixels(_ value: String?) throws -> Int {
        guard let n = value.flatMap({ Int($0) }), n >= 1 else {
            throw Arguments.UsageError(message: "--max-pixels must be a whole number of at least 1, not '\(value ?? "")'")
        }
        return n
    }

    var output: String?
    var format: OutputFormat?
    var variables: [String: String] = [:]
    var threads: Int?
    /// `--max-memory`, in bytes.
    var maxMemory: Int?
    /// `--max-pixels`: the decoded-pixel budget per photo.
    var maxPixels: Int?
    var strict = false
    /// `--timeout`, in seconds.
    var timeout: Double?
    /// `--max-bytes`, in bytes.
    var maxBytes: Int?
    /// `saverOptions` given, by key.
    var settings: [String: String] = [:]

    /// Takes one of `valued`; returns false for any other name.
    mutating func handle(_ name: String, _ value: String?) throws -> Bool {
        switch name {
        case "--strict": strict = true
        case "-o", "--output": output = value
        case "--format":
            format = try OutputFormat.parseFlag(value)
        case "--threads":
            // More threads than images or bands do nothing; a huge count is a typo.
            guard let n = value.flatMap({ Int($0) }), (1 ... Self.maxThreads).contains(n) else {
                throw Arguments.UsageError(
                    message: "--threads must be a whole number from 1 to \(Self.maxThreads), not '\(value ?? "")'")
            }
            threads = n
        case "--max-memory":
            maxMemory = try Self.parseMaxMemory(value)
        case "--max-pixels":
            maxPixels = try Self.parseMaxPixels(value)
        case "--timeout":
            timeout = try Self.parseTimeout(value)
        case "--set":
            let (key, text) = try RenderCommand.parseSet(value)
            variables[key] = text
        case "--max-bytes":
            guard let bytes = value.flatMap(ByteSize.parse) else {
                throw Arguments.UsageError(
                    message: "--max-bytes takes a size such as 200K, 1M or 150000 (K, M, G: KiB, MiB, GiB; plain: bytes), not '\(value ?? "")'")
            }
            maxBytes = bytes
        default: return try Self.parseSaverOption(name, value, into: &settings)
        }
        return true
    }

    /// Takes saver option `name` (one of `saverOptions`' flags) into
    /// `settings`, in its canonical spelling; false for another name.
    /// - Throws: `Arguments.UsageError` "--KEY must be ALLOWED, not 'VALUE'".
    static func parseSaverOption(_ name: String, _ value: String?, into settings: inout [String: String]) throws -> Bool {
        guard let option = saverOptions.first(where: { $0.flag == name }) else { return false }
        guard let parsed = option.kind == .boolean ? "true" : value.flatMap(option.value) else {
            throw Arguments.UsageError(message: "\(option.flag) must be \(option.allowedInProse), not '\(value ?? "")'")
        }
        settings[option.key] = parsed
        return true
    }

    func options(output: String, defaultThreads: Int = RenderOptions.defaultThreads) -> RenderOptions {
        var options = RenderOptions(outputPath: output, format: format, variables: variables,
                                    threads: threads ?? defaultThreads, settings: settings)
        options.strict = strict
        options.maxMemory = maxMemory
        options.maxPixels = maxPixels
        options.timeout = timeout
        options.maxBytes = maxBytes
        return options
    }
}

/// Prints a usage error for `command` and returns exit status 64.
func usageError(_ message: String, command: String) -> ExitStatus {
    Console.err("error: \(message)\nsee `collage \(command) --help`\n")
    return .usage
}
