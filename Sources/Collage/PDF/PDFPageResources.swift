import CollageCodecs
import CollageRaster

/// One page's resources (`PDFStage`, what the nodes' PDF stage methods
/// ask for): each graphics state, shading, form and image is written once
/// for the whole document (`PDFDocumentWriter`'s caches) and named on the
/// page by its object number ("GS12", "Sh14", "Fm20", "Im7"). The page and
/// its forms share one resource dictionary, written when the page ends.
final class PDFPageResources: PDFStage {
    let document: PDFDocumentWriter
    /// The object number of the page's resource dictionary (reserved).
    let dictionary: Int
    /// The page's scene (its images, its size: the outermost clip of rasters).
    let scene: Scene
    private var states: Set<Int> = []
    private var shadings: Set<Int> = []
    private var forms: Set<Int> = []
    private var images: Set<Int> = []
    private var fonts: Set<Int> = []

    init(document: PDFDocumentWriter, scene: Scene) {
        self.document = document
        self.scene = scene
        dictionary = document.writer.reserve()
    }

    var rasterisesTranslucentGroups: Bool { document.options.rasterisesTranslucentGroups }

    var canvasSize: Size { scene.size }

    func graphicsState(alpha: Double, blend: BlendMode) -> String {
        let number = document.graphicsState(alpha: alpha, blend: blend)
        states.insert(number)
        return "GS\(number)"
    }

    func shading(_ gradient: Gradient) throws -> String? {
        guard let number = try document.shading(gradient) else { return nil }
        shadings.insert(number)
        return "Sh\(number)"
    }

    func transparencyGroup(_ content: PDFContent, bbox: Rect) throws -> String {
        let number = try document.writer.stream(
            "/Type /XObject /Subtype /Form /BBox [\(PDFContent.numbers([bbox.x, bbox.y, bbox.maxX, bbox.maxY]))] "
                + "/Group << /S /Transparency /I true /K false /CS /DeviceRGB >> /Resources \(dictionary) 0 R",
            content.bytes)
        forms.insert(number)
        return "Fm\(number)"
    }

    func image(_ leaf: ImageLeaf, device: Affine) throws -> PDFPlacement? {
        guard let (number, matrix) = try document.image(leaf, device: device, scene: scene) else { return nil }
        images.insert(number)
        return PDFPlacement(name: "Im\(number)", matrix: matrix)
    }

    func raster(_ node: Node, device: Affine, margin: Double) throws -> PDFPlacement? {
        guard let (number, matrix) = try document.raster(node, device: device, margin: margin, scene: scene) else { return nil }
        images.insert(number)
        return PDFPlacement(name: "Im\(number)", matrix: matrix)
    }

    func font(for glyph: GlyphRun.Glyph, of run: GlyphRun) -> PDFFontUse? {
        guard let (number, use) = document.fonts.use(glyph, of: run) else { return nil }
        fonts.insert(number)
        return use
    }

    /// Writes the resource dictionary: every name the page and its forms used.
    func finish() {
        func entries(_ numbers: Set<Int>, _ prefix: (Int) -> String) -> String {
            numbers.sorted().map { "/\(prefix($0)) \($0) 0 R" }.joined(separator: " ")
        }
        var body = "<< /ProcSet [/PDF /ImageC /ImageB\(fonts.isEmpty ? "" : " /Text")]"
        if !fonts.isEmpty { body += " /Font << \(entries(fonts) { "F\($0)" }) >>" }
        if !states.isEmpty { body += " /ExtGState << \(entries(states) { "GS\($0)" }) >>" }
        if !shadings.isEmpty { body += " /Shading << \(entries(shadings) { "Sh\($0)" }) >>" }
        if !forms.isEmpty || !images.isEmpty {
            body += " /XObject << " + [entries(forms) { "Fm\($0)" }, entries(images) { "Im\($0)" }]
                .filter { !$0.isEmpty }.joined(separator: " ") + " >>"
        }
        document.writer.object(dictionary, body + " >>")
    }
}
