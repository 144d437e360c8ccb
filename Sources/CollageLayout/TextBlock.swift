import CollageRaster
import CollageSpec

/// A text overlay set in type: its faces, lines, box and rasterised layers,
/// all in canvas pixels (origin top-left, y down), fractional unless noted.
public struct TextBlock: Sendable {
    /// Index into `Spec.overlays` of the overlay set (set by `SceneBuilder`).
    public var overlay = 0
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

    /// A coverage mask with its top-left canvas pixel.
    public struct Layer: Sendable, Equatable {
        public var mask: CoverageMask
        public var x: Int
        public var y: Int
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
    /// The outline glyphs' coverage, placed at whole canvas pixels (`maskX`,
    /// `maskY` is its top-left pixel), clipped to the canvas; nil when no
    /// ink falls on the canvas (e.g. empty or blank text).
    public var mask: CoverageMask?
    public var maskX: Int
    public var maskY: Int
    /// The stroke (outlines expanded by the stroke width), drawn under the fill.
    public var stroke: Layer?
    /// A span's fill in a colour other than the overlay's own.
    public struct SpanFill: Sendable, Equatable {
        public var layer: Layer
        public var color: RGBA
    }
    /// The fills of spans whose colour is not the overlay's (`mask` holds the
    /// glyphs in the overlay's own colour), in order of first use; drawn
    /// with `mask`, over the stroke.
    public var spanFills: [SpanFill] = []
    /// The shadow: fill, stroke and colour glyphs' coverage blurred and moved by the offset.
    public var shadow: Layer?
    /// The label box (`background`), the text box grown by the padding.
    public var background: Layer?
    /// Colour glyphs (emoji), drawn over the fill in their own colours.
    public var tiles: [ColorTile]
    /// Findings that do not stop the render: a family list none of whose
    /// names matched, clusters no installed font covers.
    public var warnings: [Diagnostic]
}
