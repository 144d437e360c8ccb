import CollageCodecs
import CollageLayout
import CollageRaster
import CollageSpec

extension CollageRenderer {
    /// `prepare(spec:)` then `encode(_:inputs:options:)` in one flow
    /// (`render(_:known:inputs:options:check:)` with nothing set yet), so
    /// the photos decode while the overlays that need fonts are laid out.
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
        return try render(LaidOut(spec, maxPixels: options.maxPixels, deferFocus: DeferredFocus.defers(spec, options: options)), known: nil, inputs: inputs, options: options, streaming: false,
                          check: check)
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
        let (prepared, encoded) = try render(LaidOut(spec, maxPixels: options.maxPixels, deferFocus: DeferredFocus.defers(spec, options: options)), known: nil, inputs: inputs, options: options,
                                             streaming: true,
                                             check: check)
        try write(encoded, to: options.outputPath)
        return (prepared, Report(prepared: prepared, format: encoded.format, byteCount: encoded.byteCount,
                                 warnings: encoded.warnings))
    }

    /// What the font stage of `render(_:known:inputs:options:check:)` found.
    private final class FontStage: @unchecked Sendable {
        var prepared: Result<Prepared, CollageError>?
        /// The output would replace a font file the text was set in.
        var fonts: CollageError?
        /// `--strict` and the document has warnings.
        var strict: CollageError?
        /// The slots' items were delivered (none of the above failed).
        var delivered = false
    }

    /// THE render path: every render of a laid-out document goes through
    /// here, `prepareAndEncode` and `encode(_:inputs:options:)` alike.
    ///
    /// Layout in two phases, one scene. Phase 1 (`LaidOut.reserved`) lays
    /// out every kind that needs no fonts (photos, backgrounds, image, shape
    /// and QR overlays) and reserves a slot in the scene's z-order for each
    /// overlay of a kind that does (`OverlayKindReading.needsFonts`); the
    /// render of that scene starts at once, so the photos decode. Phase 2,
    /// the font stage (`LaidOut.filled(_:)`, unless `known` holds the
    /// prepared document already), lays those overlays out once the fonts
    /// are loaded (`FontWarmUp`), runs `check`, refuses an output that would
    /// replace a font file, stops on `--strict` warnings and hands the slots'
    /// items to the render (`SlotItems`; `--debug-layout`'s outlines go in a
    /// last slot), which puts them in place before the first row is
    /// composited: the plan is made once (`SceneRenderer`). The font stage
    /// runs on a thread of its own when the scene has slots; otherwise (and
    /// when phase 1 failed) it runs first, and a font stage that fails
    /// renders nothing. The bytes are the same either way.
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
        let slots = SlotItems()
        let stage = FontStage()
        let reserved = known == nil ? laidOut.reserved : nil
        var scene = known?.scene ?? reserved!.scene
        if options.debugLayout { scene.reserveSlot() }
        // A slot that draws an image cannot be filled late (`Reserved.slotsDrawImages`),
        // and a vector output (PDF) is written from the whole scene graph:
        // phase 2 runs first and the whole scene is rendered.
        let vector = (try? OutputPreflight.format(flag: options.format, outputPath: options.outputPath,
                                                  document: laidOut.spec.output.format, size: nil))?.isVector == true
        let whole = reserved?.slotsDrawImages == true || vector
        /// Phase 2, then the checks; hands the slots' items on to the render.
        @Sendable func layOutFontKinds() {
            var slotItems: [[SceneItem]] = []
            stage.prepared = Result { () throws(CollageError) -> Prepared in
                var prepared: Prepared
                if let known { prepared = known } else { (prepared, slotItems) = try laidOut.filled(reserved) }
                try check(prepared)
                try PrintPreflight.apply(to: &prepared)
                return prepared
            }
            guard case .success(let prepared) = stage.prepared else { return slots.cancel() }
            do throws(CollageError) {
                try refuseOverwritingInputs(output: options.outputPath, inputs: prepared.inputFiles)
            } catch {
                stage.fonts = error
                return slots.cancel()
            }
            if options.strict, !prepared.warnings.isEmpty {
                stage.strict = .diagnostics(DiagnosticList(prepared.warnings.map(\.asError), source: prepared.spec.source))
                return slots.cancel()
            }
            if whole { slotItems = [] }
            if options.debugLayout { slotItems.append(DebugOverlay.items(for: prepared)) }
            stage.delivered = true
            slots.deliver(slotItems)
        }
        if let reserved, reserved.hasSlots, !reserved.hasErrors, !whole,
           let fontThread = JoinableThread.start(layOutFontKinds) {
            return try finish(scene, laidOut: laidOut, stage: stage, slots: slots, inputs: inputs, options: options,
                              streaming: streaming) {
                fontThread.join()
            }
        }
        layOutFontKinds()
        if whole, stage.delivered, case .success(let prepared) = stage.prepared {
            scene = prepared.scene
            if options.debugLayout { scene.reserveSlot() }
        }
        return try finish(stage.delivered ? scene : nil, laidOut: laidOut, stage: stage, slots: slots, inputs: inputs,
                          options: options, streaming: streaming) {}
    }

    /// The render of `scene` (nil: nothing to render, the font stage
    /// failed), then `join` (the font stage's end), then the errors in
    /// `render(_:known:inputs:options:check:)`'s order.
    private static func finish(_ scene: Scene?, laidOut: LaidOut, stage: FontStage, slots: SlotItems, inputs: [String],
                               options: RenderOptions, streaming: Bool, join: () -> Void) throws(CollageError) -> (prepared: Prepared, encoded: Encoded) {
        let output = Result { () throws(CollageError) -> OutputFormat in
            try checkOutput(spec: laidOut.spec, size: laidOut.layout.outputSize, inputs: inputs, options: options)
        }
        let encoded = scene.map { scene in
            Result { () throws(CollageError) -> Encoded in
                let format = try output.get()
                if format.isVector {
                    return try encodePDF(scene, spec: laidOut.spec, layout: laidOut.layout, headers: laidOut.headers,
                                         streaming: streaming, options: options)
                }
                return try encode(scene, as: format, spec: laidOut.spec, layout: laidOut.layout, headers: laidOut.headers,
                                  warnings: [], slotItems: slots, streaming: streaming, options: options,
                                  deferredFocus: laidOut.deferredFocus)
            }
        }
        join()
        let prepared = try stage.prepared!.get()
        _ = try output.get()
        if let error = stage.fonts ?? stage.strict { throw error }
        guard var result = try encoded?.get() else { throw .failure(.render, "internal error: nothing was rendered") }
        result.warnings = prepared.warnings + result.warnings
        return (prepared, result)
    }
}
