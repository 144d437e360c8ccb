/// One glyph of a shaped line, positioned relative to the line's start on
/// its baseline, in pixels (x right, y down), fractional, never rounded.
/// In a vertical column (`TextLayout.Line.isVertical`) the origin is the
/// column's top end on its centre line: `x` is across the column (right of
/// the centre line), `y` down along it, and `advance` downwards.
public struct ShapedGlyph: Sendable, Hashable {
    /// Glyph index in the face; 0 is `.notdef` (the face has no glyph).
    public var id: UInt32
    /// UTF-8 byte offset of the glyph's cluster in the line's text.
    public var cluster: Int
    /// Where the glyph's origin is drawn: pen position plus HarfBuzz's offset.
    public var x: Double
    public var y: Double
    /// How far the pen moves after this glyph.
    public var advance: Double
    /// The face it is drawn with: an index into `TextLayout.faces`.
    public var face: Int
    /// The span the glyph's text comes from (`TextOverlaySpec.runs` index;
    /// 0 for a text of one string): its size and colour.
    public var span: Int = 0
    /// Vertical text: the glyph is turned 90° clockwise about its origin
    /// (a sideways run: Latin in a column, UAX #50 orientation R).
    public var sideways = false
    /// Horizontal scale of the glyph about its origin (1; below 1 to fit a
    /// tate-chū-yoko run of digits into one column cell).
    public var widthScale = 1.0
    public init(id: UInt32, cluster: Int, x: Double, y: Double, advance: Double, face: Int = 0) {
        self.id = id; self.cluster = cluster; self.x = x; self.y = y; self.advance = advance; self.face = face
    }
}

extension ShapedGlyph {
    /// The glyph as drawn with face `face` (an index into `TextLayout.faces`).
    func drawn(face: Int, offsetX: Double, cluster: Int) -> ShapedGlyph {
        var copy = self
        copy.x += offsetX
        copy.cluster = cluster
        copy.face = face
        return copy
    }
}
