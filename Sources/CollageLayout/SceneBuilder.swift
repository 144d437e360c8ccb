import CollageRaster
import CollageSpec

/// Layout -> scene graph: photos as print nodes (`PhotoNode`), image
/// overlays as image leaves, text overlays shaped and rasterised into
/// coverage masks (`TextBlock.node`).
public enum SceneBuilder {
    /// A built scene with what the typesetter found on the way.
    public struct Result: Sendable {
        public var scene: Scene
        /// One block per overlay, in `Spec.overlays` order (boxes for `collage layout`).
        public var textBlocks: [TextBlock]
        /// Font warnings (fallback face, missing glyphs), in overlay order.
        public var warnings: [Diagnostic]
    }

    /// Builds the display list.
    ///
    /// - Parameter photoSizes: oriented size of each `spec.photos[i]`.
    /// - Throws: `DiagnosticList` (e.g. no font for a family).
    public static func scene(for spec: Spec, layout: Layout, photoSizes: [Size]) throws(DiagnosticList) -> Scene {
        try build(spec, layout: layout, photoSizes: photoSizes).scene
    }

    /// Builds the display list: the canvas background, one `SceneImage` per
    /// spec photo (its oriented size), an `ImageDraw` per placement (source =
    /// crop window, destination, clip = cell), then each text overlay as a
    /// `MaskDraw` in list order (an overlay with no ink on the canvas draws
    /// nothing). Overlays anchor to the whole canvas, or with `photo: ID` to
    /// that photo's cell (see `TextBlock.node` for the layer order).
    ///
    /// - Parameters:
    ///   - photoSizes: oriented size of each `spec.photos[i]`, source pixels.
    ///   - library: fonts for the overlays.
    /// - Throws: `DiagnosticList` with every overlay's font errors
    ///   (`.font`, `.outOfRange` at the overlay's location; `.unknownId` at
    ///   `photo:` for an id no laid-out photo has).
    ///   - overlayImageSizes: the image overlays' sizes, in overlay order;
    ///     they become scene images `photoSizes.count + k`, drawn with their
    ///     alpha and `opacity` into `layout.overlayBoxes`.
    public static func build(_ spec: Spec, layout: Layout, photoSizes: [Size], overlayImageSizes: [Size] = [],
                             library: FontLibrary = .shared) throws(DiagnosticList) -> Result {
        var nodes = photoNodes(spec, layout: layout)
        var imageIndex = photoSizes.count
        var blocks: [TextBlock] = []
        var warnings: [Diagnostic] = []
        var errors: [Diagnostic] = []
        for (index, overlay) in spec.overlays.enumerated() {
            if case .image(let image) = overlay.content {
                let size = overlayImageSizes[imageIndex - photoSizes.count]
                if layout.overlayBoxes.indices.contains(index), let box = layout.overlayBoxes[index] {
                    let leaf = ImageLeaf(image: imageIndex,
                        source: Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height)),
                        bounds: Rect(x: Double(box.x), y: Double(box.y), width: Double(box.width), height: Double(box.height)))
                    nodes.append(.group(Group(opacity: image.opacity, children: [.image(leaf)])))
                }
                imageIndex += 1
                continue
            }
            do {
                let area = try overlayArea(overlay, spec: spec, layout: layout)
                let block = try Typesetter.set(overlay, in: area, canvas: layout.canvas, library: library)
                blocks.append(block)
                warnings += block.warnings
                nodes.append(block.node(overlay.color, style: overlay.textStyle))
            } catch {
                errors += error.diagnostics
            }
        }
        if !errors.isEmpty { throw DiagnosticList(errors) }
        let scene = Scene(size: layout.canvas, background: Color(spec.canvas.background),
                          images: (photoSizes + overlayImageSizes).map { SceneImage(orientedSize: $0) }, nodes: nodes)
        return Result(scene: scene, textBlocks: blocks, warnings: warnings)
    }

    /// The start of `build`'s scene, which needs no fonts: the background,
    /// every scene image (photos, then image overlays) and the photos'
    /// draws; `build`'s scene is this one with the overlays' items
    /// appended (so the overlays can be set while the photos are decoded).
    public static func photoScene(_ spec: Spec, layout: Layout, photoSizes: [Size], overlayImageSizes: [Size] = []) -> Scene {
        Scene(size: layout.canvas, background: Color(spec.canvas.background),
              images: (photoSizes + overlayImageSizes).map { SceneImage(orientedSize: $0) },
              nodes: photoNodes(spec, layout: layout))
    }

    /// One print node per placed photo (`PhotoNode`), in layout order.
    static func photoNodes(_ spec: Spec, layout: Layout) -> [Node] {
        layout.photos.map { PhotoNode.node(for: $0, photo: spec.photos[$0.photo]) }
    }

    /// The rectangle an overlay anchors to: the canvas, or its photo's cell.
    static func overlayArea(_ overlay: OverlaySpec, spec: Spec, layout: Layout) throws(DiagnosticList) -> PixelRect {
        guard let id = overlay.photo else {
            return PixelRect(x: 0, y: 0, width: layout.canvas.width, height: layout.canvas.height)
        }
        let matches = layout.photos.filter { spec.photos.indices.contains($0.photo) && spec.photos[$0.photo].id == id }
        guard matches.count == 1 else {
            let known = spec.photos.map { "'\($0.id)'" }.joined(separator: ", ")
            let message = matches.isEmpty ? "no photo has id '\(id)' for 'photo'"
                                          : "'\(id)' names \(matches.count) photos for 'photo'; give them distinct 'id's"
            throw DiagnosticList([Diagnostic(.unknownId, at: overlay.photoLocation ?? overlay.location, message,
                                             notes: matches.isEmpty ? ["the photos' ids: \(known)"] : [])])
        }
        return matches[0].cell
    }
}
