/// What fills a path. Only solid colours today; gradients (linear, radial,
/// with their stops and colour space) are the next cases (issue 15).
public enum Paint: Sendable, Hashable {
    /// One sRGB colour (straight alpha), blended in linear light.
    case solid(Color)
}

/// Which points a path encloses (SVG `fill-rule`).
public enum FillRule: Sendable, Hashable {
    /// Inside where the winding number is not zero (SVG's default).
    case nonZero
    /// Inside where the winding number is odd.
    case evenOdd
}
