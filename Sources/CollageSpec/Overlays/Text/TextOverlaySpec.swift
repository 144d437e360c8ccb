/// A text overlay's own keys: `text`, `font`, `color` and the paragraph and
/// decoration keys of `TextStyle` (docs/text.md).
public struct TextOverlaySpec: Sendable, Hashable {
    /// The whole text (with spans: their texts joined).
    public var text: String
    /// `text: [span, …]`: the spans, each resolved against this overlay's
    /// keys; empty when `text` is one string (the overlay's own settings).
    public var spans: [TextSpan] = []
    public var font: FontSpec
    /// Default black.
    public var color: RGBA
    /// Paragraph and decoration keys (wrapping, stroke, shadow, label box).
    public var style: TextStyle
    /// `lang`: the text's language, a BCP 47 tag as written ("ja",
    /// "zh-Hans", "en-US"; `no` stays "no"): HarfBuzz's language (the
    /// font's `locl` forms), fontconfig's fallback language, ICU's
    /// line-break locale and the hyphenation dictionary. Nil: none given.
    public var lang: String?
    /// Where `lang`'s value is (for the unknown-subtag warning).
    public var langLocation: SourceLocation?
    public init(text: String, font: FontSpec = FontSpec(), color: RGBA = .black, style: TextStyle = TextStyle()) {
        self.text = text; self.font = font; self.color = color; self.style = style
    }

    /// The runs to set: the spans, or the whole text as one span of the
    /// overlay's own font, colour, letter spacing and language.
    public var runs: [TextSpan] {
        spans.isEmpty ? [TextSpan(text: text, font: font, color: color, letterSpacing: style.letterSpacing,
                                  lang: lang, langLocation: langLocation)] : spans
    }
}
