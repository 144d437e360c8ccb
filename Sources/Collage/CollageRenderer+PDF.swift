import CollageCodecs
import CollageLayout
import CollageRaster
import CollageSpec

extension CollageRenderer {
    /// The PDF of `scene` (a vector output, `OutputFormat.isVector`): one
    /// page written by `PDFDocumentWriter` from the scene graph, its photos
    /// decoded by the same provider as a raster render. `streaming`: to a
    /// temporary file beside `options.outputPath` (`AtomicFile.pending`; not
    /// for `-`), renamed into place by `write(_:to:)`.
    /// - Throws: as `encode(_:as:spec:layout:headers:warnings:slotItems:streaming:options:)`.
    static func encodePDF(_ scene: Scene, spec: Spec, layout: Layout, headers: [ImageHeader], streaming: Bool,
                          options: RenderOptions) throws(CollageError) -> Encoded {
        var file: PendingFile?
        if streaming, options.outputPath != "-" {
            do { file = try AtomicFile.pending(options.outputPath) } catch { throw .failure(.render, error.description) }
        }
        let sink = file?.sink() ?? EncodedSink()
        let document = PDFDocumentWriter(sink: sink, options: pdfOptions(spec: spec, options: options))
        let provider = try pdfProvider(layout: layout, headers: headers, options: options)
        do {
            try document.addPage(scene, images: .init(provider: provider, paths: layout.images.map(\.path), headers: headers),
                                 dpi: pdfDPI(spec: spec, layout: layout, options: options), frame: layout.print)
            try document.finish()
        } catch {
            throw renderFailure(error, spec: spec, layout: layout, options: options)
        }
        if let code = sink.failure {
            throw .failure(.render, AtomicFile.WriteError(path: file?.shownPath ?? options.outputPath,
                                                          reason: ImageError.writeFailed(code).reason).description)
        }
        let warnings = decodeWarnings(provider, layout: layout)
        if options.strict, !warnings.isEmpty {
            throw .diagnostics(DiagnosticList(warnings.map(\.asError), source: spec.source))
        }
        return Encoded(bytes: sink.takeBytes(), format: .pdf, warnings: warnings, file: file)
    }

    /// The PDF writer's options from the document and the flags:
    /// `output.maxPpi`/`--pdf-max-ppi`, `quality`, the threads,
    /// `SOURCE_DATE_EPOCH`. The compositing mode's switch
    /// (`rasterisesTranslucentGroups`) stays false (css) until documents
    /// can choose `compositing: linear` (issue 36).
    static func pdfOptions(spec: Spec, options: RenderOptions) -> PDFDocumentWriter.Options {
        let encode = EncodeOptions(settings: spec.output.settings.merging(options.settings) { _, flag in flag })
        var pdf = PDFDocumentWriter.Options()
        pdf.maxPpi = encode.integer(PDFSaver.maxPpi.key, in: PDFSaver.options)
        pdf.quality = encode.quality
        pdf.threads = options.threads
        pdf.sourceDateEpoch = PDFDocumentWriter.sourceDateEpoch
        return pdf
    }

    /// Canvas pixels per inch of a page: `--dpi`, `output.dpi`, the print
    /// frame's or `canvas.dpi`; 72 when none is given (a pixel is a point).
    static func pdfDPI(spec: Spec, layout: Layout, options: RenderOptions) -> Double {
        Double(options.dpi ?? spec.output.dpi ?? layout.print?.dpi ?? spec.canvas.dpi ?? 72)
    }

    /// The image provider of a PDF's rasters (photos resampled, effects).
    static func pdfProvider(layout: Layout, headers: [ImageHeader], options: RenderOptions) throws(CollageError) -> CodecImageProvider {
        var decodeOptions = DecodeOptions(allowTruncated: options.lenient)
        if let maxPixels = options.maxPixels { decodeOptions.maxPixels = maxPixels }
        decodeOptions.isolation = try isolation(options)
        return CodecImageProvider(layout, headers: headers, options: decodeOptions, cache: options.imageCache)
    }
}
