import CollageRaster
import CollageSpec

/// What one `collage render` is asked to do, beyond the document itself.
/// Command-line flags land here; they win over the document (docs/format.md "Precedence").
public struct RenderOptions: Sendable {
    /// Where the image goes. Its extension (.png, .jpg, .jpeg, .webp) picks
    /// the format unless `format` is given.
    public var outputPath: String
    /// `--format`: wins over the extension and `output.format`.
    public var format: OutputFormat?
    /// `--quality` (`settings["quality"]`): JPEG/WebP/AVIF quality 1-100;
    /// wins over `output.quality`; default 90.
    public var quality: Int? {
        get { settings[SaverOption.quality.key].flatMap { Int($0) } }
        set { settings[SaverOption.quality.key] = newValue.map { String($0) } }
    }
    /// `--set name=value` overrides of the document's `vars`.
    public var variables: [String: String]
    /// Threads that decode and resample photos at once; default: all cores.
    public var threads: Int
    /// `--lenient`: a photo whose data ends early (truncated JPEG) renders
    /// with libjpeg's gray fill and a warning instead of failing. Default false.
    public var lenient: Bool
    /// `--max-pixels`: the decoded-pixel budget per photo (after DCT
    /// scaling; HEIF and WebP at full size); nil = 100 megapixels.
    public var maxPixels: Int?
    /// `--max-memory`: the render's working set in bytes (the canvas rows
    /// not yet encoded plus the photos in flight, `SceneRenderOptions.maxMemory`)
    /// for JPEG and PNG output; WebP holds the whole canvas whatever it is,
    /// and so does a PNG whose background is not opaque. Nil (the default):
    /// a 256 MiB target, never an error. Set: a cap; a photo that cannot fit
    /// alone fails the render (`CollageError.diagnostics` at its `src`).
    public var maxMemory: Int?
    /// `--dpi`: JFIF density / PNG pHYs; wins over `output.dpi`; default none.
    public var dpi: Int?
    /// `--max-bytes`: the highest JPEG, WebP or AVIF quality whose file fits
    /// this many bytes (`SizeBudget`: the canvas is held and re-encoded, so
    /// `maxMemory` includes it); wins over `output.maxBytes`; default none.
    public var maxBytes: Int?
    /// The savers' options from the command line (`--quality`,
    /// `--subsampling`, `--speed`...: `OutputFormat.allOptions`), by key,
    /// canonical spelling; each wins over its `output.KEY`. Default none.
    public var settings: [String: String] = [:]
    /// `--strict`: warnings (substituted font, uncovered characters, decoder
    /// warnings such as a dropped ICC profile) are errors, so nothing is
    /// written. Default false.
    public var strict = false
    /// `--debug-layout`: draw cell bounds, photo ids and crop windows over
    /// the output (`DebugOverlay`). Default false.
    public var debugLayout = false
    /// `--fast`: decode photos only as large as their cells (the smallest
    /// JPEG DCT scale that still covers each cell) instead of twice that;
    /// faster, slightly softer. Default false.
    public var fast = false
    /// Decoded images kept across renders (a batch's shared logo): the
    /// paths it shares are decoded through it. Default: none, every image
    /// decoded per render.
    public var imageCache: SharedImageCache?
    /// Told after each photo is decoded and resampled (photos done, photos in
    /// all); calls are serial, from any thread. The CLI draws a progress bar
    /// with it on a terminal. Default: none.
    public var progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
    /// `--timeout`: seconds a render may take from its start (each batch
    /// row and each watch render its own); then it stops with
    /// `CollageError.timedOut`, and SVG renders and HEIF/AVIF decodes run in
    /// a helper process killed at the deadline (`HelperProcess`). Default nil.
    public var timeout: Double?
    /// The moment the render stops, when the caller fixed it already (the
    /// CLI at its start); nil: `timeout` from the render's start.
    public var deadline: Deadline?
    /// The helper executable; nil: `HelperProcess.executable()`.
    public var helper: String?

    public init(outputPath: String, format: OutputFormat? = nil, quality: Int? = nil,
                variables: [String: String] = [:], threads: Int = RenderOptions.defaultThreads,
                lenient: Bool = false, maxPixels: Int? = nil, dpi: Int? = nil, settings: [String: String] = [:]) {
        self.outputPath = outputPath; self.format = format
        self.variables = variables; self.threads = max(1, threads)
        self.lenient = lenient; self.maxPixels = maxPixels; self.dpi = dpi; self.settings = settings
        if let quality { self.quality = quality }
    }

    /// The number of online cores.
    public static var defaultThreads: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
}

#if canImport(Glibc)
import Glibc
#endif
