import CollageNumerics
import CollageRaster
import CollageSpec
import CollageText

extension TextBlock {
    /// Sets `text` (`Typesetter.set`) and rasterises its layers clipped to
    /// the canvas (widened by the shadow's reach): the fill per colour, the
    /// stroke, the shadow, colour glyphs and the label box.
    ///
    /// - Parameters:
    ///   - text: the text overlay's own keys.
    ///   - overlay: its placement keys (anchor, offset, rotation; `location` for errors).
    ///   - area: the rectangle anchors and percentages refer to, canvas pixels.
    ///   - canvas: the canvas size.
    ///   - library: fonts to use.
    /// - Throws: `Typesetter.set`'s errors.
    public static func set(_ text: TextOverlaySpec, placement overlay: OverlaySpec, in area: PixelRect, canvas: Size,
                           library: FontLibrary = .shared) throws(DiagnosticList) -> TextBlock {
        let layout = try Typesetter.set(text, placement: overlay, in: area, library: library)
        return library.withLock {
            rasterized(layout, style: text.style, rotation: overlay.rotation, canvas: canvas)
        }
    }

    /// Rasterises the placed glyphs of a set block (fill per colour group,
    /// stroke, shadow, colour glyphs, label box) and makes the block (call
    /// holding the font library's lock).
    static func rasterized(_ layout: TextLayout, style: TextStyle, rotation: Double, canvas: Size) -> TextBlock {
        let box = layout.box, size = layout.size
        let placed = layout.glyphs.map { glyph in
            GlyphRasterizer.Placed(face: layout.fontFaces[glyph.face], id: glyph.id, x: glyph.x, y: glyph.y,
                                   size: glyph.size, group: glyph.fill, sideways: glyph.sideways,
                                   widthScale: glyph.widthScale)
        }
        // The layers are set unrotated and turned by the overlay's node
        // (`OverlayNode.text`): what lands on the canvas is the canvas turned
        // back about the box centre.
        let visible = visibleArea(canvas: canvas, rotation: rotation, box: box)
        let sigma = (style.shadow?.blur ?? 0) / 2
        var shadowShift = (x: 0, y: 0)
        // The ink whose shadow lands on the canvas: the canvas moved back by
        // the offset, widened by the blur's reach.
        var casterClip: PixelRect?
        if let shadow = style.shadow {
            shadowShift = (Int(checked: shadow.offsetX, .toNearestOrAwayFromZero), Int(checked: shadow.offsetY, .toNearestOrAwayFromZero))
            let reach = GaussianBlur.radius(sigma: sigma)
            casterClip = PixelRect(x: visible.x - shadowShift.x - reach, y: visible.y - shadowShift.y - reach,
                                   width: visible.width + 2 * reach, height: visible.height + 2 * reach)
        }
        let strokeWidth = style.stroke?.width.resolved(reference: size) ?? 0
        // One rasterisation over both areas when they overlap (the usual
        // small offset); two when a large offset puts them far apart, so the
        // ink between them, which nothing shows, is never made.
        let layers: GlyphRasterizer.Layers, casters: GlyphRasterizer.Layers?
        if let casterClip {
            let both = Self.bounds(visible, casterClip)
            if Self.area(both) <= Self.area(visible) + Self.area(casterClip) {
                layers = GlyphRasterizer.rasterize(placed, strokeWidth: strokeWidth, clip: both)
                casters = layers
            } else {
                layers = GlyphRasterizer.rasterize(placed, strokeWidth: strokeWidth, clip: visible)
                casters = GlyphRasterizer.rasterize(placed, strokeWidth: strokeWidth, clip: casterClip)
            }
        } else {
            layers = GlyphRasterizer.rasterize(placed, strokeWidth: strokeWidth, clip: visible)
            casters = nil
        }

        var shadowLayer: Layer?
        if let casters {
            var parts: [(CoverageMask, Int, Int)] = []
            for case let fill? in casters.fills { parts.append((fill.mask, fill.x, fill.y)) }
            if let stroke = casters.stroke { parts.append((stroke.mask, stroke.x, stroke.y)) }
            for tile in casters.tiles { parts.append((tile.alphaMask, tile.originX, tile.originY)) }
            // Blurred only where it lands on the canvas.
            if let union = CoverageMask.union(parts),
               let blurred = GaussianBlur.blur(union.mask, sigma: sigma, within: PixelRect(
                   x: visible.x - union.x - shadowShift.x, y: visible.y - union.y - shadowShift.y,
                   width: visible.width, height: visible.height)) {
                shadowLayer = Layer(mask: blurred.mask, x: union.x + blurred.x + shadowShift.x,
                                    y: union.y + blurred.y + shadowShift.y)
            }
        }
        var backgroundLayer: Layer?
        if let background = style.background {
            let padding = background.padding.resolved(reference: size)
            let rect = TextBlock.labelRect(box: box, padding: padding)
            if background.gradient == nil, rect.width > 0, rect.height > 0,
               let shape = PathRasterizer.fill(.roundedRect(rect, radius: background.cornerRadius.resolved(reference: size)),
                                               clip: visible) {
                backgroundLayer = Layer(mask: shape.mask, x: shape.x, y: shape.y)
            }
        }
        let colors = layout.fillColors
        let spanFills = colors.indices.dropFirst().compactMap { group -> SpanFill? in
            guard group < layers.fills.count, let fill = layers.fills[group] else { return nil }
            return SpanFill(layer: Layer(mask: fill.mask, x: fill.x, y: fill.y), color: colors[group])
        }
        return TextBlock(layout: layout, mask: layers.fill?.mask, maskX: layers.fill?.x ?? 0, maskY: layers.fill?.y ?? 0,
                         stroke: layers.stroke.map { Layer(mask: $0.mask, x: $0.x, y: $0.y) }, spanFills: spanFills,
                         shadow: shadowLayer, background: backgroundLayer, tiles: layers.tiles)
    }

    /// The pixels of the unrotated text frame that a rotation by `rotation`
    /// degrees about `box`'s centre (as `OverlayNode.turn`) brings onto the
    /// canvas: the canvas itself for 0°, else the bounds of the canvas
    /// turned back, rounded outwards.
    static func visibleArea(canvas: Size, rotation: Double, box: Rect) -> PixelRect {
        let whole = PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        guard rotation.isFinite, rotation.truncatingRemainder(dividingBy: 360) != 0,
              box.x.isFinite, box.y.isFinite, box.width.isFinite, box.height.isFinite else { return whole }
        let back = Affine.rotation(degrees: -rotation, about: box.x + box.width / 2, box.y + box.height / 2)
        let bounds = back.bounds(of: Rect(x: 0, y: 0, width: Double(canvas.width), height: Double(canvas.height)))
        let x0 = Int(checked: bounds.x, .down), y0 = Int(checked: bounds.y, .down)
        let x1 = Int(checked: bounds.x + bounds.width, .up), y1 = Int(checked: bounds.y + bounds.height, .up)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle holding both.
    private static func bounds(_ a: PixelRect, _ b: PixelRect) -> PixelRect {
        let x0 = min(a.x, b.x), y0 = min(a.y, b.y)
        return PixelRect(x: x0, y: y0, width: max(a.maxX, b.maxX) - x0, height: max(a.maxY, b.maxY) - y0)
    }

    /// Pixel count as a Double (rectangles of clamped coordinates overflow Int products).
    private static func area(_ r: PixelRect) -> Double { Double(r.width) * Double(r.height) }

}
