import CollageCodecs
import CollageLayout
import CollageRaster
import CollageSpec

/// What `check` promises of `render` (issue 13 §3): the limits a render
/// meets after the layout and before any pixel, decided from the scene and
/// the photo headers alone, so `check` and `render` report them alike.
/// `render` runs the same function before it decodes anything, so its first
/// diagnostic is the one `check` printed.
extension CollageRenderer {
    /// The flags of `collage check` that change what `render` would do,
    /// with render's defaults.
    public struct CheckRequest: Sendable {
        /// `--set NAME=VALUE`.
        public var variables: [String: String] = [:]
        /// `--format`.
        public var format: OutputFormat?
        /// `-o OUT`: only its extension is used (the format, as `render`
        /// picks it); nothing is written.
        public var outputPath: String?
        /// `--max-pixels`: the decoded-pixel budget; nil = render's default.
        public var maxPixels: Int?
        /// `--max-memory`: the working-set budget in bytes
        /// (`RenderOptions.maxMemory`); nil = none (render's 256 MiB target
        /// is never an error).
        public var maxMemory: Int?
        /// `--fast`: the smaller decodes render's `--fast` takes, which
        /// change what `maxMemory` admits.
        public var fast = false
        /// `--lenient`: accepted as render takes it; a truncated photo shows
        /// only when decoding, which `check` does not do.
        public var lenient = false
        /// `--strict`: warnings are errors.
        public var strict = false
        /// `--print`: print preflight (`PrintPreflight`) for a document
        /// without `print:` too (a document with it is always preflighted).
        public var print = false
        /// `--root DIR`: every file the document names must resolve inside
        /// it, as `render --root` requires (`PathPolicy.check`); nil: any.
        public var policy: PathPolicy?
        /// `--warn-cut-faces`: detect faces in every `cover` photo (and `cover` background image) and warn
        /// at its `src` when its crop (fixed focus or `auto`) cuts one or leaves one out.
        public var warnCutFaces = false
        public init() {}
    }

    /// `collage check` of one document: every diagnostic (warnings as
    /// errors under `strict`) of the document, the photo headers, the layout
    /// and text, and the render's limits (`renderLimits`), in that order,
    /// with the text they point into. With the same flags, a document this
    /// finds no error in renders (issue 13 §3), decoder warnings under
    /// `--strict` excepted.
    /// - Throws: `CollageError.usage` for a request `render` would refuse
    ///   as a usage error (a `--format` that contradicts `-o`).
    public static func check(documentPath: String, _ request: CheckRequest) throws(CollageError) -> (diagnostics: [Diagnostic], source: SourceText?) {
        try check(input: .file(documentPath), request)
    }

    /// As `check(documentPath:_:)`, for a document file or text already read.
    ///
    /// The order is render's: the document's errors, then (when the format
    /// and both canvas sides are known) the canvas against the format, which
    /// `render` checks before it reads a photo, then the photos, layout and
    /// text, then the other render limits.
    ///
    /// A document with `variants` and no variant chosen (the variable
    /// `variant` unset) is checked in every variant, the variable `variant`
    /// set to each name (docs/format.md "Variants"): each diagnostic carries
    /// the note "in variant 'NAME'" (or "in variants 'A', 'B'" when several
    /// report it), then the variants are compared (`VariantCheck`).
    ///
    /// A document of several pages (docs/print.md "Pages") with no page
    /// chosen (the variable `page` unset) is checked page by page
    /// (`checkPages`): each diagnostic carries its pages.
    public static func check(input: DocumentInput, _ request: CheckRequest) throws(CollageError) -> (diagnostics: [Diagnostic], source: SourceText?) {
        if request.variables[DocumentPages.variable] == nil,
           input.pageCount(variables: request.variables, root: request.policy) > 1 {
            return try checkPages(input: input, request)
        }
        return try checkVariants(input: input, request)
    }

