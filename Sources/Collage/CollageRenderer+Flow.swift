import CollageCodecs
import CollageLayout
import CollageRaster
import CollageSpec

extension CollageRenderer {
    /// `prepare(spec:)` then `encode(_:inputs:options:)` in one flow
    /// (`render(_:known:inputs:options:check:)` with nothing set yet), so
    /// the photos decode while the text overlays are set.
    ///
    /// `check` runs on the prepared document before anything is encoded
    /// (e.g. a depfile's path against the inputs).
    /// - Returns: the prepared document and its encoded image, whose
    ///   warnings are the document's, then the decoders'.
    /// - Throws: as `prepare(spec:)`, `check` and `encode(_:inputs:options:)`.
    public static func prepareAndEncode(spec: Spec, inputs: [String], options: RenderOptions,
                                        check: @escaping @Sendable (Prepared) throws(CollageError) -> Void = { _ in })
        throws(CollageError) -> (prepared: Prepared, encoded: Encoded) {
        if spec.overlays.contains(where: \.needsFonts) { FontWarmUp.start() }
        defer { FontWarmUp.wait() }
        return try render(LaidOut(spec), known: nil, inputs: inputs, options: options, streaming: false, check: check)
    }

    /// `prepareAndEncode(spec:inputs:options:check:)`, then the image written
    /// to `options.outputPath` whole or not at all (`write(_:to:)`). JPEG and
    /// PNG to a regular file go there as they are encoded, through a
    /// temporary file beside it that is renamed into place once the render
    /// and every check passed and removed otherwise (or on an interrupt,
    /// `InterruptCleanup`), so the encoded file is never held in memory
    /// (except a progressive JPEG's, which libjpeg writes at the end). The
    /// bytes are those `prepareAndEncode` returns. `-` (standard output), a
    /// device or a FIFO get the bytes whole once encoded, as WebP does.
    /// - Returns: the prepared document and the report of the written file.
    /// - Throws: as `prepareAndEncode`, and `.failure(.render, ...)` when
    ///   the file cannot be written.
    public static func prepareAndWrite(spec: Spec, inputs: [String], options: RenderOptions,
                                       check: @escaping @Sendable (Prepared) throws(CollageError) -> Void = { _ in })
        throws(CollageError) -> (prepared: Prepared, report: Report) {
        if spec.overlays.contains(where: \.needsFonts) { FontWarmUp.start() }
        defer { FontWarmUp.wait() }
        let (prepared, encoded) = try render(LaidOut(spec), known: nil, inputs: inputs, options: options, streaming: true,
                                             check: check)
        try write(encoded, to: options.outputPath)
        return (prepared, Report(prepared: prepared, format: encoded.format, byteCount: encoded.byteCount,
                                 warnings: encoded.warnings))
    }

    /// What the text stage of `render(_:known:inputs:options:check:)` found.
    private final class TextStage: @unchecked Sendable {
        var prepared: Result<Prepared, CollageError>?
        /// The output would replace a font file the text was set in.
        var fonts: CollageError?
        /// `--strict` and the document has warnings.
        var strict: CollageError?
        /// The late items were delivered (none of the above failed).
        var delivered = false
    }

