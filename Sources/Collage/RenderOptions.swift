import CollageSpec

/// What one `collage render` is asked to do, beyond the document itself.
/// Command-line flags land here; they win over the document (DESIGN.md "Precedence").
public struct RenderOptions: Sendable {
    /// Where the image goes. Its extension (.png, .jpg, .jpeg) picks the
    /// format unless `format` is given.
    public var outputPath: String
    /// `--format`: wins over the extension and `output.format`.
    public var format: OutputFormat?
    /// `--quality`: JPEG quality 1-100; wins over `output.quality`; default 90.
    public var quality: Int?
    /// `--set name=value` overrides of the document's `vars`.
    public var variables: [String: String]
    /// Threads that decode and resample photos at once; default: all cores.
    public var threads: Int
    /// `--strict`: warnings (substituted font, uncovered characters, decoder
    /// warnings such as a dropped ICC profile) are errors, so nothing is
    /// written. Default false.
    public var strict = false
    /// `--debug-layout`: draw cell bounds, photo ids and crop windows over
    /// the output (`DebugOverlay`). Default false.
    public var debugLayout = false

    public init(outputPath: String, format: OutputFormat? = nil, quality: Int? = nil,
                variables: [String: String] = [:], threads: Int = RenderOptions.defaultThreads) {
        self.outputPath = outputPath; self.format = format; self.quality = quality
        self.variables = variables; self.threads = max(1, threads)
    }

    /// The number of online cores.
    public static var defaultThreads: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
}

#if canImport(Glibc)
import Glibc
#endif
