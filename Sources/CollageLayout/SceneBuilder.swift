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
        /// The draws put into each reserved slot of phase 1's scene
        /// (`reserve(_:layout:)`), in `Scene.slots` order.
        public var slotItems: [[SceneItem]] = []
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
    /// The two phases in one: `reserve(_:layout:)`, then `fill(_:library:)`.
    ///
    /// - Parameters:
    ///   - photoSizes: oriented size of each `spec.photos[i]`, source pixels
    ///     (unused: `layout.images` holds every size).
    ///   - library: fonts for the overlays.
    /// - Throws: `DiagnosticList` with every overlay's font errors
    ///   (`.font`, `.outOfRange` at the overlay's location).
    public static func build(_ spec: Spec, layout: Layout, photoSizes: [Size] = [],
                             library: FontLibrary = .shared) throws(DiagnosticList) -> Result {
        try fill(reserve(spec, layout: layout), library: library)
    }

    /// Phase 1 of the scene, which needs no fonts: `build`'s scene with
    /// each overlay of a kind that needs fonts (`OverlayKind.needsFonts`)
    /// left out and a reserved slot (`Scene.slots`) in its place in the
    /// z-order (`layer: below` or above the photos, among the other
    /// overlays). A slot holds one top-level node: the overlay's, or a whole
    /// component use's when one of its parts needs fonts (its group fades,
    /// turns and shadows the parts together). Every image draw is there, so
    /// the decodes can start.
    public static func reserve(_ spec: Spec, layout: Layout) -> Reserved {
        var reserved = Reserved(spec: spec, layout: layout)
        var context = OverlayDrawingContext(spec: spec, layout: layout, library: .shared)
        // The overlays that draw an image file (`LayoutImage.owner`), whatever their kind.
        let drawingImages = Set(layout.images.compactMap { image -> Int? in
            if case .overlay(let overlay) = image.owner { overlay } else { nil }
        })
        /// Appends the nodes of one layer's units, or a slot for each unit that needs fonts.
        func add(_ layer: OverlayLayer, to scene: inout Scene) {
            let frames = layout.overlays.indices.filter { spec.overlays[layout.overlays[$0].overlay].layer == layer }
            for unit in units(frames, layout: layout, spec: spec) {
                if unit.contains(where: { spec.overlays[layout.overlays[$0].overlay].kind.needsFonts }) {
                    scene.reserveSlot()
                    reserved.slotUnits.append(unit)
                    if unit.contains(where: { drawingImages.contains(layout.overlays[$0].overlay) }) {
                        reserved.slotsDrawImages = true
                    }
                } else {
                    scene.append(PrintMarks.moved(reserved.nodes(unit, context: &context), layout: layout))
                }
            }
        }
        var scene = Scene(size: layout.outputSize, background: PrintMarks.sceneBackground(spec, layout: layout),
                          images: layout.images.map { SceneImage(orientedSize: $0.size) },
                          nodes: PrintMarks.onOutput(backgroundNodes(spec, layout: layout), spec: spec, layout: layout))
        scene.compositing = Compositing(spec.canvas.compositing)
        add(.below, to: &scene)
        scene.append(PrintMarks.moved(photoNodes(spec, layout: layout), layout: layout))
        add(.above, to: &scene)
        scene.append(PrintMarks.cropMarks(layout))
        reserved.scene = scene
        return reserved
    }

    /// Phase 2: the reserved slots' overlays laid out (with the fonts
    /// `library` loads) and put in their places of the same scene; the
    /// text blocks and warnings in overlay order, as one pass gives them.
    /// - Throws: `DiagnosticList` with every overlay's errors (both phases'), in overlay order.
    public static func fill(_ reserved: Reserved, library: FontLibrary = .shared) throws(DiagnosticList) -> Result {
        var reserved = reserved
        var context = OverlayDrawingContext(spec: reserved.spec, layout: reserved.layout, library: library)
        let units = reserved.slotUnits
        let slotNodes = units.map { unit in
            PrintMarks.moved(reserved.nodes(unit, context: &context), layout: reserved.layout)
        }
        let errors = reserved.errors.sorted { $0.frame < $1.frame }.flatMap(\.diagnostics)
        if !errors.isEmpty { throw DiagnosticList(errors) }
        let flattener = SceneFlattener(canvas: reserved.scene.size)
        let slotItems = slotNodes.map { flattener.flatten($0) }
        let found = reserved.found.sorted { $0.frame < $1.frame }
        return Result(scene: reserved.scene.filled(items: slotItems, nodes: slotNodes), textBlocks: found.flatMap(\.textBlocks),
                      warnings: found.flatMap(\.warnings), slotItems: slotItems)
    }

    /// The units of one layer's `frames` (indices in `layout.overlays`, in
    /// order), each one top-level node of `build`'s scene: a run of frames
    /// of one component use (the same outermost instance,
    /// `ComponentNesting`), or one frame outside any component.
    static func units(_ frames: [Int], layout: Layout, spec: Spec) -> [[Int]] {
        var units: [[Int]] = []
        var outer: Int?
        for frame in frames {
            let instance = spec.overlays[layout.overlays[frame].overlay].groups.first?.instance
            if let instance, instance == outer {
                units[units.count - 1].append(frame)
            } else {
                units.append([frame])
            }
            outer = instance
        }
        return units
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
