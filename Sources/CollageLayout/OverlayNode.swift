import CollageRaster
import CollageSpec

/// The scene node of one overlay: a group that turns its content by the
/// overlay's `rotation` (degrees clockwise about its box centre) and fades
/// it by `opacity` (an isolated layer when the content has several parts,
/// so a faded text's fill, stroke and box composite as one, in linear light).
public enum OverlayNode {
    /// An image overlay: the whole file into its box, with its alpha, and
    /// its `shadow` cast by that alpha as CSS `filter: drop-shadow`
    /// (`Shadow.Caster.alpha`: turned with the overlay, offset in canvas
    /// pixels, σ = blur, no spread).
    public static func image(_ image: ImageOverlayFrame, frame: OverlayFrame) -> Node {
        let box = Rect(x: Double(image.box.x), y: Double(image.box.y),
                       width: Double(image.box.width), height: Double(image.box.height))
        let leaf = Node.image(ImageLeaf(image: image.image,
            source: Rect(x: 0, y: 0, width: Double(image.size.width), height: Double(image.size.height)), bounds: box,
            filters: image.filters.map(Filter.init)))
        let shadow = image.shadow.map { cast in
            Shadow(caster: .alpha(spread: 0), offsetX: cast.offsetX, offsetY: cast.offsetY,
                   sigma: cast.blur, color: Color(cast.color))
        }
        return .group(Group(transform: turn(frame.rotation, about: box), opacity: frame.opacity, shadow: shadow,
                            blend: BlendMode(frame.blend), children: [leaf]))
    }

    /// A text overlay set in type (`TextBlock.node` gives its layers).
    public static func text(_ block: TextBlock, _ text: TextOverlaySpec, frame: OverlayFrame) -> Node {
        var group = block.group(text.color, style: text.style)
        group.transform = turn(frame.rotation, about: block.box)
        group.opacity = frame.opacity
        group.blend = BlendMode(frame.blend)
        return .group(group)
    }

    /// A rotation about the centre of `box` (canvas pixels); identity for 0°.
    static func turn(_ degrees: Double, about box: Rect) -> Affine {
        guard degrees.truncatingRemainder(dividingBy: 360) != 0 else { return .identity }
        return .rotation(degrees: degrees, about: box.x + box.width / 2, box.y + box.height / 2)
    }
}
