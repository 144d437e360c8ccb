/// Where a path leaf's outline came from when it is a stroke: the centre
/// line and the style it was stroked with (`Path.stroked(_:tolerance:)`).
/// The raster fills the leaf's outline and ignores this; the PDF stage
/// (`PathLeaf+PDF.swift`) strokes the centre line with PDF's stroke
/// operators instead (`w`, `J`, `j`, `M`, `d`, `S`), which share SVG's
/// semantics. Coordinates: the leaf's own (canvas pixels for shapes and
/// crop marks, origin top-left, y down), transformed by the node's `cm`
/// like the outline, as SVG transforms a stroke.
public struct PathStroke: Sendable, Hashable {
    /// The path stroked (open or closed subpaths), in the leaf's coordinates.
    public var centerline: Path
    /// Width (the leaf's units), join, cap, miter limit and dashes.
    public var style: StrokeStyle
    public init(centerline: Path, style: StrokeStyle) {
        self.centerline = centerline; self.style = style
    }
}
