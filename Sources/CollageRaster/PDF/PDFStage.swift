/// What the nodes' PDF stage methods (`Node.pdf(into:device:stage:)` and
/// each kind's `pdf` beside the kind) ask of the document being written:
/// named resources of the page (graphics states, shadings, forms, images)
/// and rasterised stand-ins for what PDF cannot express. Implemented by
/// `Collage`'s `PDFPageResources`. Coordinates: `device` maps the node's
/// local coordinates to canvas pixels (origin top-left, y down).
public protocol PDFStage: AnyObject {
    /// An ExtGState's name with fill and stroke alpha `alpha` (0...1,
    /// `ca`/`CA`) and blend mode `blend` (`/BM`, PDF's names of the same 16 modes).
    func graphicsState(alpha: Double, blend: BlendMode) -> String
    /// A shading's name for `gradient` (axial or radial, its colours sampled
    /// into a Type 0 function); nil when the gradient is not opaque (PDF
    /// shadings carry no alpha): the caller rasterises the node instead.
    func shading(_ gradient: Gradient) throws -> String?
    /// A transparency group (Form XObject, isolated, DeviceRGB) holding
    /// `content` over `bbox` (the content's coordinates); its name.
    func transparencyGroup(_ content: PDFContent, bbox: Rect) throws -> String
    /// The image XObject for `leaf` placed under `device`, the unit square
    /// mapped to canvas pixels; nil when it draws nothing.
    func image(_ leaf: ImageLeaf, device: Affine) throws -> PDFPlacement?
    /// `node` rasterised at the canvas's resolution into an image over its
    /// device bounds (grown by `margin` canvas pixels, a shadow's reach);
    /// nil when it draws nothing. For what PDF cannot express: glyph masks,
    /// colour tiles, blurred shadows, translucent gradients.
    func raster(_ node: Node, device: Affine, margin: Double) throws -> PDFPlacement?
    /// The font resource that shows `glyph` of `run` as text (issue 45): a
    /// Type0 font over the document's subset of its face, Identity-H, or
    /// Identity-V for an upright glyph of a vertical column; the glyph and
    /// its text are recorded for the subset, its widths and its ToUnicode
    /// CMap. Nil when the face cannot be embedded (no `glyf` or `CFF `
    /// outlines): the caller fills the outlines instead.
    func font(for glyph: GlyphRun.Glyph, of run: GlyphRun) -> PDFFontUse?
    /// The page's canvas in pixels: a transparency group's bounding box is
    /// the canvas mapped into the group's coordinates (its children's
    /// shadows and rasterised effects reach beyond their own bounds).
    var canvasSize: Size { get }
    /// Under `compositing: linear`, translucent groups are rasterised
    /// (PDF composites in the group's colour space, sRGB values); false under `css`.
    var rasterisesTranslucentGroups: Bool { get }
}

/// A glyph's font on a PDF page (`PDFStage.font(for:of:)`): the resource's
/// name ("F12", without the slash) and, in vertical writing mode, where the
/// glyph's vertical origin lies from its horizontal origin as its CIDFont's
/// `/W2` declares it (thousandths of an em, glyph space: x right, y up);
/// 0, 0 in horizontal mode.
public struct PDFFontUse: Sendable, Hashable {
    public var name: String
    public var originX: Double, originY: Double
    public init(name: String, originX: Double = 0, originY: Double = 0) {
        self.name = name; self.originX = originX; self.originY = originY
    }
}
