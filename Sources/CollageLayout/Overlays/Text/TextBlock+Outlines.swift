import CollageNumerics
import CollageRaster
import CollageSpec
import CollageText

extension TextBlock {
    /// Sets `text` (`Typesetter.set`) and takes its glyphs' outlines
    /// (`GlyphOutlines`, cached per face, glyph and size) and colour glyphs.
    ///
    /// - Parameters:
    ///   - text: the text overlay's own keys.
    ///   - overlay: its placement keys (anchor, offset, rotation; `location` for errors).
    ///   - area: the rectangle anchors and percentages refer to, canvas pixels.
    ///   - canvas: the canvas size (colour glyphs are clipped to what reaches it).
    ///   - drawable: the area the text may draw in, canvas pixels (with
    ///     `print`: the output, bleed and slug at negative coordinates,
    ///     `Layout.drawable`); default the canvas.
    ///   - library: fonts to use.
    /// - Throws: `Typesetter.set`'s errors.
    public static func set(_ text: TextOverlaySpec, placement overlay: OverlaySpec, in area: PixelRect, canvas: Size,
                           drawable: PixelRect? = nil, library: FontLibrary = .shared) throws(DiagnosticList) -> TextBlock {
        let layout = try Typesetter.set(text, placement: overlay, in: area, library: library)
        return library.withLock { outlined(layout, style: text.style, rotation: overlay.rotation,
                                    drawable: drawable ?? PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height)) }
    }

    /// The block of `layout`: each outline glyph's path added to its fill
    /// colour's, the stroke of `style`, each colour glyph scaled into a tile
    /// (call holding the font library's lock).
    static func outlined(_ layout: TextLayout, style: TextStyle, rotation: Double, drawable: PixelRect) -> TextBlock {
        var fills = [Path](repeating: Path(), count: layout.fillColors.count)
        var notdefs = [Path](repeating: Path(), count: layout.fillColors.count)
        // What the stroke follows: the outlines with their curves.
        let strokeWidth = style.stroke.map { $0.width.resolved(reference: layout.size) } ?? 0
        var curves = Path()
        var tiles: [ColorTile] = []
        // Tiles are made unrotated and turned by the overlay's node
        // (`OverlayNode.text`): what lands on the canvas is the canvas turned
        // back about the box centre.
        let visible = visibleArea(drawable: drawable, rotation: rotation, box: layout.box)
        // Positions this far out cannot reach any canvas.
        let reach = 1e9
        for glyph in layout.glyphs where abs(glyph.x) < reach && abs(glyph.y) < reach {
            let face = layout.fontFaces[glyph.face]
            if face.isScalable {
                let outline = GlyphOutlines.shared.outline(of: glyph, in: layout)
                fills[glyph.fill].append(outline)
                if glyph.id == 0 { notdefs[glyph.fill].append(outline) }
                if strokeWidth > 0 { curves.append(GlyphOutlines.shared.curves(of: glyph, in: layout)) }
            } else if let tile = ColorGlyph.tile(glyph, face: face, clip: visible) {
                tiles.append(tile)
            }
        }
        var outlines = Path()
        for fill in fills { outlines.append(fill) }
        var stroke: Path?
        if strokeWidth > 0, !outlines.isEmpty {
            // The curves are flattened once, at the stroke's own tolerance
            // (`PathRasterizer.tolerance`, as a shape's stroke), not the
            // fill's much finer chords.
            var stroked = curves.stroked(StrokeStyle(width: 2 * strokeWidth, join: .round, cap: .round))
            // Turned as the outlines turn, so the two add (not cancel) in the shadow's caster.
            if outlines.signedArea < 0 { stroked = stroked.reversed }
            stroke = stroked
        }
        return TextBlock(layout: layout, fills: fills, stroke: stroke, tiles: tiles, notdefs: notdefs)
    }

    /// The pixels of the unrotated text frame that a rotation by `rotation`
    /// degrees about `box`'s centre (as `OverlayNode.turn`) brings onto the
    /// drawable area: the area itself for 0°, else its bounds turned back,
    /// rounded outwards.
    static func visibleArea(drawable whole: PixelRect, rotation: Double, box: Rect) -> PixelRect {
        guard rotation.isFinite, rotation.truncatingRemainder(dividingBy: 360) != 0,
              box.x.isFinite, box.y.isFinite, box.width.isFinite, box.height.isFinite else { return whole }
        let back = Affine.rotation(degrees: -rotation, about: box.x + box.width / 2, box.y + box.height / 2)
        let bounds = back.bounds(of: Rect(x: Double(whole.x), y: Double(whole.y), width: Double(whole.width), height: Double(whole.height)))
        let x0 = Int(checked: bounds.x, .down), y0 = Int(checked: bounds.y, .down)
        let x1 = Int(checked: bounds.x + bounds.width, .up), y1 = Int(checked: bounds.y + bounds.height, .up)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

}
