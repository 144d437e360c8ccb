import CollageCodecs
import CollageLayout
import CollageRaster
import CollageSpec

extension CollageRenderer {
    /// One page of a PDF: its document, layout, headers and whole scene.
    struct PDFPage {
        var spec: Spec
        var layout: Layout
        var headers: [ImageHeader]
        var scene: Scene
    }

    /// The PDF of `scene` (a vector output, `OutputFormat.isVector`): one
    /// page written by `PDFDocumentWriter` from the scene graph, its photos
    /// decoded by the same provider as a raster render. `streaming`: to a
    /// temporary file beside `options.outputPath` (`AtomicFile.pending`; not
    /// for `-`), renamed into place by `write(_:to:)`.
    /// - Throws: as `encode(_:as:spec:layout:headers:warnings:slotItems:streaming:options:)`.
    static func encodePDF(_ scene: Scene, spec: Spec, layout: Layout, headers: [ImageHeader], streaming: Bool,
                          options: RenderOptions) throws(CollageError) -> Encoded {
        try encodePDF(pages: 1, spec: spec, streaming: streaming, options: options) { _ throws(CollageError) in
            PDFPage(spec: spec, layout: layout, headers: headers, scene: scene)
        }
    }

    /// A PDF of `pages` pages, page `n` (from 1) made by `page(n)` just
    /// before it is written, so one page's images are held at a time; `spec`
    /// (the first page's) gives the writer's options.
    static func encodePDF(pages: Int, spec: Spec, streaming: Bool, options: RenderOptions,
                          page: (Int) throws(CollageError) -> PDFPage) throws(CollageError) -> Encoded {
        var file: PendingFile?
        if streaming, options.outputPath != "-" {
            do { file = try AtomicFile.pending(options.outputPath) } catch { throw .failure(.render, error.description) }
        }
        let sink = file?.sink() ?? EncodedSink()
        let document = PDFDocumentWriter(sink: sink, options: pdfOptions(spec: spec, options: options))
        var warnings: [Diagnostic] = []
        for number in 1 ... max(1, pages) {
            let one = try page(number)
            let provider = try pdfProvider(layout: one.layout, headers: one.headers, options: options)
            do {
                try document.addPage(one.scene, images: .init(provider: provider, paths: one.layout.images.map(\.path),
                                                              headers: one.headers),
                                     dpi: pdfDPI(spec: one.spec, layout: one.layout, options: options), frame: one.layout.print)
            } catch {
                throw renderFailure(error, spec: one.spec, layout: one.layout, options: options)
            }
            let found = decodeWarnings(provider, layout: one.layout)
            if options.strict, !found.isEmpty {
                throw .diagnostics(DiagnosticList(found.map(\.asError), source: one.spec.source))
            }
            warnings += found
        }
        do { try document.finish() } catch { throw .failure(.render, "cannot write the PDF: \(error)") }
        if let code = sink.failure {
            throw .failure(.render, AtomicFile.WriteError(path: file?.shownPath ?? options.outputPath,
                                                          reason: ImageError.writeFailed(code).reason).description)
        }
        return Encoded(bytes: sink.takeBytes(), format: .pdf, warnings: warnings, file: file)
    }

    /// Every page of a document (`specs`: one `Spec` a page, in order) in
    /// one PDF at `options.outputPath`, written whole or not at all: each
    /// page laid out, checked (`PrintPreflight`, `--strict`) and written in
    /// turn. `inputs`: files the output must not replace. With
    /// `options.outputPath` `-` nothing is written: the PDF is returned in
    /// `standardOutput` for the caller to write to standard output.
    /// - Returns: each page's prepared document, the file's size, the
    ///   warnings (the pages' in order, then the decoders') and, for `-`,
    ///   the file's bytes (empty otherwise).
    /// - Throws: the first page's error, as `prepareAndWrite`.
    public static func writePDF(pages specs: [Spec], inputs: [String], options: RenderOptions)
        throws(CollageError) -> (prepared: [Prepared], byteCount: Int, warnings: [Diagnostic], standardOutput: [UInt8]) {
        guard let first = specs.first else { throw .usage("a PDF needs at least one page") }
        var prepared: [Prepared] = []
        var warnings: [Diagnostic] = []
        let encoded = try encodePDF(pages: specs.count, spec: first, streaming: true, options: options) { number throws(CollageError) in
            let spec = specs[number - 1]
            var page = try LaidOut(spec).prepared()
            try PrintPreflight.apply(to: &page)
            try refuseOverwritingInputs(output: options.outputPath, inputs: inputs + page.inputFiles)
            if options.strict, !page.warnings.isEmpty {
                throw .diagnostics(DiagnosticList(page.warnings.map(\.asError), source: spec.source))
            }
            warnings += page.warnings
            prepared.append(page)
            return PDFPage(spec: page.spec, layout: page.layout, headers: page.headers, scene: page.scene)
        }
        if options.outputPath == "-" {
            return (prepared, encoded.byteCount, warnings + encoded.warnings, encoded.bytes)
        }
        try write(encoded, to: options.outputPath)
        return (prepared, encoded.byteCount, warnings + encoded.warnings, [])
    }

    /// The PDF writer's options from the document and the flags:
    /// `output.maxPpi`/`--pdf-max-ppi`, `quality`, the threads,
    /// `SOURCE_DATE_EPOCH`. PDF composites transparency in the group's
    /// colour space, sRGB-encoded values here, as `compositing: css` does;
    /// under `compositing: linear` a translucent group is rasterised
    /// (`rasterisesTranslucentGroups`, issue 36).
    static func pdfOptions(spec: Spec, options: RenderOptions) -> PDFDocumentWriter.Options {
        let encode = EncodeOptions(settings: spec.output.settings.merging(options.settings) { _, flag in flag })
        var pdf = PDFDocumentWriter.Options()
        pdf.maxPpi = encode.integer(PDFSaver.maxPpi.key, in: PDFSaver.options)
        pdf.quality = encode.quality
        pdf.threads = options.threads
        pdf.sourceDateEpoch = PDFDocumentWriter.sourceDateEpoch
        pdf.rasterisesTranslucentGroups = spec.canvas.compositing == .linear
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
