import CollageRaster
import CollageSpec

/// A text overlay set in type: its faces, lines, box and positioned glyphs,
/// all in canvas pixels (origin top-left, y down), fractional unless noted.
/// It holds no pixels: the scene builder draws the glyphs (`CollageLayout`).
public struct TextLayout: Sendable {
    /// One line of the block.
    public struct Line: Sendable, Hashable {
        /// The line's text in logical order (a paragraph, or the part of one
        /// that wrapping put on this line, plus "…" when `maxLines` cut it).
        public var text: String
        /// Glyphs in visual order relative to the line's origin (`x`,
        /// `baseline`); `cluster` is a UTF-8 offset into `text`.
        public var glyphs: [ShapedGlyph]
        /// The advance sum, pixels.
        public var advance: Double
        /// Left end of the line on the canvas.
        public var x: Double
        /// The line's baseline on the canvas.
        public var baseline: Double
        /// Above the baseline, pixels (the primary face's ascender).
        public var ascent: Double
        /// Below the baseline, pixels, >= 0 (minus the primary face's descender).
        public var descent: Double
        /// A vertical column (`direction: vertical`): `x` is its top end
        /// (canvas y), `baseline` its centre line (canvas x), `advance` its
        /// length downwards, `ascent` its extent right of the centre line
        /// (the over side, where ruby goes) and `descent` left of it;
        /// glyphs follow `ShapedGlyph`'s vertical convention.
        public var isVertical = false
        /// Ruby annotations on the line (`TextSpan.ruby`), in logical order.
        public var ruby: [Ruby] = []

        /// The line's box: from its left end, `advance` wide, from `ascent`
        /// above the baseline to `descent` below it (canvas pixels); a
        /// column's from `descent` left of its centre line to `ascent` right
        /// of it, from its top `advance` down.
        public var box: Rect {
            isVertical ? Rect(x: baseline - descent, y: x, width: ascent + descent, height: advance)
                : Rect(x: x, y: baseline - ascent, width: advance, height: ascent + descent)
        }
    }

    /// One ruby annotation (furigana) of a line: its text and glyphs, set
    /// at half its base span's size, as a line of its own (horizontal: `x`
    /// its left end, `baseline` its baseline; vertical: `x` its top end,
    /// `baseline` its centre line), canvas pixels.
    public struct Ruby: Sendable, Hashable {
        public var text: String
        public var glyphs: [ShapedGlyph]
        public var advance: Double
        public var x: Double
        public var baseline: Double
    }

    /// A face the block draws with (`ShapedGlyph.face` indexes `faces`).
    public struct Face: Sendable, Hashable {
        public var family: String
        public var file: String
        public var index: Int
        /// A colour (bitmap) face, drawn in its own colours.
        public var isColor: Bool
    }

    /// The text box: as wide as the widest line's advance sum, as tall as
    /// ascender − descender plus the line spacing of any further lines
    /// (README "Rules": Text); stroke and shadow are not included.
    public var box: Rect
    /// The first line's baseline (canvas y).
    public var firstBaseline: Double
    /// The primary face's vertical metrics at the final size (with spans:
    /// the first span's; each line has its own `ascent` and `descent`).
    public var metrics: FontMetrics
    /// The overlay's final font size, pixels (smaller than asked with `fit:
    /// shrink`, which scales every span's size by the same factor).
    public var size: Double
    /// The primary face: family name, file and face index.
    public var family: String
    public var fontFile: String
    public var fontIndex: Int
    /// Every face used, in the order first used (index 0 is the primary face).
    public var faces: [Face]
    public var lines: [Line]
    /// Every glyph of the lines and their ruby, at its canvas position, in
    /// drawing order (line by line, each line's ruby before its glyphs).
    public var glyphs: [PositionedGlyph]
    /// The fill colours: `PositionedGlyph.fill` indexes them; index 0 is the
    /// overlay's own `color`, then each other span colour in order of first use.
    public var fillColors: [RGBA]
    /// The opened faces behind `faces`, same order (`PositionedGlyph.face`
    /// indexes both); used only under the font library's lock.
    package var fontFaces: [FontFace]
    /// Findings that do not stop the render: a family list none of whose
    /// names matched, clusters no installed font covers.
    public var warnings: [Diagnostic]
}
