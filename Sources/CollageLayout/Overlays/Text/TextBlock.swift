import CollageRaster
import CollageSpec
import CollageText

/// A text overlay set in type (`TextLayout`, from `CollageText`) with its
/// glyphs as outlines, all in canvas pixels (origin top-left, y down; the
/// overlay's rotation is its node's transform, not applied here).
public struct TextBlock: Sendable {
    /// Index into `Spec.overlays` of the overlay set (set by `SceneBuilder`).
    public var overlay = 0
    /// The text as set: box, lines, positioned glyphs, faces.
    public var layout: TextLayout
    /// The outline glyphs of each fill colour (`TextLayout.fillColors`, same
    /// index) as one path, non-zero winding, unhinted, at their fractional
    /// positions (`GlyphOutlines`); empty for a colour with no outline glyph.
    public var fills: [Path]
    /// The stroke (`stroke`): the outlines stroked by `Path.stroked` twice
    /// the stroke width, round joins and caps, turned as the outlines turn;
    /// drawn under the fills, so its outer half shows. Nil without a stroke.
    public var stroke: Path?
    /// Colour glyphs (emoji strikes) scaled to their size, as image tiles in
    /// their own colours, clipped to what can reach the canvas.
    public var tiles: [ColorTile]
    /// The outlines of the missing-character glyphs (`.notdef`, glyph id 0)
    /// of each fill colour (same index as `fills`, which include them): what
    /// a PDF fills instead of showing glyph 0 as text (`TextLeaf.notdefs`).
    public var notdefs: [Path] = []

    public typealias Line = TextLayout.Line
    public typealias Ruby = TextLayout.Ruby
    public typealias Face = TextLayout.Face

    /// Every outline glyph, all colours (what casts the shadow, and what the stroke follows).
    public var outlines: Path {
        var all = Path()
        for fill in fills { all.append(fill) }
        return all
    }

    /// `TextLayout.box`: the text box, canvas pixels.
    public var box: Rect { layout.box }
    /// `TextLayout.firstBaseline`.
    public var firstBaseline: Double { layout.firstBaseline }
    /// `TextLayout.metrics`.
    public var metrics: FontMetrics { layout.metrics }
    /// `TextLayout.size`: the final font size, pixels.
    public var size: Double { layout.size }
    /// `TextLayout.family`, `fontFile`, `fontIndex`: the primary face.
    public var family: String { layout.family }
    public var fontFile: String { layout.fontFile }
    public var fontIndex: Int { layout.fontIndex }
    /// `TextLayout.faces`.
    public var faces: [Face] { layout.faces }
    /// `TextLayout.lines`.
    public var lines: [Line] { layout.lines }
    /// `TextLayout.warnings`.
    public var warnings: [Diagnostic] { layout.warnings }
    /// `TextLayout.usedFontFiles`.
    public var usedFontFiles: [String] { layout.usedFontFiles }
}
