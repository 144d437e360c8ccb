import CollageRaster
import CollageSpec

extension OverlayNode {
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
}
