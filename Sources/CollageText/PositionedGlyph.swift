/// One glyph of a `TextLayout` at its place on the canvas: a glyph id of one
/// face, its origin in canvas pixels (origin top-left, x right, y down;
/// fractional, never rounded: README "Rules": Text), the size to draw it at
/// and its fill colour.
public struct PositionedGlyph: Sendable, Hashable {
    /// Index into `TextLayout.faces` (and its opened faces).
    public var face: Int
    /// The glyph id in that face (what `hb-shape` prints).
    public var id: UInt32
    /// The glyph origin on the canvas, pixels.
    public var x: Double
    public var y: Double
    /// The em size to draw at, pixels.
    public var size: Double
    /// Index into `TextLayout.fillColors` (0: the overlay's own colour).
    public var fill = 0
    /// Turned 90° clockwise about its origin (`ShapedGlyph.sideways`: an
    /// upright-script glyph set sideways in a vertical column).
    public var sideways = false
    /// Horizontal scale about its origin (`ShapedGlyph.widthScale`; 1: none).
    public var widthScale = 1.0

    public init(face: Int, id: UInt32, x: Double, y: Double, size: Double, fill: Int = 0,
                sideways: Bool = false, widthScale: Double = 1) {
        self.face = face; self.id = id; self.x = x; self.y = y; self.size = size; self.fill = fill
        self.sideways = sideways; self.widthScale = widthScale
    }
}