    /// `check` of one page: every variant when none is chosen.
    static func checkVariants(input: DocumentInput, _ request: CheckRequest) throws(CollageError) -> (diagnostics: [Diagnostic], source: SourceText?) {
        let names = request.variables[DocumentVariants.variable] == nil ? input.variantNames : []
        guard !names.isEmpty else { return try checkOne(input: input, request, comparingVariants: true) }
        var found: [Diagnostic] = [], reportedIn: [[String]] = [], source: SourceText?
        for name in names {
            var one = request
            one.variables[DocumentVariants.variable] = name
            let (diagnostics, text) = try checkOne(input: input, one, comparingVariants: false)
            if source == nil { source = text }
            for diagnostic in diagnostics {
                if let index = found.firstIndex(of: diagnostic) { reportedIn[index].append(name); continue }
                found.append(diagnostic)
                reportedIn.append([name])
            }
        }
        for index in found.indices {
            let quoted = reportedIn[index].map { "'\($0)'" }.joined(separator: ", ")
            found[index].notes.append(reportedIn[index].count == 1 ? "in variant \(quoted)" : "in variants \(quoted)")
        }
        if !found.contains(where: { $0.severity == .error }) {
            var warnings = VariantCheck.warnings(input: input, variants: names, variables: request.variables, policy: request.policy)
            if request.strict { warnings = warnings.map { $0.asError } }
            found += warnings
        }
        return (found, source)
    }

    /// `check` of one variant (or of a document without variants);
    /// `comparingVariants` adds `VariantCheck`'s warnings.
    static func checkOne(input: DocumentInput, _ request: CheckRequest,
                         comparingVariants: Bool) throws(CollageError) -> (diagnostics: [Diagnostic], source: SourceText?) {
        warmUpFonts()
        let spec: Spec
        do {
            spec = try input.load(variables: request.variables, root: request.policy)
        } catch {
            switch error {
            case .diagnostics(let list): return (list.diagnostics, list.source)
            case .usage(let message): return ([Diagnostic(.invalidValue, at: nil, message)], nil)
            case .timedOut(let seconds): return ([Diagnostic(.render, at: nil, CollageError.timedOutMessage(seconds))], nil)
            }
        }
        // `render --root` refuses these before it reads any file.
        do {
            try request.policy?.check(spec)
        } catch {
            if case .diagnostics(let list) = error { return (list.diagnostics, spec.source) }
            throw error
        }
        let format = try requestedFormat(flag: request.format, outputPath: request.outputPath, document: spec.output.format)
        var found: [Diagnostic] = []
        if let format, let (width, height) = spec.outputSides,
           let problem = canvasLimit(Size(width: width, height: height), format: format, spec: spec) {
            found.append(problem)
        }
        do {
            let prepared = try prepare(spec: spec, warnCutFaces: request.warnCutFaces, maxPixels: request.maxPixels)
            found += prepared.warnings
            if request.print || spec.print != nil { found += PrintPreflight.diagnostics(prepared) }
            found += renderLimits(prepared, format: format, maxPixels: request.maxPixels, maxMemory: request.maxMemory,
                                  fast: request.fast).filter { !found.contains($0) }
        } catch {
            switch error {
            case .diagnostics(let list): found += list.diagnostics
            case .usage(let message): found.append(Diagnostic(.invalidValue, at: nil, message))
            case .timedOut(let seconds): found.append(Diagnostic(.render, at: nil, CollageError.timedOutMessage(seconds)))
            }
        }
        if comparingVariants, !found.contains(where: { $0.severity == .error }) {
            found += VariantCheck.warnings(input: input, variants: spec.variants, variables: request.variables,
                                           policy: request.policy)
        }
        if request.strict { found = found.map { $0.severity == .warning ? $0.asError : $0 } }
        return (found, spec.source)
    }

    /// The error for a canvas of `size` that `format` cannot hold (WebP
    /// 16383 px, JPEG 65500 px a side), at `canvas`; nil when it fits.
    static func canvasLimit(_ size: Size, format: OutputFormat, spec: Spec) -> Diagnostic? {
        OutputPreflight.sideLimit(size, format: format, what: spec.print == nil ? "the canvas" : "the printed output (trim, bleed and slug)",
                                  at: spec.print?.location ?? spec.canvas.location,
                                  fix: "write PNG, or make the canvas smaller")
    }

