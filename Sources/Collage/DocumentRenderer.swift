import CollageLayout
import CollageRaster
import CollageSpec
import CollageText

/// The library's entry point: renders collage documents (a file, document
/// text, or a `CollageDocument` built in code) to encoded image bytes or to
/// a file, the way `collage render` does (it is the same flow:
/// `CollageRenderer.preflight`, then `prepareAndEncode`, then the atomic
/// write).
///
/// A renderer is a `Sendable` value holding the settings that apply to every
/// render (path policy, pixel budget, threads, strictness); make one and
/// reuse it, from any number of threads at once. Fonts stay loaded between
/// renders: the fontconfig configuration, the opened faces and the shaped
/// runs are kept by the process-wide font library (`FontLibrary.shared`,
/// `ShapingCache`), which the first renderer starts loading on a background
/// thread as soon as it is made.
///
/// It changes no process-wide state: it installs no signal handler, tunes
/// no allocator and sets no environment variable or locale. A program that
/// wants Ctrl-C to remove a half-written output's temporary file calls
/// `InterruptCleanup.installHandlers()` from its `main`, as `collage` does.
///
/// ```swift
/// let renderer = DocumentRenderer()
/// let image = try renderer.render(.file("trip.yaml"), format: .png)
/// // image.bytes is a PNG of image.width x image.height pixels
/// ```
public struct DocumentRenderer: Sendable {
    /// Where a document comes from.
    public enum Source: Sendable {
        /// A YAML or JSON document file; relative paths in it resolve
        /// against its folder; diagnostics name `path`.
        case file(String)
        /// Document text (YAML or JSON, UTF-8); relative paths in it resolve
        /// against `baseDirectory` (relative to the working directory unless
        /// absolute); diagnostics name `name`.
        case text(String, baseDirectory: String, name: String = "<document>")
        /// A document built in code, written as JSON (`CollageDocument.jsonText`)
        /// and validated as text named `name`; relative paths resolve
        /// against `baseDirectory`.
        case document(CollageDocument, baseDirectory: String, name: String = "<document>")
    }

    /// The settings of every render of this renderer.
    public struct Configuration: Sendable {
        /// `--root`: when set, every path a document names (`Spec.inputs`:
        /// photos, image overlays, the background image, font files) must resolve inside this folder after
        /// following symlinks, or the render fails with `.pathOutsideRoot`
        /// diagnostics before anything is decoded. Default nil (no limit).
        /// Set it when rendering documents someone else wrote.
        public var root: PathPolicy?
        /// `--max-pixels`: the decoded-pixel budget per photo, in pixels
        /// after DCT scaling (HEIF and WebP at full size); a larger photo is
        /// an `.unreadableImage` error. Default nil = 100 000 000. Lower it
        /// for services.
        public var maxPixels: Int?
        /// Threads that decode and resample photos at once, at least 1;
        /// default all online cores. The bytes do not depend on it.
        public var threads: Int
        /// `--strict`: warnings (a substituted font, uncovered characters,
        /// decoder warnings) are errors and nothing is produced. Default false.
        public var strict: Bool
        /// `--lenient`: a truncated photo renders with its missing part gray
        /// and a warning instead of failing. Default false.
        public var lenient: Bool
        /// Decoded images kept across renders: the paths it `share`s (a
        /// logo every render uses) are decoded once. Default nil (none kept).
        public var imageCache: SharedImageCache?
        /// Resampled photo draws kept across renders: with `imageCache`, a
        /// photo two renders drew into the same cell is resampled once
        /// (`ResampledDrawCache`; the bytes do not change). Default nil.
        public var resampledDraws: ResampledDrawCache?
        /// Seconds each render may take from the call (`--timeout`); then it
        /// throws `CollageError.timedOut`, having stopped between images,
        /// draws and decoded rows, and SVG renders and HEIF/AVIF decodes run
        /// in a helper process killed at the deadline (`HelperProcess`).
        /// Default nil: no deadline, everything in this process (trusted
        /// documents). Set it for documents of others: a service should
        /// (`collage serve` defaults to 10 s).
        public var timeout: Double?
        /// The helper executable for `timeout`: a program that calls
        /// `HelperProcess.serveIfAsked()` first in its `main`, such as
        /// `collage`. Default nil: `HelperProcess.executable()`
        /// (`COLLAGE_HELPER`, this program when it serves helpers, or a
        /// `collage` beside it); with none, a render with a timeout is a
        /// `.usage` error.
        public var helper: String?

        public init(root: PathPolicy? = nil, maxPixels: Int? = nil, threads: Int = RenderOptions.defaultThreads,
                    strict: Bool = false, lenient: Bool = false, imageCache: SharedImageCache? = nil,
                    timeout: Double? = nil, helper: String? = nil, resampledDraws: ResampledDrawCache? = nil) {
            self.root = root; self.maxPixels = maxPixels; self.threads = max(1, threads)
            self.strict = strict; self.lenient = lenient; self.imageCache = imageCache
            self.timeout = timeout; self.helper = helper; self.resampledDraws = resampledDraws
        }
    }

    /// An encoded image and what its render found.
    public struct Rendering: Sendable {
        /// The encoded file (PNG, JPEG or WebP), byte-identical across runs
        /// and thread counts.
        public var bytes: [UInt8]
        public var format: OutputFormat
        /// Canvas size in pixels.
        public var width: Int
        public var height: Int
        /// Non-fatal findings (document warnings, font substitutions, decoder
        /// warnings), located in `source`; format them with
        /// `DiagnosticFormatter().format(DiagnosticList(warnings, source: source))`.
        public var warnings: [Diagnostic]
        /// The document's text, for excerpts in formatted diagnostics.
        public var source: SourceText?
    }

