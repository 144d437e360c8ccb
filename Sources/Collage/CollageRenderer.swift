import CollageCodecs
import CollageLayout
import CollageRaster
import CollageSpec
#if canImport(Glibc)
import Glibc
import CollageText
#endif

/// The whole pipeline: document -> Spec -> Layout -> Scene -> Pixmap -> file.
public enum CollageRenderer {
    /// A document taken as far as its display list, without decoding pixels.
    public struct Prepared: Sendable {
        public var spec: Spec
        /// Header of each scene image (`layout.images`: format, stored size,
        /// orientation): `spec.photos[i]`'s first, then the image overlays',
        /// then the background image's.
        public var headers: [ImageHeader]
        public var layout: Layout
        public var scene: Scene
        /// Each text overlay's box and glyphs, in `spec.overlays` order.
        public var textBlocks: [TextBlock]
        /// Non-fatal findings so far (document, font substitutions).
        public var warnings: [Diagnostic]
    }

    /// What a successful render produced.
    public struct Report: Sendable {
        public var prepared: Prepared
        public var format: OutputFormat
        /// Size of the written file in bytes.
        public var byteCount: Int
        /// Non-fatal findings (font substitutions, decoder warnings).
        public var warnings: [Diagnostic]
        /// The quality `--max-bytes` chose; nil without a budget.
        public var quality: Int? = nil
    }

    /// Loads and validates the document, reads every photo's header, lays
    /// it out and builds the scene. Nothing is decoded or written.
    /// - Throws: `CollageError.diagnostics` for document errors and unreadable photos.
    public static func prepare(documentPath: String, variables: [String: String] = [:]) throws(CollageError) -> Prepared {
        warmUpFonts()
        let spec: Spec
        do { spec = try DocumentLoader.load(path: documentPath, variables: variables) } catch { throw .diagnostics(error) }
        return try prepare(spec: spec)
    }

    /// As `prepare(documentPath:variables:)`, for a document file or text
    /// already read (`DocumentInput.standardInput()` for `-`).
    public static func prepare(input: DocumentInput, variables: [String: String] = [:]) throws(CollageError) -> Prepared {
        warmUpFonts()
        return try prepare(spec: input.load(variables: variables))
    }

    /// Starts loading the font configuration on a background thread (once
    /// per process), so that it overlaps reading the document and the photo
    /// headers; `prepare` waits for it before it lays out text. Call it
    /// before loading a document to hand to `prepare(spec:)`;
    /// `prepare(documentPath:variables:)` calls it itself.
    public static func warmUpFonts() { FontWarmUp.start() }

    /// As `prepare(documentPath:variables:)`, from a validated spec.
    /// Headers carry a photo's `orientation` override; photos of a glob
    /// with `sort: date` are reordered by their EXIF dates first.
    /// - Parameter warnCutFaces: `check --warn-cut-faces` (`CheckRequest.warnCutFaces`).
    /// - Parameter maxPixels: the decoded-pixel budget (`--max-pixels`) of
    ///   the `focus: auto`/`faces` analysis decodes; nil: `DecodeOptions`' default.
    public static func prepare(spec: Spec, warnCutFaces: Bool = false, maxPixels: Int? = nil) throws(CollageError) -> Prepared {
        if spec.overlays.contains(where: \.needsFonts) { FontWarmUp.start() }
        defer { FontWarmUp.wait() }
        return try LaidOut(spec, warnCutFaces: warnCutFaces, maxPixels: maxPixels).prepared()
    }

    /// Renders `documentPath` to `options.outputPath`. The output appears
    /// whole or not at all; an existing file is replaced only on success.
    /// JPEG and PNG stream to a regular file as they are encoded
    /// (`prepareAndWrite`), so the encoded file is not held in memory.
    /// - Throws: `CollageError.usage` for a contradictory request (format
    ///   flags, output equal to an input), `.diagnostics` for everything else.
    @discardableResult
    public static func render(documentPath: String, options: RenderOptions) throws(CollageError) -> Report {
        warmUpFonts()
        try OutputPreflight.folder(of: options.outputPath)
        let spec: Spec
        do { spec = try DocumentLoader.load(path: documentPath, variables: options.variables) } catch { throw .diagnostics(error) }
        let inputs = [documentPath] + spec.inputs.map(\.path)
        try preflight(spec: spec, inputs: inputs, options: options)
        return try prepareAndWrite(spec: spec, inputs: inputs, options: options).report
    }