    /// THE render path: every render of a laid-out document goes through
    /// here, `prepareAndEncode` and `encode(_:inputs:options:)` alike.
    ///
    /// Two stages meet in `SceneRenderer`. The text stage sets the text
    /// overlays (unless `known` holds the prepared document already), runs
    /// `check`, refuses an output that would replace a font file and stops
    /// on `--strict` warnings. The render draws a scene whose items after
    /// its last image draw (the text's, then `--debug-layout`'s outlines)
    /// come through its one hook for them, `LateItems`, from the text stage.
    /// When nothing is set yet and every overlay is text above the photos
    /// (so the photos' items are a prefix of the scene: an image overlay
    /// would be drawn among the text, a `layer: below` one before the
    /// photos), the text stage runs on a thread of its own while
    /// the photos decode (setting text needs fontconfig's configuration,
    /// which takes milliseconds to load, `FontWarmUp`; the photos need only
    /// the layout). Otherwise it runs first and delivers the items at once,
    /// and a text stage that fails renders nothing. The bytes are the same
    /// either way.
    ///
    /// The errors come in one order: document errors (unreadable photos,
    /// layout, fonts), then `check`'s, then the output checks (format, an
    /// output that would replace an input, then one that would replace a
    /// font file), then `--strict` warnings, then the render's.
    /// - Throws: as `prepare(spec:)`, `check` and `encode(_:inputs:options:)`.
    /// `streaming`: encode to a temporary file beside the output (`encode(_:as:...)`).
    static func render(_ laidOut: LaidOut, known: Prepared?, inputs: [String], options: RenderOptions, streaming: Bool,
                       check: @escaping @Sendable (Prepared) throws(CollageError) -> Void)
        throws(CollageError) -> (prepared: Prepared, encoded: Encoded) {
        let options = { () -> RenderOptions in  // the deadline counts from here unless the caller set it
            var options = options
            if options.deadline == nil, let timeout = options.timeout { options.deadline = Deadline(seconds: timeout) }
            return options
        }()
        let late = LateItems()
        let text = TextStage()
        /// Sets the text (onto `head`, the scene the render started with,
        /// if any) and hands the scene's items after `head`'s on to the render.
        @Sendable func setText(onto head: Scene?) {
            text.prepared = Result { () throws(CollageError) -> Prepared in
                var prepared = if let known { known } else { try laidOut.prepared(onto: head) }
                try check(prepared)
                try PrintPreflight.apply(to: &prepared)
                return prepared
            }
            guard case .success(let prepared) = text.prepared else { return late.cancel() }
            do throws(CollageError) {
                try refuseOverwritingInputs(output: options.outputPath, inputs: prepared.inputFiles)
            } catch {
                text.fonts = error
                return late.cancel()
            }
            if options.strict, !prepared.warnings.isEmpty {
                text.strict = .diagnostics(DiagnosticList(prepared.warnings.map(\.asError), source: prepared.spec.source))
                return late.cancel()
            }
            var items = prepared.scene.items
            if options.debugLayout { items += DebugOverlay.items(for: prepared) }
            text.delivered = true
            late.deliver(Array(items.dropFirst(head?.items.count ?? headCount(prepared.scene.items))))
        }
        let overlays = laidOut.spec.overlays
        var scene: Scene?
        if known == nil, overlays.contains(where: \.needsFonts), overlays.allSatisfy({ $0.needsFonts && $0.layer == .above }) {
            let photos = laidOut.photoScene
            if let setter = JoinableThread.start({ setText(onto: photos) }) {
                return try finish(photos, laidOut: laidOut, text: text, late: late, inputs: inputs, options: options,
                                  streaming: streaming) {
                    setter.join()
                }
            }
            setText(onto: photos)
            scene = photos
        } else {
            setText(onto: nil)
            if case .success(let prepared) = text.prepared {
                var head = prepared.scene
                head.items = Array(head.items.prefix(headCount(head.items)))
                scene = head
            }
        }
        return try finish(text.delivered ? scene : nil, laidOut: laidOut, text: text, late: late, inputs: inputs,
                          options: options, streaming: streaming) {}
    }

    /// The render of `scene` (nil: nothing to render, the text stage
    /// failed), then `join` (the text stage's end), then the errors in
    /// `render(_:known:inputs:options:check:)`'s order.
    private static func finish(_ scene: Scene?, laidOut: LaidOut, text: TextStage, late: LateItems, inputs: [String],
                               options: RenderOptions, streaming: Bool, join: () -> Void) throws(CollageError) -> (prepared: Prepared, encoded: Encoded) {
        let output = Result { () throws(CollageError) -> OutputFormat in
            try checkOutput(spec: laidOut.spec, size: laidOut.layout.outputSize, inputs: inputs, options: options)
        }
        let encoded = scene.map { scene in
            Result { () throws(CollageError) -> Encoded in
                try encode(scene, as: output.get(), spec: laidOut.spec, layout: laidOut.layout, headers: laidOut.headers,
                           warnings: [], lateItems: late, streaming: streaming, options: options)
            }
        }
        join()
        let prepared = try text.prepared!.get()
        _ = try output.get()
        if let error = text.fonts ?? text.strict { throw error }
        guard var result = try encoded?.get() else { throw .failure(.render, "internal error: nothing was rendered") }
        result.warnings = prepared.warnings + result.warnings
        return (prepared, result)
    }

    /// The number of `items` up to and including the last image draw and
    /// the ends of the layers open there (an image in a blended or faded
    /// layer): the rest can arrive late (`LateItems` holds no image).
    private static func headCount(_ items: [SceneItem]) -> Int {
        guard var count = (items.lastIndex { if case .image = $0 { true } else { false } }).map({ $0 + 1 }) else { return 0 }
        var open = 0
        for item in items[..<count] {
            if case .beginLayer = item { open += 1 } else if case .endLayer = item { open -= 1 }
        }
        while open > 0, count < items.count {
            if case .beginLayer = items[count] { open += 1 } else if case .endLayer = items[count] { open -= 1 }
            count += 1
        }
        return count
    }
}
