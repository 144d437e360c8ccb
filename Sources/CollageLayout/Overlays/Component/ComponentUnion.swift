import CollageRaster
import CollageSpec
import CollageText

/// The box of a component that omits `width` or `height` (docs/format.md
/// "Components"): the union of its overlays laid out at the origin, each
/// overlay's box turned by its own rotation (a text's set box, so its fonts
/// are loaded here; a shape's outline; an image's or QR code's box; strokes
/// and shadows not included), edges rounded outwards to whole pixels.
struct ComponentUnion {
    let spec: Spec
    let canvas: Size
    let library: FontLibrary
    /// The unions found so far, by `ComponentInstance.instance`, in the
    /// instance's own coordinates (its written sides start at 0).
    private(set) var measured: [Int: PixelRect] = [:]

    init(spec: Spec, canvas: Size, library: FontLibrary) {
        self.spec = spec; self.canvas = canvas; self.library = library
    }

    /// Measures the instances `spec.overlays[index]` sits in that omit a
    /// side and are not measured yet (their first overlay is `index`).
    /// - Parameters:
    ///   - reference: the area the outermost box is placed in, canvas pixels.
    ///   - context: the frame context, copied: measuring appends nothing to it.
    mutating func measure(at index: Int, reference: PixelRect, context: OverlayFrameContext) {
        let groups = spec.overlays[index].groups
        for depth in groups.indices where groups[depth].isMeasured && measured[groups[depth].instance] == nil {
            let parent = ComponentBoxes.place(Array(groups[..<depth]), in: reference, measured: measured).area
            measured[groups[depth].instance] = union(depth: depth, from: index,
                                                     parent: Size(width: parent.width, height: parent.height), context: context)
        }
    }

    /// The union of the overlays from `index` on that sit in the instance at
    /// `depth` of their groups, laid out in its box at the origin.
    private mutating func union(depth: Int, from index: Int, parent: Size, context: OverlayFrameContext) -> PixelRect {
        let instance = spec.overlays[index].groups[depth]
        let local = ComponentBoxes.origin(of: instance, parent: parent)
        let localSize = Size(width: local.width, height: local.height)
        var box: Rect?
        var scratch = context
        var index = index
        while index < spec.overlays.count, spec.overlays[index].groups.count > depth,
              spec.overlays[index].groups[depth].instance == instance.instance {
            let overlay = spec.overlays[index]
            for inner in (depth + 1)..<overlay.groups.count
            where overlay.groups[inner].isMeasured && measured[overlay.groups[inner].instance] == nil {
                measured[overlay.groups[inner].instance] = union(depth: inner, from: index, parent: localSize, context: context)
            }
            let area = ComponentBoxes.place(Array(overlay.groups[(depth + 1)...]), in: local, measured: measured).area
            if let kind = try? overlay.kind.framing(at: overlay.location).frame(overlay, index: index, in: area, context: &scratch) {
                let frame = OverlayFrame(overlay: index, area: area, rotation: overlay.rotation, opacity: overlay.opacity,
                                         blend: overlay.blend, kind: kind)
                var drawing = OverlayDrawingContext(spec: spec, layout: Layout(canvas: canvas, photos: [], images: scratch.images),
                                                    library: library)
                if let bounds = frame.layoutBounds(&drawing) { box = box.map { $0.union(bounds) } ?? bounds }
            }
            index += 1
        }
        return box.map(ComponentBoxes.enclosing) ?? PixelRect(x: 0, y: 0, width: 0, height: 0)
    }
}