    /// Renders a prepared document to `options.outputPath`, whole or not at
    /// all, streamed as `render(documentPath:options:)` is. `inputs` are the
    /// files the output must not overwrite.
    public static func render(_ prepared: Prepared, inputs: [String], options: RenderOptions) throws(CollageError) -> Report {
        let encoded = try render(LaidOut(prepared), known: prepared, inputs: inputs, options: options, streaming: true,
                                 check: { _ in }).encoded
        try write(encoded, to: options.outputPath)
        return Report(prepared: prepared, format: encoded.format, byteCount: encoded.byteCount, warnings: encoded.warnings,
                      quality: encoded.quality)
    }

    /// Writes an encoded image to `path`, whole or not at all (`AtomicFile`):
    /// an image a streamed render wrote to a temporary file beside `path`
    /// already is renamed into place.
    /// - Throws: `CollageError.failure(.render, ...)` when the file cannot be written.
    public static func write(_ encoded: Encoded, to path: String) throws(CollageError) {
        do throws(AtomicFile.WriteError) {
            if let file = encoded.file {
                guard file.shownPath == path else {
                    throw AtomicFile.WriteError(path: path, reason: "internal error: the image was streamed to '\(file.shownPath)'")
                }
                try file.commit()
            } else {
                try AtomicFile.write(encoded.bytes, to: path)
            }
        } catch {
            throw .failure(.render, error.description)
        }
    }

    /// An encoded image that has not been written anywhere.
    public struct Encoded: Sendable {
        /// The file's bytes (PNG, JPEG or WebP), identical for any thread
        /// count; empty only inside a streamed render (`file`), whose
        /// results the public API never returns.
        public var bytes: [UInt8]
        public var format: OutputFormat
        /// Non-fatal findings: the prepared document's, then the decoders'.
        public var warnings: [Diagnostic]
        /// A streamed render's output: the bytes are in its temporary file,
        /// which `write(_:to:)` renames into place (and which is removed
        /// when the result is dropped unwritten); nil when `bytes` holds them.
        var file: PendingFile?
        /// The quality `--max-bytes` (`output.maxBytes`) chose; nil without a budget.
        public var quality: Int?

        /// Size of the file in bytes.
        public var byteCount: Int { file?.byteCount ?? bytes.count }
    }

    /// Renders and encodes a prepared document without writing it (for
    /// `-o -`, standard output). `options.outputPath` still picks the format
    /// by its extension and is refused when it names one of `inputs`.
    /// Goes the one render path (`render(_:known:inputs:options:check:)`).
    /// - Throws: as `render(_:inputs:options:)`, except write errors.
    public static func encode(_ prepared: Prepared, inputs: [String], options: RenderOptions) throws(CollageError) -> Encoded {
        try render(LaidOut(prepared), known: prepared, inputs: inputs, options: options, streaming: false,
                   check: { _ in }).encoded
    }

    /// The checks of a request before anything is read or decoded, once the
    /// document is validated (issue 13 §5; `OutputPreflight.folder(of:)` comes
    /// first, before the document is read): the output format, the canvas size
    /// the format must hold when the document gives both sides, and an output
    /// that would replace one of `inputs` or of the document's image overlays.
    /// - Throws: `CollageError.usage`, or `.failure(.render, ...)` for a size.
    public static func preflight(spec: Spec, inputs: [String], options: RenderOptions) throws(CollageError) {
        var size: Size?
        if let (width, height) = spec.outputSides { size = Size(width: width, height: height) }
        _ = try checkOutput(spec: spec, size: size, inputs: inputs, options: options)
    }