    public var configuration: Configuration

    /// Starts loading the fonts in the background (once per process).
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        FontWarmUp.start()
    }

    /// A renderer for documents of others: paths confined to `root`, and a
    /// decoded-pixel budget of `maxPixels` per photo.
    /// - Throws: `CollageError.usage` when `root` does not exist or is not a folder.
    public init(root: String, maxPixels: Int? = nil) throws(CollageError) {
        self.init(configuration: Configuration(root: try PathPolicy(root: root), maxPixels: maxPixels))
    }

    /// Renders `source` and returns the encoded bytes; nothing is written.
    /// - Parameters:
    ///   - source: the document.
    ///   - format: the encoding; nil takes the document's `output.format`, else PNG.
    ///   - quality: JPEG/WebP quality 1-100; nil takes `output.quality`, else 90.
    ///   - variables: values for the document's `${name}`, winning over its `vars`.
    /// - Throws: `CollageError.diagnostics` for document errors (located,
    ///   `file:line:column`), unreadable or over-budget photos, paths outside
    ///   `root`, canvas limits and (under `strict`) warnings;
    ///   `CollageError.usage` for a contradictory request;
    ///   `CollageError.timedOut` past `configuration.timeout`.
    public func render(_ source: Source, format: OutputFormat? = nil, quality: Int? = nil,
                       variables: [String: String] = [:]) throws(CollageError) -> Rendering {
        try run(source, output: nil, format: format, quality: quality, variables: variables)
    }

    /// Renders `source` and writes it to `path`, whole or not at all: the
    /// bytes go to a temporary file beside it that is renamed over it only
    /// once complete, so an existing file is replaced only on success. An
    /// output that is the document or one of its inputs (`Spec.inputs`) is
    /// refused before anything is rendered.
    /// - Parameters:
    ///   - source: the document.
    ///   - path: the file to write; its folder must exist.
    ///   - format: nil takes `path`'s extension (.png, .jpg, .jpeg, .webp),
    ///     else the document's `output.format`; given, it must agree with the extension.
    ///   - quality: JPEG/WebP quality 1-100; nil takes `output.quality`, else 90.
    ///   - variables: values for the document's `${name}`, winning over its `vars`.
    /// - Returns: the rendering, whose bytes are the file's.
    /// - Throws: as `render(_:format:quality:variables:)`, plus
    ///   `CollageError.usage` when the output is an input, a folder or has no
    ///   format, and `.diagnostics` (`.render`) when it cannot be written
    ///   (its folder missing or not writable).
    @discardableResult
    public func write(_ source: Source, to path: String, format: OutputFormat? = nil, quality: Int? = nil,
                      variables: [String: String] = [:]) throws(CollageError) -> Rendering {
        try run(source, output: path, format: format, quality: quality, variables: variables)
    }

    /// The render flow of `collage render` (RenderCommand.execute): output
    /// folder, document, root, preflight, then prepare and encode; writes
    /// when `output` is given.
    private func run(_ source: Source, output: String?, format: OutputFormat?, quality: Int?,
                     variables: [String: String]) throws(CollageError) -> Rendering {
        FontWarmUp.start()
        let deadline = configuration.timeout.map { Deadline(seconds: $0) }
        if let output { try OutputPreflight.folder(of: output) }
        let document = try load(source, variables: variables)
        return try render(document, output: output, format: format, quality: quality, maxMemory: nil, deadline: deadline)
    }

    /// Prepares, encodes and (with `output`) writes a loaded document.
    func render(_ document: LoadedDocument, output: String?, format: OutputFormat?, quality: Int?, maxMemory: Int?,
                deadline: Deadline?) throws(CollageError) -> Rendering {
        let spec = document.spec
        var options = renderOptions(output: output, format: format, quality: quality, variables: document.variables, spec: spec)
        options.deadline = deadline
        options.maxMemory = maxMemory
        let inputs = [document.input.path].compactMap { $0 } + spec.photos.map(\.path)
        try CollageRenderer.preflight(spec: spec, inputs: inputs, options: options)
        let (prepared, encoded) = try CollageRenderer.prepareAndEncode(spec: spec, inputs: inputs, options: options)
        if let output { try CollageRenderer.write(encoded, to: output) }
        return Rendering(bytes: encoded.bytes, format: encoded.format, width: prepared.scene.size.width,
                         height: prepared.scene.size.height, warnings: encoded.warnings, source: spec.source)
    }

    /// The options of a render of `spec` by this renderer.
    func renderOptions(output: String?, format: OutputFormat?, quality: Int?, variables: [String: String],
                       spec: Spec) -> RenderOptions {
        var options = RenderOptions(outputPath: output ?? "-", format: format, quality: quality, variables: variables,
                                    threads: configuration.threads, lenient: configuration.lenient,
                                    maxPixels: configuration.maxPixels)
        options.strict = configuration.strict
        options.imageCache = configuration.imageCache
        options.resampledDraws = configuration.resampledDraws
        options.helper = configuration.helper
        // Bytes have no file name to take a format from.
        if output == nil, format == nil { options.format = spec.output.format ?? .png }
        return options
    }
}

extension DocumentRenderer.Source {
    /// The document as the loader takes it.
    var input: DocumentInput {
        switch self {
        case .file(let path): return .file(path)
        case .text(let text, let base, let name): return .text(Array(text.utf8), name: name, baseDirectory: WorkingDirectory.absolute(base))
        case .document(let document, let base, let name):
            return .text(Array(document.jsonText.utf8), name: name, baseDirectory: WorkingDirectory.absolute(base))
        }
    }
}
