/// Text (issue 45): what the raster draws, the glyph outlines filled per
/// colour (`fills`, drawn in order exactly as that many path leaves), and
/// what a PDF writes instead, the glyph run (`run`) as real text in
/// embedded fonts (`TextLeaf+PDF.swift`). Local coordinates (canvas pixels
/// for a text overlay, origin top-left, y down; the node's groups turn it).
public struct TextLeaf: Sendable {
    /// The outline fills, bottom to top (`PathLeaf`, non-zero, solid paint).
    public var fills: [PathLeaf]
    public var run: GlyphRun
    /// The outlines of the run's missing-character glyphs (`.notdef`, glyph
    /// id 0) per colour, the same paths the fills draw them with: a PDF
    /// fills these instead of showing glyph 0 of the subset font, whose
    /// box readers draw differently or not at all. Default none.
    public var notdefs: [PathLeaf]
    public init(fills: [PathLeaf], run: GlyphRun, notdefs: [PathLeaf] = []) {
        self.fills = fills; self.run = run; self.notdefs = notdefs
    }
}

/// The glyphs of a text block as the shaper placed them, with their text:
/// faces by font file and face index, each glyph's id, origin, size and
/// colour, and the lines in reading order with their source text (for a
/// PDF's ToUnicode CMap and `/ActualText`).
public struct GlyphRun: Sendable, Hashable {
    /// A face: its font file and its index in the file (0 unless a collection).
    public struct Font: Sendable, Hashable {
        public var file: String
        public var index: Int
        public init(file: String, index: Int) { self.file = file; self.index = index }
    }

    /// One glyph, in local coordinates (pixels, y down).
    public struct Glyph: Sendable, Hashable {
        /// Index into `fonts`.
        public var font: Int
        /// Glyph id in that face (the shaper's).
        public var id: UInt32
        /// The glyph origin (horizontal: on the baseline at the glyph's left).
        public var x: Double, y: Double
        /// The em size, pixels.
        public var size: Double
        /// Index into `colors`.
        public var color: Int
        /// Turned 90° clockwise about its origin (Latin in a vertical column).
        public var sideways: Bool
        /// Horizontal scale about its origin (1: none).
        public var widthScale: Double
        /// Upright in a vertical column: `penX`, `penY` is its vertical
        /// origin (the column's centre line at the pen), which a PDF's
        /// vertical writing mode (Identity-V) places.
        public var vertical: Bool
        public var penX: Double, penY: Double
        /// The characters the glyph stands for: its cluster's text on the
        /// cluster's first glyph (several for a ligature), "" on the others.
        public var text: String
        /// The advance the shaper gave it, pixels (along the column when vertical).
        public var advance: Double

        /// The face's missing-character glyph (`.notdef`, id 0): drawn as
        /// its outline in a PDF (`TextLeaf.notdefs`), not shown as text.
        public var notdef: Bool { id == 0 }

        public init(font: Int, id: UInt32, x: Double, y: Double, size: Double, color: Int, sideways: Bool = false,
                    widthScale: Double = 1, vertical: Bool = false, penX: Double = 0, penY: Double = 0,
                    text: String, advance: Double) {
            self.font = font; self.id = id; self.x = x; self.y = y; self.size = size; self.color = color
            self.sideways = sideways; self.widthScale = widthScale; self.vertical = vertical
            self.penX = penX; self.penY = penY; self.text = text; self.advance = advance
        }
    }

    /// A line (or column) in reading order: its glyphs (with its ruby's)
    /// and its text in logical order.
    public struct Line: Sendable, Hashable {
        public var text: String
        /// `glyphs` indices of the line.
        public var glyphs: Range<Int>
        /// The line's text must be given whole (`/ActualText`): a vertical
        /// column, or a line with ruby (whose glyphs stand between its own).
        public var needsActualText: Bool
        /// The line holds right-to-left text (an odd bidi level): its glyphs
        /// stand in visual order and carry no line `/ActualText`, even when
        /// turned (readers reverse a logical-order span); default false.
        public var rightToLeft: Bool
        public init(text: String, glyphs: Range<Int>, needsActualText: Bool, rightToLeft: Bool = false) {
            self.text = text; self.glyphs = glyphs; self.needsActualText = needsActualText; self.rightToLeft = rightToLeft
        }
    }

    public var fonts: [Font]
    public var colors: [Color]
    public var glyphs: [Glyph]
    public var lines: [Line]

    public init(fonts: [Font], colors: [Color], glyphs: [Glyph], lines: [Line]) {
        self.fonts = fonts; self.colors = colors; self.glyphs = glyphs; self.lines = lines
    }
}