    /// The checks of a request before anything is rendered: the output
    /// format (from `--format`, the extension, the document) and the
    /// canvas `size` it must hold, and an output
    /// that would replace one of `inputs` or of the document's image
    /// overlays is refused.
    /// - Throws: `CollageError.usage`.
    static func checkOutput(spec: Spec, size: Size?, inputs: [String], options: RenderOptions) throws(CollageError) -> OutputFormat {
        // A document's canvas is refused at `canvas`, as `check` reports it; a `grid` (no document) by size.
        let isDocument = spec.file != PhotoGrid.sourceName
        let format = try OutputPreflight.format(flag: options.format, outputPath: options.outputPath,
                                                document: spec.output.format, size: isDocument ? nil : size)
        if isDocument, let size, let problem = canvasLimit(size, format: format, spec: spec) {
            throw .diagnostics(DiagnosticList([problem], source: spec.source))
        }
        // A document's input is named with its place (a glob's pattern, which a
        // first render's output may come to match).
        if isDocument, let identity = FileIdentity(path: options.outputPath),
           let input = spec.inputs.first(where: { FileIdentity(path: $0.path) == identity }) {
            let isPattern = input.src.contains { "*?[".contains($0) }
            let named = isPattern ? "it matches the pattern '\(input.src)' at \(input.location)"
                                  : "'\(input.src)' at \(input.location)"
            throw .usage("the output '\(options.outputPath)' is an input of this document: \(named); choose another output path"
                         + (isPattern ? " or a pattern it does not match" : ""))
        }
        // A `grid` has no document: its inputs are all photos.
        try refuseOverwritingInputs(output: options.outputPath, inputs: inputs + spec.inputs.map(\.path),
                                    photos: spec.file == PhotoGrid.sourceName ? inputs : [])
        return format
    }

