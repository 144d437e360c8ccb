import CollageRaster
import CollageSpec
import CollageText

extension TextBlock {
    /// The block as one group, children bottom to top: the label box
    /// (`background.color`), the shadow (`shadow.color`), the stroke
    /// (`stroke.color`), the fill (`color`, then each span colour's), then colour glyphs in their
    /// own colours. Layers with no ink on the canvas are left out.
    /// Coordinates are canvas pixels (the group's transform is identity).
    public func node(_ color: RGBA, style: TextStyle) -> Node { .group(group(color, style: style)) }

    /// The label box (`background`): the text box grown by `padding` on every side (canvas pixels).
    static func labelRect(box: Rect, padding: Double) -> Rect {
        Rect(x: box.x - padding, y: box.y - padding, width: box.width + 2 * padding, height: box.height + 2 * padding)
    }

    /// `node(_:style:)`'s group.
    public func group(_ color: RGBA, style: TextStyle) -> Group {
        var children: [Node] = []
        func add(_ layer: Layer, _ color: RGBA) {
            children.append(.mask(MaskLeaf(mask: layer.mask, x: Double(layer.x), y: Double(layer.y), color: Color(color))))
        }
        if let label = style.background, let gradient = label.gradient {
            // A gradient label box: the box as a path, the gradient over it (issue 15).
            let rect = TextBlock.labelRect(box: box, padding: label.padding.resolved(reference: size))
            if rect.width > 0, rect.height > 0 {
                children.append(.path(PathLeaf(path: .roundedRect(rect, radius: label.cornerRadius.resolved(reference: size)),
                                               paint: .gradient(Gradient(gradient, box: rect)))))
            }
        } else if let background, let fill = style.background?.color { add(background, fill) }
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
