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
    /// then `check`'s, then `--strict` warnings, then the render's. A
    /// document with image overlays (they would have to be decoded too) or
    /// with `options.debugLayout` takes the plain way.
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
        final class Outcome: @unchecked Sendable { var prepared: Result<Prepared, CollageError>? }
        let text = Outcome()
        let setter = JoinableThread.start {
            text.prepared = Result { () throws(CollageError) -> Prepared in
                let prepared = try laidOut.prepared()
                try check(prepared)
                if options.strict, !prepared.warnings.isEmpty {
                    throw .diagnostics(DiagnosticList(prepared.warnings.map(\.asError), source: prepared.spec.source))
                }
                return prepared
            }
            switch text.prepared {
            case .success(let prepared): late.deliver(Array(prepared.scene.items.dropFirst(scene.items.count)))
            default: late.cancel()
            }
        }
        guard let setter else { return try plainWay() }
        let encoded = Result { () throws(CollageError) -> Encoded in
            try encode(scene, spec: laidOut.spec, headers: laidOut.headers, warnings: [], lateItems: late,
                       inputs: inputs, options: options)
        }
        setter.join()
        let prepared = try text.prepared!.get()
        var result = try encoded.get()
        result.warnings = prepared.warnings + result.warnings
        return (prepared, result)
    }
}
