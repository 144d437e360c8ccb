import CollageRaster
import CollageSpec
import CollageText

extension TextBlock {
    /// The block as one group, children bottom to top: the label box
    /// (`background`: its colour or gradient), then the ink as a group that
    /// casts the shadow (`shadow`: the group's own `Shadow`, cast by the
    /// outlines and the stroke, σ = blur / 2, as CSS `text-shadow`): the
    /// stroke (`stroke`: the outlines stroked `Path.stroked` twice its width
    /// with round joins and caps, under the fill, so its outer half shows),
    /// the fills (the overlay's `color`, then each span colour's; one
    /// `TextLeaf` with the block's `GlyphRun`, which a PDF writes as text), then
    /// colour glyphs in their own colours. Coordinates are canvas pixels
    /// (the group's transform is identity; `OverlayNode.text` turns it).
    public func node(_ color: RGBA, style: TextStyle) -> Node { .group(group(color, style: style)) }

    /// The label box (`background`): the text box grown by `padding` on every side (canvas pixels).
    static func labelRect(box: Rect, padding: Double) -> Rect {
        Rect(x: box.x - padding, y: box.y - padding, width: box.width + 2 * padding, height: box.height + 2 * padding)
    }

    /// `node(_:style:)`'s group.
    public func group(_ color: RGBA, style: TextStyle) -> Group {
        var children: [Node] = []
        if let label = style.background {
            let rect = TextBlock.labelRect(box: box, padding: label.padding.resolved(reference: size))
            let paint: Paint = if let gradient = label.gradient { .gradient(Gradient(gradient, box: rect)) }
                               else { .solid(Color(label.color)) }
            if rect.width > 0, rect.height > 0 {
                children.append(.path(PathLeaf(path: .roundedRect(rect, radius: label.cornerRadius.resolved(reference: size)),
                                               paint: paint)))
            }
        }
        var ink: [Node] = []
        if let stroke, let spec = style.stroke {
            ink.append(.path(PathLeaf(path: stroke, paint: .solid(Color(spec.color)))))
        }
        var fillLeaves: [PathLeaf] = []
        for (index, fill) in fills.enumerated() where !fill.isEmpty {
            let fillColor = index == 0 ? color : layout.fillColors[index]
            fillLeaves.append(PathLeaf(path: fill, paint: .solid(Color(fillColor))))
        }
        // The fills as one text leaf with its glyph run (a PDF's text); as
        // path leaves when there is no run to write.
        if !fillLeaves.isEmpty, let run = glyphRun(color), !run.glyphs.isEmpty {
            var missing: [PathLeaf] = []
            for (index, notdef) in notdefs.enumerated() where !notdef.isEmpty {
                missing.append(PathLeaf(path: notdef, paint: .solid(Color(index == 0 ? color : layout.fillColors[index]))))
            }
            ink.append(.text(TextLeaf(fills: fillLeaves, run: run, notdefs: missing)))
        } else {
            ink += fillLeaves.map { .path($0) }
        }
        ink += tiles.map { .tile($0) }
        var shadow: Shadow?
        if let cast = style.shadow {
            var caster = self.outlines
            if let stroke { caster.append(stroke) }
            if !caster.isEmpty {
                shadow = Shadow(shape: caster, offsetX: cast.offsetX, offsetY: cast.offsetY, sigma: cast.blur / 2,
                                color: Color(cast.color))
            }
        }
        if shadow == nil { children += ink } else { children.append(.group(Group(shadow: shadow, children: ink))) }
        return Group(children: children)
    }
}
