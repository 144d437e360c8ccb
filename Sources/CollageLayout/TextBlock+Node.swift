import CollageRaster
import CollageSpec

extension TextBlock {
    /// The block as one group, children bottom to top: the label box
    /// (`background.color`), the shadow (`shadow.color`), the stroke
    /// (`stroke.color`), the fill (`color`, then each span colour's), then colour glyphs in their
    /// own colours. Layers with no ink on the canvas are left out.
    /// Coordinates are canvas pixels (the group's transform is identity).
    public func node(_ color: RGBA, style: TextStyle) -> Node { .group(group(color, style: style)) }

    /// `node(_:style:)`'s group.
    public func group(_ color: RGBA, style: TextStyle) -> Group {
        var children: [Node] = []
        func add(_ layer: Layer, _ color: RGBA) {
            children.append(.mask(MaskLeaf(mask: layer.mask, x: Double(layer.x), y: Double(layer.y), color: Color(color))))
        }
        if let background, let fill = style.background?.color { add(background, fill) }
        if let shadow, let shadowColor = style.shadow?.color { add(shadow, shadowColor) }
        if let stroke, let strokeColor = style.stroke?.color { add(stroke, strokeColor) }
        if let mask {
            children.append(.mask(MaskLeaf(mask: mask, x: Double(maskX), y: Double(maskY), color: Color(color))))
        }
        for fill in spanFills { add(fill.layer, fill.color) }
        children += tiles.map { .tile($0) }
        return Group(children: children)
    }
}
