import CollageLayout
import CollageRaster
import CollageSpec
import CollageText

/// The computed frames of a prepared document as JSON (`collage layout
/// --json`), so users, editors and tests see exactly where everything lands.
/// All geometry is in canvas pixels (origin top-left, y down) except `crop`,
/// which is in the oriented photo's source pixels (fractional, never rounded).
/// Keys are written in a fixed order; the output is deterministic.
///
///     {"file", "canvas": {width, height},
///      with `print:` also "trim", "bleed", "safe": {x, y, width, height} and "output": {width, height},
///      "photos": [{id, src, path, fit, orientedSize: {width, height},
///                  cell: {x, y, width, height}, destination: {…}, crop: {…},
///                  transform: [a, b, c, d, tx, ty], bounds: {…}, location: {file, line, column}}],
///      with a `cover` background image whose `focus` is `auto` or `faces`
///      also "background": {src, path, fit, crop: {…}, focus: {…}},
///      "overlays": [{index, kind: "text", text, anchor, box: {x, y, width, height}, firstBaseline, font,
///                    lines: [{text, box, baseline}], transform, bounds, layer, location}
///                   | {index, kind: "image", src, path, anchor, box, transform, bounds, layer, location}
///                   | {index, kind: "shape", shape, box, transform, bounds, layer, location}
///                   | {index, kind: "qrcode", text, level, modules, module, anchor, box, transform, bounds, layer, location}],
///      "components": [{use, name, box: {x, y, width, height}, location}],
///      "inputs": [{path, kind, key, location: {file, line, column}}]}
///
/// `components` are the component uses (docs/format.md "Components"), in
/// reading order, outer uses before the uses inside them: `use` numbers
/// them (0, 1, …), `name` is the component's, `box` where its box landed
/// (for a component without `width`/`height`, the union of its overlays).
///
/// `location` is where the item was written: a photo's and an overlay's
/// list item (for an overlay a component expanded, the overlay's item in the
/// component's definition, possibly in an included file), a component
/// use's `use` item; `file` as the document names it, `line` and `column`
/// 1-based (columns in Unicode scalars), as diagnostics print them. The
/// live preview (`collage watch --serve`) shows it on hover.
///
/// `inputs` are the files the document names (`Spec.inputs`): `kind` is
/// "image", "font" or "document" and `key` the key's schema path
/// ("photo.src", "overlay.font.file", ...); fonts chosen by `family` are not
/// among them.
///
/// `lines` are the text's lines in reading order (top to bottom), each with
/// its text in logical order (a hyphen or "…" added at a break ends it), its
/// box (left end, advance wide, ascent above to descent below the baseline)
/// and its baseline, unrotated like `box`. Vertical text (`direction:
/// vertical`) lists its columns right to left: each box from the column's
/// top down its length, across its em box (and ruby), and `baseline` its
/// centre line, an x coordinate (`TextBlock.Line.isVertical`).
///
/// Each overlay kind writes its own entries (`OverlayFrame.report`, in the
/// kind's folder of CollageLayout). `transform` is the scene node's (`PhotoNode`, `OverlayNode`): local
/// coordinates to canvas pixels, x' = a·x + c·y + tx, y' = b·x + d·y + ty;
/// `bounds` is the device-space bounding box of what the node draws
/// (rotation included, shadow not).
public enum LayoutReport {
    public static func json(_ prepared: CollageRenderer.Prepared) -> JSONText.Value {
        let spec = prepared.spec
        let photos: [JSONText.Value] = prepared.layout.photos.map { placement in
            let photo = spec.photos[placement.photo]
            let oriented = prepared.headers[placement.photo].size
            return .object([
                ("id", .string(photo.id)),
                ("src", .string(photo.src)),
                ("path", .string(photo.path)),
                ("fit", .string(photo.fit.rawValue)),
                ("orientedSize", .object([("width", .int(oriented.width)), ("height", .int(oriented.height))])),
                ("cell", LayoutJSON.rect(placement.cell)),
                ("destination", LayoutJSON.rect(placement.destination)),
                ("crop", LayoutJSON.rect(placement.crop)),
            ] + (placement.focus.map { [("focus", LayoutJSON.focus($0))] } ?? [])
              + LayoutJSON.node(PhotoNode.node(for: placement, photo: photo))
              + [("location", LayoutJSON.location(photo.location))])
        }
        let context = OverlayDrawingContext(spec: spec, layout: prepared.layout, textBlocks: prepared.textBlocks)
        let overlays = prepared.layout.overlays.compactMap { $0.report(context) }
        return .object([
            ("file", .string(spec.file)),
            ("canvas", .object([("width", .int(prepared.layout.canvas.width)),
                                ("height", .int(prepared.layout.canvas.height))])),
        ] + printRectangles(prepared.layout) + [
            ("photos", .array(photos)),
        ] + background(prepared) + [
            ("overlays", .array(overlays)),
            ("components", .array(components(prepared))),
            ("inputs", .array(spec.inputs.map { input in
                .object([
                    ("path", .string(input.path)),
                    ("kind", .string(input.kind.rawValue)),
                    ("key", .string(input.key)),
                    ("location", LayoutJSON.location(input.location)),
                ])
            })),
        ])
    }

    /// A `cover` background image whose window `focus: auto` or `faces`
    /// chose: `background: {src, path, fit, crop, focus}` (crop in the
    /// oriented image's source pixels, focus as a photo's); nothing otherwise.
    static func background(_ prepared: CollageRenderer.Prepared) -> [(String, JSONText.Value)] {
        guard let image = prepared.spec.canvas.image, let frame = prepared.layout.background, let focus = frame.focus,
              let window = frame.pieces.first?.source else { return [] }
        return [("background", .object([("src", .string(image.src)), ("path", .string(image.path)),
                                        ("fit", .string(image.fit.rawValue)), ("crop", LayoutJSON.rect(window)),
                                        ("focus", LayoutJSON.focus(focus))]))]
    }

    /// With `print` (docs/print.md): the `trim`, `bleed` and `safe`
    /// rectangles, relative to the trim's top-left corner, and the `output`
    /// size (trim, bleed and slug); nothing without it.
    static func printRectangles(_ layout: Layout) -> [(String, JSONText.Value)] {
        guard let frame = layout.print else { return [] }
        return [("trim", LayoutJSON.rect(frame.trim)), ("bleed", LayoutJSON.rect(frame.bleed)),
                ("safe", LayoutJSON.rect(frame.safe)),
                ("output", .object([("width", .int(frame.output.width)), ("height", .int(frame.output.height))]))]
    }

    /// Each component use once, with its box (`OverlayFrame.componentBoxes`).
    private static func components(_ prepared: CollageRenderer.Prepared) -> [JSONText.Value] {
        var seen = Set<Int>()
        var uses: [JSONText.Value] = []
        for frame in prepared.layout.overlays {
            let groups = prepared.spec.overlays[frame.overlay].groups
            for (instance, box) in zip(groups, frame.componentBoxes) where seen.insert(instance.instance).inserted {
                uses.append(.object([("use", .int(instance.instance)), ("name", .string(instance.name)),
                                     ("box", LayoutJSON.rect(box)), ("location", LayoutJSON.location(instance.location))]))
            }
        }
        return uses
    }
}
