import CollageCodecs
import CollageLayout
import CollageRaster
import CollageSpec

extension CollageRenderer {
    /// `prepare(spec:)` then `encode(_:inputs:options:)`, with the photos
    /// decoding while the text overlays are set. Setting text needs the
    /// fonts, and fontconfig takes several milliseconds to load its
    /// configuration (`FontWarmUp`); the photos need only the layout. So the
    /// render starts on the photo scene as soon as the layout is known, and
    /// the text overlays' items reach it as `LateItems` from a thread that
    /// sets them meanwhile. The bytes are those of the plain way.
    ///
    /// `check` runs on the prepared document before anything is encoded
    /// (e.g. a depfile's path against the inputs). The errors come in the
    /// plain way's order: document errors (unreadable photos, layout, fonts),
    /// then `check`'s, then the output checks (format, an output that would
    /// replace an input or a font file), then `--strict` warnings, then the
    /// render's. A document with image overlays (they would have to be
    /// decoded too) or with `options.debugLayout` takes the plain way.
    /// - Returns: the prepared document and its encoded image, whose
    ///   warnings are the document's, then the decoders'.
    /// - Throws: as `prepare(spec:)`, `check` and `encode(_:inputs:options:)`.
    public static func prepareAndEncode(spec: Spec, inputs: [String], options: RenderOptions,
                                        check: @escaping @Sendable (Prepared) throws(CollageError) -> Void = { _ in })
        throws(CollageError) -> (prepared: Prepared, encoded: Encoded) {
        let hasText = spec.overlays.contains(where: \.isText)
        if hasText { FontWarmUp.start() }
        defer { FontWarmUp.wait() }
        let laidOut = try LaidOut(spec)
        func plainWay() throws(CollageError) -> (prepared: Prepared, encoded: Encoded) {
            let prepared = try laidOut.prepared()
            try check(prepared)
            return (prepared, try encode(prepared, inputs: inputs, options: options))
        }
        guard hasText, !options.debugLayout, spec.overlays.allSatisfy(\.isText) else { return try plainWay() }
        let scene = laidOut.photoScene
        let late = LateItems()
        final class Outcome: @unchecked Sendable {
            var prepared: Result<Prepared, CollageError>?
            /// The output would replace a font file the text was set in.
            var fonts: CollageError?
            /// `--strict` and the document has warnings.
            var strict: CollageError?
        }
        let text = Outcome()
        let setter = JoinableThread.start {
            text.prepared = Result { () throws(CollageError) -> Prepared in
                let prepared = try laidOut.prepared()
                try check(prepared)
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
            late.deliver(Array(prepared.scene.items.dropFirst(scene.items.count)))
        }
        guard let setter else { return try plainWay() }
        let output = Result { () throws(CollageError) -> OutputFormat in
            try checkOutput(spec: laidOut.spec, size: scene.size, inputs: inputs, options: options)
        }
        let encoded = Result { () throws(CollageError) -> Encoded in
            try encode(scene, as: output.get(), spec: laidOut.spec, layout: laidOut.layout, headers: laidOut.headers, warnings: [],
                       lateItems: late, options: options)
        }
        setter.join()
        let prepared = try text.prepared!.get()
        _ = try output.get()
        if let error = text.fonts ?? text.strict { throw error }
        var result = try encoded.get()
        result.warnings = prepared.warnings + result.warnings
        return (prepared, result)
    }
}
