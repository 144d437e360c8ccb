import CollageRaster
import CollageSpec

/// Layout -> display list: photos as `ImageDraw`s, text overlays shaped and
/// rasterised into coverage masks.
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

    /// Builds the display list: the canvas background, one `SceneImage` per
    /// `layout.images` entry (its oriented size), an `ImageDraw` per placement
    /// (source = crop window, destination, clip = cell), then each overlay of
    /// `layout.overlays` in list order: an image overlay as an `ImageDraw`
    /// of the whole file into its box with its alpha and `opacity`, a text
    /// overlay set in its area as a `MaskDraw` (an overlay with no ink on the
    /// canvas draws nothing; see `TextBlock.sceneItems` for the layer order).
    ///
    /// - Parameters:
    ///   - photoSizes: oriented size of each `spec.photos[i]`, source pixels
    ///     (unused: `layout.images` holds every size).
    ///   - library: fonts for the overlays.
    /// - Throws: `DiagnosticList` with every overlay's font errors
    ///   (`.font`, `.outOfRange` at the overlay's location).
    public static func build(_ spec: Spec, layout: Layout, photoSizes: [Size] = [],
                             library: FontLibrary = .shared) throws(DiagnosticList) -> Result {
        var items = photoScene(spec, layout: layout).items
        var blocks: [TextBlock] = []
        var warnings: [Diagnostic] = []
        var errors: [Diagnostic] = []
        for frame in layout.overlays {
            switch frame.kind {
            case .image(let image):
                items.append(.image(ImageDraw(image: image.image,
                    source: Rect(x: 0, y: 0, width: Double(image.size.width), height: Double(image.size.height)),
                    destination: image.box, opacity: frame.opacity)))
            case .text(let text):
                do {
                    var block = try Typesetter.set(text, placement: spec.overlays[frame.overlay], in: frame.area,
                                                   canvas: layout.canvas, library: library)
                    block.overlay = frame.overlay
                    blocks.append(block)
                    warnings += block.warnings
                    items += block.sceneItems(text.color, style: text.style)
                } catch {
                    errors += error.diagnostics
                }
            }
        }
        if !errors.isEmpty { throw DiagnosticList(errors) }
        let scene = Scene(size: layout.canvas, background: Color(spec.canvas.background),
                          images: layout.images.map { SceneImage(orientedSize: $0.size) }, items: items)
        return Result(scene: scene, textBlocks: blocks, warnings: warnings)
    }

    /// The start of `build`'s scene, which needs no fonts: the background,
    /// every scene image (`layout.images`: photos, then image overlays) and
    /// the photos' draws; `build`'s scene is this one with the overlays'
    /// items appended (so the overlays can be set while the photos are decoded).
    public static func photoScene(_ spec: Spec, layout: Layout) -> Scene {
        Scene(size: layout.canvas, background: Color(spec.canvas.background),
              images: layout.images.map { SceneImage(orientedSize: $0.size) },
              items: layout.photos.flatMap { PhotoDraws.items(for: $0, photo: spec.photos[$0.photo]) })
    }
}
