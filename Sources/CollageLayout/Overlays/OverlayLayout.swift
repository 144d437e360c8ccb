import CollageRaster
import CollageSpec
import CollageText

/// The overlays' frames (`Layout.overlays`), one per `Spec.overlays` item.
///
/// Every kind anchors in the same reference box (`area`): the canvas, or
/// the cell of the photo named by `photo:`. An image overlay's box: the
/// anchor point of the area and the same point of the image's box meet, then
/// the box moves by `offset`. Percentages refer to the area's width (`width`,
/// offset x) or height (`height`, offset y). With one of `width`/`height` the
/// other follows the image's aspect; with neither, the image's own size.
/// Edges are rounded half away from zero (`FreeLayout.rounded`). A text
/// overlay's box needs its fonts and is set later by the typesetter.
public enum OverlayLayout {
    /// - Parameters:
    ///   - placements: the photos' placements (for `photo:`).
    ///   - imageSizes: the file size of the image overlay `Spec.overlays[i]`
    ///     (source pixels), by overlay index `i`; none when not read.
    ///   - images: the layout's image table; each image overlay's file is
    ///     appended and its frame names the entry.
    /// - Throws: `.unknownId` at `photo:` for an id no laid-out photo has;
    ///   `.render` for an image overlay with no (or an empty) size.
    ///   - library: fonts, to set the texts of a component that omits
    ///     `width` or `height` (`ComponentUnion`).
    static func frames(_ spec: Spec, canvas: Size, placements: [PhotoPlacement], imageSizes: [Int: Size],
                       images: inout [LayoutImage], library: FontLibrary = .shared) throws(DiagnosticList) -> [OverlayFrame] {
        var context = OverlayFrameContext(imageSizes: imageSizes, images: images)
        defer { images = context.images }
        var frames: [OverlayFrame] = []
        var unions = ComponentUnion(spec: spec, canvas: canvas, library: library)
        for (index, overlay) in spec.overlays.enumerated() {
            let reference = try self.area(overlay, spec: spec, canvas: canvas, placements: placements)
            unions.measure(at: index, reference: reference, context: context)
            let (boxes, area) = ComponentBoxes.place(overlay.groups, in: reference, measured: unions.measured)
            let kind = try overlay.kind.framing(at: overlay.location).frame(overlay, index: index, in: area, context: &context)
            var frame = OverlayFrame(overlay: index, area: area, rotation: overlay.rotation, opacity: overlay.opacity,
                                     blend: overlay.blend, kind: kind)
            frame.componentBoxes = boxes
            frames.append(frame)
        }
        return frames
    }

    /// The rectangle an overlay anchors to: the canvas, or its photo's cell.
    /// - Throws: `.unknownId` at `photo:` when no laid-out photo (or more than one) has the id.
    public static func area(_ overlay: OverlaySpec, spec: Spec, canvas: Size,
                            placements: [PhotoPlacement]) throws(DiagnosticList) -> PixelRect {
        guard let id = overlay.photo else {
            return PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        }
        let matches = placements.filter { spec.photos.indices.contains($0.photo) && spec.photos[$0.photo].id == id }
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
