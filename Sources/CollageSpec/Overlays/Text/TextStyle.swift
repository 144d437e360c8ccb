/// A length that is either canvas pixels or a percentage of a reference
/// length each key documents: the overlay's area (the canvas, or the photo's
/// cell with `photo: ID`) for `size`, `maxWidth`, `maxHeight` and `offset`;
/// the font size for `stroke.width`, `background.padding` and
/// `background.cornerRadius`.
public struct Length: Sendable, Hashable {
    /// Pixels, or percent (5 for "5%") when `isPercent`.
    public var value: Double
    public var isPercent: Bool
    public init(_ value: Double, isPercent: Bool = false) { self.value = value; self.isPercent = isPercent }
    public static func pixels(_ value: Double) -> Length { Length(value) }
    public static func percent(_ value: Double) -> Length { Length(value, isPercent: true) }
    /// The length in pixels, with `reference` the dimension a percentage refers to (pixels).
    public func resolved(reference: Double) -> Double { isPercent ? value * reference / 100 : value }
}

/// How a text overlay's lines sit in its box. `justify` stretches every
/// line but a paragraph's last to the box's width: inter-word (the spaces
/// grow) in spaced scripts, inter-character (after each Han, kana or
/// full-width character) in Chinese and Japanese (CSS `text-justify: auto`);
/// a paragraph's last line sits as with `left`.
public enum TextAlign: String, Sendable, Hashable, CaseIterable {
    case left, center, right, justify
}

/// `verticalAlign` of a text box with a fixed `height`: where its lines sit
/// inside it; default top.
public enum TextVerticalAlign: String, Sendable, Hashable, CaseIterable {
    case top, center, bottom
}

/// `direction` of a text overlay: horizontal lines top to bottom, or
/// vertical columns (tategaki) set top to bottom, right to left
/// (docs/text.md "Vertical text").
public enum TextDirection: String, Sendable, Hashable, CaseIterable {
    case horizontal, vertical
}

/// `textOrientation` of vertical text (CSS `text-orientation`): `mixed`
/// turns characters whose Unicode vertical orientation (UAX #50) is R
/// sideways (90° clockwise) and sets the others upright; `upright` sets
/// every character upright.
public enum TextOrientation: String, Sendable, Hashable, CaseIterable {
    case mixed, upright
}

/// `lineBreak` of a text overlay: how strictly line breaks follow the
/// Japanese kinsoku rules (CSS `line-break`; ICU's `lb` locale keyword).
public enum LineBreakStrictness: String, Sendable, Hashable, CaseIterable {
    case strict, normal, loose
}

/// `hyphens` of a text overlay (CSS `hyphens`): where a word may break
/// with a hyphen at a line's end.
public enum Hyphens: String, Sendable, Hashable, CaseIterable {
    /// Never, not even at U+00AD SOFT HYPHEN.
    case none
    /// Only at U+00AD SOFT HYPHEN (the default).
    case manual
    /// Also where the `lang` dictionary's patterns allow (libhyphen).
    case auto
}

/// `fit` of a text overlay: `shrink` reduces the font size until the text
/// fits `maxWidth` x `maxHeight` (or the fixed `width` x `height`).
public enum TextFit: String, Sendable, Hashable, CaseIterable {
    case none, shrink
}

/// `stroke: {width, color}`: an outside band `width` pixels wide around
/// each glyph, drawn under the fill (percent: of the font size; 0 draws none).
public struct TextStroke: Sendable, Hashable {
    public var width: Length
    public var color: RGBA
    /// Where `width` is written (print preflight); nil when built in code. Not part of the value.
    public var widthLocation: SourceLocation? { get { widthNote.location } set { widthNote.location = newValue } }
    var widthNote = MessageLocation()
    public init(width: Length, color: RGBA = .black) { self.width = width; self.color = color }
}

