import CollageRaster
import CollageSpec
import CollageText

extension OverlayNode {
    /// A text overlay set in type (`TextBlock.node` gives its layers).
    public static func text(_ block: TextBlock, _ text: TextOverlaySpec, frame: OverlayFrame) -> Node {
        var group = block.group(text.color, style: text.style)
        group.transform = turn(frame.rotation, about: block.box)
        group.opacity = frame.opacity
        group.blend = BlendMode(frame.blend)
        return .group(group)
    }
}
