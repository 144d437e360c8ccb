/// What fills a path.
public enum Paint: Sendable, Hashable {
    /// One sRGB colour (straight alpha), blended in the scene's `Compositing` space.
    case solid(Color)
    /// A linear or radial gradient over the node's own box (`Gradient`),
    /// drawn as a colour tile of the covered pixels.
    case gradient(Gradient)
}

/// Which points a path encloses (SVG `fill-rule`).
public enum FillRule: Sendable, Hashable {
    /// Inside where the winding number is not zero (SVG's default).
    case nonZero
    /// Inside where the winding number is odd.
    case evenOdd
}
