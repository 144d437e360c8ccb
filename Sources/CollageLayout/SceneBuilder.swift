import CollageRaster
import CollageSpec
import CollageText

/// Layout -> scene graph: photos as print nodes (`PhotoNode`), overlays as
/// one group each (`OverlayNode`): image leaves, or text shaped and
/// as glyph outline paths (`TextBlock.node`).
public enum SceneBuilder {
    /// A built scene with what the typesetter found on the way.
    public struct Result: Sendable {
        public var scene: Scene
        /// One block per text overlay, in `Spec.overlays` order (`TextBlock.overlay`
        /// names it; boxes for `collage layout`).
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

    /// Builds the scene graph: the canvas background, one `SceneImage` per
    /// `layout.images` entry (its oriented size), the `layer: below`
    /// overlays, a print node per placement (`PhotoNode`), then each other
    /// overlay; overlays of one layer in `layout.overlays` list order
    /// as one group (`OverlayNode`): an image overlay's whole file into its
    /// box with its alpha, a text overlay set in its area (an overlay with
    /// no ink on the canvas draws nothing; see `TextBlock.node` for the
    /// layer order), each turned and faded by its `rotation` and `opacity`.
    ///
    /// - Parameters:
    ///   - photoSizes: oriented size of each `spec.photos[i]`, source pixels
    ///     (unused: `layout.images` holds every size).
    ///   - library: fonts for the overlays.
    /// - Throws: `DiagnosticList` with every overlay's font errors
    ///   (`.font`, `.outOfRange` at the overlay's location).
    public static func build(_ spec: Spec, layout: Layout, photoSizes: [Size] = [],
                             library: FontLibrary = .shared) throws(DiagnosticList) -> Result {
        let overlays = try overlayNodes(spec, layout: layout, library: library)
        let nodes = photoNodes(spec, layout: layout) + overlays.above
        let scene = Scene(size: layout.outputSize, background: PrintMarks.sceneBackground(spec, layout: layout),
                          images: layout.images.map { SceneImage(orientedSize: $0.size) },
                          nodes: PrintMarks.onOutput(backgroundNodes(spec, layout: layout) + overlays.below + nodes, spec: spec, layout: layout)
                            + PrintMarks.cropMarks(layout))
        return Result(scene: scene, textBlocks: overlays.context.textBlocks, warnings: overlays.context.warnings)
    }

    /// `build`'s result made from `head`, the `photoScene(_:layout:)` of the
    /// same spec and layout, when no overlay is `layer: below`: the overlays'
    /// nodes (and the crop marks) appended to it, so the background and the
    /// photos are not built and flattened a second time. The scene equals
    /// `build`'s, items and all.
    /// - Precondition: no overlay of `spec` is `layer: below`.
    /// - Throws: as `build`.
    public static func build(_ spec: Spec, layout: Layout, onto head: Scene,
                             library: FontLibrary = .shared) throws(DiagnosticList) -> Result {
        precondition(!spec.overlays.contains { $0.layer == .below }, "a layer: below overlay goes under the photos")
        let overlays = try overlayNodes(spec, layout: layout, library: library)
        var scene = head
        scene.append(PrintMarks.moved(overlays.above, layout: layout) + PrintMarks.cropMarks(layout))
        return Result(scene: scene, textBlocks: overlays.context.textBlocks, warnings: overlays.context.warnings)
    }

    /// The overlays' nodes, `layer: below` and above apart (each a group a
    /// component use, `ComponentNesting`), with the drawing context that
    /// holds the typesetter's blocks and warnings.
    /// - Throws: every overlay's errors together.
    private static func overlayNodes(_ spec: Spec, layout: Layout, library: FontLibrary)
        throws(DiagnosticList) -> (below: [Node], above: [Node], context: OverlayDrawingContext) {
        // `layer: below` overlays go between the background and the photos.
        var below = ComponentNesting(), above = ComponentNesting()
        var context = OverlayDrawingContext(spec: spec, layout: layout, library: library)
        var errors: [Diagnostic] = []
        for frame in layout.overlays {
            do {
                guard let node = try frame.kind.drawing.node(frame, context: &context) else { continue }
                let overlay = spec.overlays[frame.overlay]
                if overlay.layer == .below {
                    below.append(node, in: overlay.groups, boxes: frame.componentBoxes)
                } else {
                    above.append(node, in: overlay.groups, boxes: frame.componentBoxes)
                }
            } catch {
                errors += error.diagnostics
            }
        }
        if !errors.isEmpty { throw DiagnosticList(errors) }
        return (below.finish(), above.finish(), context)
    }

    /// The start of `build`'s scene, which needs no fonts: the background,
    /// every scene image (`layout.images`: photos, then image overlays) and
    /// the photos' nodes; `build`'s scene is this one with the overlays'
    /// nodes appended when no overlay is `layer: below` (so the overlays can be
    /// set while the photos are decoded).
    public static func photoScene(_ spec: Spec, layout: Layout) -> Scene {
        Scene(size: layout.outputSize, background: PrintMarks.sceneBackground(spec, layout: layout),
              images: layout.images.map { SceneImage(orientedSize: $0.size) },
              nodes: PrintMarks.onOutput(backgroundNodes(spec, layout: layout) + photoNodes(spec, layout: layout),
                                         spec: spec, layout: layout))
    }

    /// A gradient `background`: one path over the whole canvas painted with
    /// it (the canvas box is the gradient's box), drawn before everything;
    /// none for a colour background (the scene's own background).
    static func backgroundNodes(_ spec: Spec, layout: Layout) -> [Node] {
        if let frame = layout.background {
            // Over the scene's background colour (`BackgroundImageSpec.color`), the image's pieces,
            // a blur reading the extended edges so it stays opaque to them.
            let filters = frame.filters.map(Filter.init) + (frame.blur > 0 ? [.blur(frame.blur)] : [])
            return frame.pieces.map { piece in
                let box = piece.destination
                return .image(ImageLeaf(image: frame.image, source: piece.source,
                                        bounds: Rect(x: Double(box.x), y: Double(box.y), width: Double(box.width),
                                                     height: Double(box.height)),
                                        filters: filters, edges: .extended))
            }
        }
        guard let gradient = spec.canvas.gradient else { return [] }
        // With `print`, the gradient spans the bleed box, as on a canvas enlarged by hand.
        let box = layout.print.map { Rect($0.bleed) }
            ?? Rect(x: 0, y: 0, width: Double(layout.canvas.width), height: Double(layout.canvas.height))
        return [.path(PathLeaf(path: .rect(box), paint: .gradient(Gradient(gradient, box: box))))]
    }

    /// One print node per placed photo (`PhotoNode`), in layout order.
    static func photoNodes(_ spec: Spec, layout: Layout) -> [Node] {
        layout.photos.map { PhotoNode.node(for: $0, photo: spec.photos[$0.photo]) }
    }
}
