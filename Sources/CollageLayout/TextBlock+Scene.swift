import CollageRaster
import CollageSpec

extension TextBlock {
    /// The block's display-list items, bottom to top: the label box
    /// (`background.color`), the shadow (`shadow.color`), the stroke
    /// (`stroke.color`), the fill (`color`), then colour glyphs in their
    /// own colours. Layers with no ink on the canvas are left out.
    public func sceneItems(_ color: RGBA, style: TextStyle) -> [SceneItem] {
        var items: [SceneItem] = []
        if let background, let fill = style.background?.color {
            items.append(.mask(MaskDraw(mask: background.mask, originX: background.x, originY: background.y, color: Color(fill))))
        }
        if let shadow, let shadowColor = style.shadow?.color {
            items.append(.mask(MaskDraw(mask: shadow.mask, originX: shadow.x, originY: shadow.y, color: Color(shadowColor))))
        }
        if let stroke, let strokeColor = style.stroke?.color {
            items.append(.mask(MaskDraw(mask: stroke.mask, originX: stroke.x, originY: stroke.y, color: Color(strokeColor))))
        }
        if let mask {
            items.append(.mask(MaskDraw(mask: mask, originX: maskX, originY: maskY, color: Color(color))))
        }
        items += tiles.map { .tile($0) }
        return items
    }
}