    /// The output format a request names: `--format`, else the extension of
    /// `outputPath` (when given), else the document's `output.format`; nil
    /// when none of them names one (`check` without `-o`).
    /// - Throws: `CollageError.usage` as `render` does (a `--format` that
    ///   contradicts the extension, an output that is a folder).
    public static func requestedFormat(flag: OutputFormat?, outputPath: String?,
                                       document: OutputFormat?) throws(CollageError) -> OutputFormat? {
        if let outputPath {
            if flag == nil, document == nil, OutputFormatResolver.format(forExtensionOf: outputPath) == nil { return nil }
            return try OutputFormatResolver.resolve(flag: flag, outputPath: outputPath, document: document)
        }
        return flag ?? document
    }

    /// The render limits of `prepared` with `format` (nil: not known) and
    /// the decoded-pixel budget `maxPixels` (nil: `DecodeOptions`' default):
    ///
    /// - a canvas side over what `format` holds (WebP 16383 px, JPEG 65500 px)
    ///   is an `.outOfRange` error at `canvas`; with no format known, a side
    ///   over the smallest such limit is a warning there;
    /// - a JPEG output of a canvas whose background is not opaque is a
    ///   warning at `canvas` (it is flattened; an error under `--strict`);
    /// - a photo whose decode (at the DCT scale its cells need) exceeds the
    ///   budget is an `.unreadableImage` error at its `src`, the message the
    ///   decoder would give;
    /// - with `maxMemory` (bytes) and a streamed output (JPEG, or PNG on an
    ///   opaque background), an image that cannot fit that budget alone is a
    ///   `.render` error at its `src` (`SceneRenderer.memoryBudgetProblem`),
    ///   with the flag to raise it. `fast`: as render's `--fast`.
    ///
    /// Zero-size cells and the canvas's own limits are the layout's and the
    /// validator's, so `prepare` has reported them already.
    public static func renderLimits(_ prepared: Prepared, format: OutputFormat?, maxPixels: Int?, maxMemory: Int? = nil,
                                    fast: Bool = false) -> [Diagnostic] {
        renderLimits(scene: prepared.scene, spec: prepared.spec, layout: prepared.layout, headers: prepared.headers,
                     format: format, maxPixels: maxPixels, maxMemory: maxMemory, fast: fast)
    }

