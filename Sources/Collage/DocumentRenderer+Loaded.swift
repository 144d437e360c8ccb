import CollageRaster
import CollageSpec

extension DocumentRenderer {
    /// A document read, validated with its variables and checked against
    /// the root, not yet rendered: what `stamp(_:format:quality:)` and
    /// `render(_:format:quality:maxMemory:)` take, so a server that answers
    /// `If-None-Match` loads a document once and renders it only when needed.
    public struct LoadedDocument: Sendable {
        /// The validated document, variables expanded.
        public let spec: Spec
        /// The variables it was loaded with (`--set`, a URL's query).
        public let variables: [String: String]
        let input: DocumentInput
    }

    /// Loads `source` with `variables` winning over its `vars`, and checks
    /// every path it names against `configuration.root`.
    /// - Throws: `CollageError.diagnostics` for document errors and paths
    ///   outside the root (`.pathOutsideRoot`).
    public func load(_ source: Source, variables: [String: String] = [:]) throws(CollageError) -> LoadedDocument {
        let input = source.input
        let spec = try input.load(variables: variables, root: configuration.root)
        try configuration.root?.check(spec)
        return LoadedDocument(spec: spec, variables: variables, input: input)
    }

    /// The render stamp (`RenderStamp`) of `document` encoded as `format`
    /// at `quality` (nil: `output.quality`, else 90) by this renderer: 64
    /// hex digits that change whenever the rendered bytes may. Costs a
    /// `stat(2)` per input and a hash of the document's bytes.
    public func stamp(_ document: LoadedDocument, format: OutputFormat, quality: Int?) -> String {
        let options = renderOptions(output: nil, format: format, quality: quality, variables: document.variables,
                                    spec: document.spec)
        return RenderStamp.stamp(template: document.input.bytes, variables: document.variables, spec: document.spec,
                                 options: options, version: CollageVersion.current)
    }

    /// Renders a loaded document to encoded bytes; nothing is written. With
    /// `configuration.imageCache`, the images it names are noted as a
    /// batch row's are (`SharedImageCache.noteRowImages`): an image that an
    /// earlier render named too is kept decoded for the renders after it
    /// (a server's photo that every request uses).
    /// - Parameters:
    ///   - format: nil takes the document's `output.format`, else PNG.
    ///   - quality: JPEG/WebP quality 1-100; nil takes `output.quality`, else 90.
    ///   - maxMemory: the render's working set in bytes (`RenderOptions.maxMemory`); nil: a 256 MiB target.
    /// - Throws: as `render(_:format:quality:variables:)`.
    public func render(_ document: LoadedDocument, format: OutputFormat?, quality: Int?,
                       maxMemory: Int? = nil) throws(CollageError) -> Rendering {
        FontWarmUp.start()
        let deadline = configuration.timeout.map { Deadline(seconds: $0) }
        configuration.imageCache?.noteRowImages(document.spec.photos.map(\.path) + CodecImageProvider.overlayPaths(document.spec))
        return try render(document, output: nil, format: format, quality: quality, maxMemory: maxMemory, deadline: deadline)
    }
}
