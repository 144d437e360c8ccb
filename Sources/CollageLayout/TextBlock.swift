import CollageRaster
import CollageSpec

/// A text overlay set in type: its font, lines, box and coverage mask, all
/// in canvas pixels (origin top-left, y down), fractional unless noted.
public struct TextBlock: Sendable {
    /// One line of the block.
    public struct Line: Sendable, Hashable {
        /// The line's text (the overlay's text split at line breaks).
        public var text: String
        /// Glyphs relative to the line's origin (`x`, `baseline`).
        public var glyphs: [ShapedGlyph]
        /// The advance sum, pixels.
        public var advance: Double
        /// Left end of the line on the canvas.
        public var x: Double
        /// The line's baseline on the canvas.
        public var baseline: Double
    }

    /// The text box: as wide as the widest line's advance sum, as tall as
    /// ascender − descender plus the line spacing of any further lines
    /// (DESIGN.md "Text geometry"); stroke and shadow are not included.
    public var box: Rect
    /// The first line's baseline (canvas y).
    public var firstBaseline: Double
    /// The face's vertical metrics at the overlay's size.
    public var metrics: FontMetrics
    /// The chosen face: family name, file and face index.
    public var family: String
    public var fontFile: String
    public var fontIndex: Int
    public var lines: [Line]
    /// The rasterised glyphs placed at whole canvas pixels (`maskX`,
    /// `maskY` is its top-left pixel), clipped to the canvas; nil when no
    /// ink falls on the canvas (e.g. empty or blank text).
    public var mask: CoverageMask?
    public var maskX: Int
    public var maskY: Int
    /// Findings that do not stop the render: a family list none of whose
    /// names matched, characters the face has no glyph for.
    public var warnings: [Diagnostic]
}
