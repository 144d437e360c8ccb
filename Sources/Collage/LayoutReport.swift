import CollageLayout
import CollageRaster
import CollageSpec

/// The computed frames of a prepared document as JSON (`collage layout
/// --json`), so users, editors and tests see exactly where everything lands.
/// All geometry is in canvas pixels (origin top-left, y down) except `crop`,
/// which is in the oriented photo's source pixels (fractional, never rounded).
/// Keys are written in a fixed order; the output is deterministic.
///
///     {"file", "canvas": {width, height},
///      "photos": [{id, src, path, fit, orientedSize: {width, height},
///                  cell: {x, y, width, height}, destination: {…}, crop: {…},
///                  transform: [a, b, c, d, tx, ty], bounds: {…}}],
///      "overlays": [{index, kind: "text", text, anchor, box: {x, y, width, height}, firstBaseline, font,
///                    lines: [{text, box, baseline}], transform, bounds}
///                   | {index, kind: "image", src, path, anchor, box, transform, bounds}],
///      "inputs": [{path, kind, key, location: {file, line, column}}]}
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
/// `transform` is the scene node's (`PhotoNode`, `OverlayNode`): local
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
                ("cell", rect(placement.cell)),
                ("destination", rect(placement.destination)),
                ("crop", rect(placement.crop)),
            ] + node(PhotoNode.node(for: placement, photo: photo)))
        }
        var blocks: [Int: TextBlock] = [:]
        for block in prepared.textBlocks { blocks[block.overlay] = block }
        var overlays: [JSONText.Value] = []
        for frame in prepared.layout.overlays {
            let overlay = spec.overlays[frame.overlay]
            switch frame.kind {
            case .image(let image):
                let file = prepared.layout.images[image.image]
                overlays.append(.object([
                    ("index", .int(frame.overlay)),
                    ("kind", .string(overlay.kindName.rawValue)),
                    ("src", .string(file.src)),
                    ("path", .string(file.path)),
                    ("anchor", .string(overlay.anchor.rawValue)),
                    ("box", rect(image.box)),
                ] + node(OverlayNode.image(image, frame: frame))))
            case .shape(let shape):
                overlays.append(.object([
                    ("index", .int(frame.overlay)),
                    ("kind", .string(overlay.kindName.rawValue)),
                    ("shape", .string(overlay.shape?.geometry.name.rawValue ?? "")),
                    ("box", rect(shape.box)),
                ] + node(OverlayNode.shape(shape, frame: frame))))
            case .text(let text):
                guard let block = blocks[frame.overlay] else { continue }
                overlays.append(.object([
                    ("index", .int(frame.overlay)),
                    ("kind", .string(overlay.kindName.rawValue)),
                    ("text", .string(text.text)),
                    ("anchor", .string(overlay.anchor.rawValue)),
                    ("box", rect(block.box)),
                    ("firstBaseline", .number(block.firstBaseline)),
                    ("font", .string(block.family)),
                    ("lines", .array(block.lines.map { line in
                        .object([("text", .string(line.text)), ("box", rect(line.box)), ("baseline", .number(line.baseline))])
                    })),
                ] + node(OverlayNode.text(block, text, frame: frame))))
            }
        }
        return .object([
            ("file", .string(spec.file)),
            ("canvas", .object([("width", .int(prepared.layout.canvas.width)),
                                ("height", .int(prepared.layout.canvas.height))])),
            ("photos", .array(photos)),
            ("overlays", .array(overlays)),
            ("inputs", .array(spec.inputs.map { input in
                .object([
                    ("path", .string(input.path)),
                    ("kind", .string(input.kind.rawValue)),
                    ("key", .string(input.key)),
                    ("location", .object([("file", .string(input.location.file)), ("line", .int(input.location.line)),
                                          ("column", .int(input.location.column))])),
                ])
            })),
        ])
    }

    /// The node's `transform` and `bounds` entries.
    static func node(_ node: Node) -> [(String, JSONText.Value)] {
        let t = node.transform
        var entries: [(String, JSONText.Value)] = [("transform", .array([t.a, t.b, t.c, t.d, t.tx, t.ty].map { .number($0) }))]
        if let bounds = node.deviceBounds() { entries.append(("bounds", rect(bounds))) }
        return entries
    }

    static func rect(_ r: PixelRect) -> JSONText.Value {
        .object([("x", .int(r.x)), ("y", .int(r.y)), ("width", .int(r.width)), ("height", .int(r.height))])
    }

    static func rect(_ r: Rect) -> JSONText.Value {
        .object([("x", .number(r.x)), ("y", .number(r.y)), ("width", .number(r.width)), ("height", .number(r.height))])
    }
}