/// `shadow: {offset, blur, color}`: fill plus stroke cast with a Gaussian of
/// sigma = blur / 2 (CSS), moved by `offset` (+x right, +y down, pixels).
public struct TextShadow: Sendable, Hashable {
    public var offsetX: Double
    public var offsetY: Double
    /// Pixels, >= 0.
    public var blur: Double
    public var color: RGBA
    public init(offsetX: Double = 0, offsetY: Double = 0, blur: Double = 0,
                color: RGBA = RGBA(red: 0, green: 0, blue: 0, alpha: 128)) {
        self.offsetX = offsetX; self.offsetY = offsetY; self.blur = blur; self.color = color
    }
}

/// `background: {color, padding, cornerRadius}`: a label box behind the text
/// box, grown by `padding` on every side, corners rounded by `cornerRadius`
/// (both pixels, or percentages of the font size).
public struct TextBackground: Sendable, Hashable {
    /// Transparent when `gradient` paints the box instead.
    public var color: RGBA
    /// `color: {gradient: ...}` (a paint): the gradient over the label box; nil for a colour.
    public var gradient: GradientSpec?
    public var padding: Length
    public var cornerRadius: Length
    public init(color: RGBA, padding: Length = .pixels(0), cornerRadius: Length = .pixels(0)) {
        self.color = color; self.padding = padding; self.cornerRadius = cornerRadius
    }
}

/// The paragraph and decoration keys of a text overlay (docs/format.md
/// "overlays"); all defaults draw plain text on explicit line breaks only.
public struct TextStyle: Sendable, Hashable {
    /// A fixed box width (percent: of the area's width): lines wrap to it
    /// and `align` places them in it; nil = as wide as the widest line.
    /// Never together with `maxWidth`.
    public var width: Length?
    /// A fixed box height (percent: of the area's height): `verticalAlign`
    /// places the lines in it (lines beyond it still draw); nil = as tall
    /// as the lines. Never together with `maxHeight`.
    public var height: Length?
    /// Where the lines sit in a fixed `height`; default top.
    public var verticalAlign: TextVerticalAlign = .top
    /// Wrap lines to this width (percent: of the area's width); nil = no wrapping.
    public var maxWidth: Length?
    /// With `fit: shrink`, the box height to fit (percent: of the area's height).
    public var maxHeight: Length?
    /// Default center.
    public var align: TextAlign = .center
    /// Baseline-to-baseline distance as a multiple of the font size; nil =
    /// the first face's own line height.
    public var lineHeight: Double?
    /// Added after every grapheme cluster, pixels (may be negative); default 0.
    public var letterSpacing = 0.0
    /// At most this many lines; the last one kept ends with an ellipsis.
    public var maxLines: Int?
    /// A TAB advances to the next multiple of this many space advances from
    /// the line's start (CSS `tab-size`); default 8, 0 draws a TAB as a space.
    public var tabSize = 8.0
    /// Line-break strictness (CSS `line-break`); default normal.
    public var lineBreak: LineBreakStrictness = .normal
    /// Hyphenation; default manual (U+00AD only).
    public var hyphens: Hyphens = .manual
    public var fit: TextFit = .none
    /// Lines, or vertical columns (right to left); default horizontal.
    public var direction: TextDirection = .horizontal
    /// Vertical text: how characters stand in a column (CSS
    /// `text-orientation`); default mixed.
    public var textOrientation: TextOrientation = .mixed
    /// Vertical text: runs of at most this many ASCII digits are set
    /// horizontally in one column cell (tate-chū-yoko, CSS
    /// `text-combine-upright: digits N`); 0 (the default) never, else 2...4.
    public var textCombineUpright = 0
    public var stroke: TextStroke?
    public var shadow: TextShadow?
    public var background: TextBackground?
    public init() {}
}

/// `font.style`.
public enum FontStyleName: String, Sendable, Hashable, CaseIterable {
    case normal, italic, oblique
}

/// One OpenType feature setting from `font.features` (`{tnum: true, liga: false}`):
/// a four-character tag and its value (true = 1, false = 0, or an integer
/// for alternates).
public struct FontFeature: Sendable, Hashable {
    public var tag: String
    public var value: UInt32
    public init(tag: String, value: UInt32) { self.tag = tag; self.value = value }
}