    /// Renders `scene` (its reserved slots filled from `slotItems` as they
    /// arrive, see `SceneRenderer`) and encodes it as `format`, the photos of `spec`
    /// read through `headers`; `warnings`, the document's findings so far,
    /// come first in the result's warnings. The request passed `checkOutput`.
    /// `streaming`: JPEG and PNG go to a temporary file beside
    /// `options.outputPath` as they are encoded (`AtomicFile.pending`; not
    /// for `-`, a device or a FIFO), the result's `file`.
    static func encode(_ scene: Scene, as format: OutputFormat, spec: Spec, layout: Layout, headers: [ImageHeader],
                       warnings leading: [Diagnostic], slotItems: SlotItems? = nil, streaming: Bool = false,
                       options: RenderOptions, deferredFocus: [Int: DeferredFocus] = [:]) throws(CollageError) -> Encoded {
        // What `check` decides (`renderLimits`), first, so the first error is the one check reports.
        let limits = renderLimits(scene: scene, spec: spec, layout: layout, headers: headers, format: format,
                                  maxPixels: options.maxPixels, maxMemory: options.maxMemory, fast: options.fast)
        // In check's order (`check` turns warnings into errors where they stand).
        let limitErrors = options.strict ? limits.map(\.asError) : limits.filter { $0.severity == .error }
        if !limitErrors.isEmpty { throw .diagnostics(DiagnosticList(limitErrors, source: spec.source)) }
        var decodeOptions = DecodeOptions(allowTruncated: options.lenient)
        if let maxPixels = options.maxPixels { decodeOptions.maxPixels = maxPixels }
        decodeOptions.isolation = try isolation(options)
        // A repeated HEIF's shared decode comes out of an explicit `--max-memory`.
        let repeatedBudget = options.maxMemory.map { Swift.min(SharedImageCache.repeatedHEIFBudget, $0 / 4) }
            ?? SharedImageCache.repeatedHEIFBudget
        let repeated = options.imageCache == nil
            ? SharedImageCache.repeatedHEIF(paths: layout.images.map(\.path), headers: headers, budgetBytes: repeatedBudget)
            : nil
        let cache = options.imageCache ?? repeated
        let provider = CodecImageProvider(layout, headers: headers, options: decodeOptions, cache: cache, focus: deferredFocus)
        let background = spec.canvas.background
        let flatten = background.alpha == 0 ? Color.white
            : Color(red: background.red, green: background.green, blue: background.blue)
        var encodeOptions = EncodeOptions(
            flattenBackground: flatten, dpi: options.dpi ?? spec.output.dpi,
            settings: spec.output.settings.merging(options.settings) { _, flag in flag })
        encodeOptions.flattenInLinearLight = spec.canvas.compositing == .linear
        let maxBytes = options.maxBytes ?? spec.output.maxBytes
        // JPEG and PNG are encoded as rows become final, into memory or a
        // temporary file; nothing is put in place of the output before every
        // check below (and the caller's) has passed.
        var file: PendingFile?
        if streaming, format.encodesWhileRendering, maxBytes == nil, options.outputPath != "-" {
            do { file = try AtomicFile.pending(options.outputPath) } catch { throw .failure(.render, error.description) }
        }
        let encoder = CanvasEncoder(format: format, size: scene.size, options: encodeOptions,
                                    opaqueBackground: scene.background.alpha == 255, sink: file?.sink() ?? EncodedSink(),
                                    deadline: options.deadline, maxBytes: maxBytes)
        let canvas: Pixmap?
        do {
            var renderOptions = SceneRenderOptions(threads: options.threads, fast: options.fast, progress: options.progress,
                                                   slotItems: slotItems,
                                                   maxMemory: options.maxMemory.map { repeated == nil ? $0 : $0 - repeatedBudget })
            renderOptions.deadline = options.deadline
            renderOptions.resampledDraws = options.resampledDraws
            if let output = encoder.output {
                canvas = try SceneRenderer.render(scene, images: provider, options: renderOptions, streamingTo: output,
                                                  keepingCanvas: encoder.keepsCanvas)
            } else {
                canvas = try SceneRenderer.render(scene, images: provider, options: renderOptions)
            }
        } catch {
            throw renderFailure(error, spec: spec, layout: layout, options: options)
        }
        // Decoder warnings are known only now: under --strict they stop the
        // render here, before anything is encoded or written. One line per
        // image, its messages joined by "; ".
        let decodeWarnings = decodeWarnings(provider, layout: layout)
        if options.strict, !decodeWarnings.isEmpty {
            throw .diagnostics(DiagnosticList(decodeWarnings.map(\.asError), source: spec.source))
        }
        var warnings = leading + decodeWarnings

        warnings += limits   // only warnings here: the JPEG flattening of a transparent background
        if let deadline = options.deadline, deadline.hasPassed { throw .timedOut(seconds: deadline.seconds) }
        let bytes: [UInt8]
        do {
            bytes = try encoder.finish(canvas)
        } catch {
            if let file, let code = encoder.writeFailure {
                throw .failure(.render, AtomicFile.WriteError(path: file.shownPath, reason: String(cString: strerror(code))).description)
            }
            throw .failure(.render, "cannot encode the output: \(error.reason)")
        }
        if let quality = encoder.chosenQuality, let maxBytes {
            warnings.append(Diagnostic(.render, at: options.maxBytes == nil ? spec.output.maxBytesLocation : nil,
                                       "\(options.maxBytes == nil ? "output.maxBytes" : "--max-bytes") \(maxBytes): \(format.displayName) quality \(quality) gives \(bytes.count) bytes",
                                       severity: .warning))
        }
        var encoded = Encoded(bytes: bytes, format: format, warnings: warnings, file: file)
        encoded.quality = encoder.chosenQuality
        return encoded
    }

    /// The decoders' warnings of a render, one line per image at its `src`,
    /// its messages joined by "; ".
    static func decodeWarnings(_ provider: CodecImageProvider, layout: Layout) -> [Diagnostic] {
        var byImage: [Int: [String]] = [:]
        for warning in provider.warnings { byImage[warning.image, default: []].append(warning.message) }
        return byImage.keys.sorted().map { index in
            let image = layout.images[index]
            return Diagnostic(.unreadableImage, at: image.srcLocation,
                              "\(image.role) '\(image.src)': \(byImage[index]!.joined(separator: "; "))", severity: .warning)
        }
    }

