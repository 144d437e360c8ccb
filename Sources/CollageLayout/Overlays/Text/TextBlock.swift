import CollageRaster
import CollageSpec
import CollageText

/// A text overlay set in type (`TextLayout`, from `CollageText`) with its
/// rasterised layers, all in canvas pixels (origin top-left, y down).
public struct TextBlock: Sendable {
    /// Index into `Spec.overlays` of the overlay set (set by `SceneBuilder`).
    public var overlay = 0
    /// The text as set: box, lines, positioned glyphs, faces.
    public var layout: TextLayout

    public typealias Line = TextLayout.Line
    public typealias Ruby = TextLayout.Ruby
    public typealias Face = TextLayout.Face

    /// A coverage mask with its top-left canvas pixel.
    public struct Layer: Sendable, Equatable {
        public var mask: CoverageMask
        public var x: Int
        public var y: Int
    }

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