    static func renderLimits(scene: Scene, spec: Spec, layout: Layout, headers: [ImageHeader], format: OutputFormat?,
                             maxPixels: Int?, maxMemory: Int?, fast: Bool) -> [Diagnostic] {
        let margin: Double = fast ? 1 : 2
        var found: [Diagnostic] = []
        let size = scene.size
        let side = max(size.width, size.height)
        if let format, let problem = canvasLimit(size, format: format, spec: spec) {
            found.append(problem)
        } else if format == nil {
            let limits = OutputFormat.allCases.filter { side > $0.maximumSide }
            if !limits.isEmpty {
                let names = limits.map { "\($0.displayName) holds at most \($0.maximumSide) px a side" }
                found.append(Diagnostic(.outOfRange, at: spec.canvas.location,
                    "the canvas is \(size.width) × \(size.height) px and the output format is not known here: "
                    + names.joined(separator: ", "), severity: .warning,
                    notes: ["give --format or -o OUT to check against the format the render writes"]))
            }
        }
        // A size budget in the document needs a format with qualities with its options (`ImageSaver.qualities`).
        if let format, spec.output.maxBytes != nil,
           let reason = SizeBudget.unavailable(format, options: EncodeOptions(settings: spec.output.settings)) {
            found.append(Diagnostic(.invalidValue, at: spec.output.maxBytesLocation, "'maxBytes' " + reason))
        }
        let background = spec.canvas.background
        let opaqueGradient = spec.canvas.gradient.map { PaintSpec.gradient($0).isOpaque } ?? false
        if let format, !format.hasAlpha, background.alpha < 255, !opaqueGradient {
            let keeping = OutputFormat.allCases.filter(\.hasAlpha).map { "." + $0.extensions[0] }
            found.append(Diagnostic(.render, at: spec.canvas.location,
                "the canvas background is transparent and \(format.displayName) has no alpha: flattened onto \(background.alpha == 0 ? "white" : "the background colour")\(spec.canvas.gradient != nil ? " where the gradient is transparent" : "")",
                severity: .warning, notes: ["write \(keeping.joined(separator: " or ")) to keep the transparency"]))
        }
        let budget = maxPixels ?? DecodeOptions.defaultMaxPixels
        for (index, photo) in spec.photos.enumerated() where headers.indices.contains(index) {
            guard let minimum = scene.minimumDecodeSize(ofImage: index, margin: margin),
                  let reason = headers[index].budgetRefusal(minimumSize: minimum, maxPixels: budget) else { continue }
            var notes = ["resolved path: \(photo.path)"]
            if maxPixels == nil { notes.append("--max-pixels N raises the decoded-pixel budget") }
            found.append(Diagnostic(.unreadableImage, at: photo.srcLocation,
                                    "cannot decode photo '\(photo.src)': \(reason)", notes: notes))
        }
        // The image overlays and the background image, scene images after
        // the photos in that order (`layout.images`), as render decodes them.
        let others = spec.overlays.compactMap(\.image).map { (role: "overlay image", src: $0.src, path: $0.path, at: $0.srcLocation) }
            + (spec.canvas.image.map { [(role: "background image", src: $0.src, path: $0.path, at: $0.srcLocation)] } ?? [])
        for (offset, image) in others.enumerated() {
            let index = spec.photos.count + offset
            guard headers.indices.contains(index), let minimum = scene.minimumDecodeSize(ofImage: index, margin: margin),
                  let reason = headers[index].budgetRefusal(minimumSize: minimum, maxPixels: budget) else { continue }
            var notes = ["resolved path: \(image.path)"]
            if maxPixels == nil { notes.append("--max-pixels N raises the decoded-pixel budget") }
            found.append(Diagnostic(.unreadableImage, at: image.at, "cannot decode \(image.role) '\(image.src)': \(reason)",
                                    notes: notes))
        }
        // Only a streamed canvas is bounded, and only decodable images are costed.
        if let maxMemory, let format, CanvasEncoder.streamsCanvas(format, opaqueBackground: scene.background.alpha == 255),
           !found.contains(where: { $0.severity == .error }) {
            var decodeOptions = DecodeOptions()
            if let maxPixels { decodeOptions.maxPixels = maxPixels }
            // A `focus: auto`/`faces` photo held whole, as a raster render holds it (`DeferredFocus`).
            let focus = DeferredFocus.photos(spec, layout: layout, headers: headers, scene: scene,
                                             maxPixels: decodeOptions.maxPixels)
            let provider = CodecImageProvider(layout, headers: headers, options: decodeOptions,
                                              focus: DeferredFocus.byImage(focus, layout: layout))
            let options = SceneRenderOptions(fast: fast, maxMemory: maxMemory)
            if case .memoryBudgetTooSmall(let index, let needed, let budget)? = try? SceneRenderer.memoryBudgetProblem(
                scene, images: provider, options: options) {
                found.append(memoryBudgetDiagnostic(layout, image: index, needed: needed, budget: budget))
            }
        }
        return found
    }

    /// The error for scene image `index` of `layout` needing `needed` bytes
    /// alone, over the `budget` of `--max-memory`, at its `src`.
    static func memoryBudgetDiagnostic(_ layout: Layout, image index: Int, needed: Int, budget: Int) -> Diagnostic {
        let image = layout.images[index]
        return Diagnostic(.render, at: image.srcLocation,
            "\(image.role) '\(image.src)' needs \(mebibytes(needed)) MiB to render (its decode and the canvas rows it spans), more than the memory budget of \(sizeText(budget))",
            notes: ["resolved path: \(image.path)", "raise --max-memory (e.g. --max-memory \(mebibytes(needed) + 1)M)"])
    }
}