    /// The error a render that threw `error` reports: a `--max-memory` too
    /// small, the deadline, an image that cannot be decoded (at its `src`),
    /// else `.failure(.render, ...)`.
    static func renderFailure(_ error: any Error, spec: Spec, layout: Layout, options: RenderOptions) -> CollageError {
        switch error {
        case SceneRenderError.memoryBudgetTooSmall(let index, let needed, let budget):
            return .diagnostics(DiagnosticList([Self.memoryBudgetDiagnostic(layout, image: index, needed: needed, budget: budget)],
                                               source: spec.source))
        case let exceeded as DeadlineExceeded:
            return .timedOut(seconds: exceeded.seconds)
        case let list as DiagnosticList:  // a deferred focus analysis (`CodecImageProvider`)
            return .diagnostics(DiagnosticList(list.diagnostics, source: spec.source))
        case let failure as CodecImageProvider.Failure where failure.error.kind == .timedOut:
            return .timedOut(seconds: options.deadline?.seconds ?? 0)
        case let failure as CodecImageProvider.Failure:
            let image = layout.images[failure.image]
            var notes = ["resolved path: \(image.path)"]
            if failure.error.kind == .truncated && !options.lenient {
                notes.append("use --lenient to render a truncated photo with its missing part filled gray")
            }
            if failure.error.kind == .tooLarge && options.maxPixels == nil {
                notes.append("--max-pixels N raises the decoded-pixel budget")
            }
            return .diagnostics(DiagnosticList([Diagnostic(.unreadableImage, at: image.srcLocation,
                "cannot decode \(image.role) '\(image.src)': \(failure.error.reason)",
                notes: notes)],
                source: spec.source))
        default:
            return .failure(.render, "rendering failed: \(error)")
        }
    }

    /// How decodes run under `options.deadline`: in a helper process
    /// (`HelperProcess`) killed at it; nil without a deadline.
    /// - Throws: `.usage` when there is a deadline and no helper executable.
    static func isolation(_ options: RenderOptions) throws(CollageError) -> DecodeIsolation? {
        guard let deadline = options.deadline else { return nil }
        guard let executable = options.helper ?? HelperProcess.executable() else {
            throw .usage("a timeout needs the helper executable that runs SVG and HEIF decodes: set COLLAGE_HELPER to "
                         + "an installed collage (e.g. COLLAGE_HELPER=/usr/local/bin/collage)")
        }
        return DecodeIsolation(deadline: deadline, executable: executable)
    }

    /// `bytes` in MiB, rounded up.
    static func mebibytes(_ bytes: Int) -> Int { (bytes + (1 << 20) - 1) >> 20 }

    /// A size as `--max-memory` took it, exactly: "300 MiB", "1 KiB", "1500 bytes".
    static func sizeText(_ bytes: Int) -> String {
        if bytes > 0 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes > 0 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return bytes == 1 ? "1 byte" : "\(bytes) bytes"
    }

    /// An output that would replace the document, a photo, an image overlay
    /// or a font file is refused before anything is rendered (README "Rules": Errors:
    /// an input is never overwritten).
    /// `photos` are the inputs that are photos (all of them for `grid` and
    /// `convert`, which have no document): the message names them as such.
    static func refuseOverwritingInputs(output: String, inputs: [String], photos: [String] = []) throws(CollageError) {
        guard let outputIdentity = FileIdentity(path: output) else { return }
        for input in inputs where FileIdentity(path: input) == outputIdentity {
            if photos.contains(input) {
                throw .usage("the output '\(output)' is one of the input photos; choose another output path")
            }
            throw .usage("the output '\(output)' is an input of this document ('\(input)'); choose another output path")
        }
    }
}

/// Device and inode of an existing file: equal for two paths that name the
/// same file through links, `..` or symlinks.
struct FileIdentity: Hashable {
    var device: UInt64
    var inode: UInt64
    init?(path: String) {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        device = UInt64(st.st_dev); inode = UInt64(st.st_ino)
    }
}
