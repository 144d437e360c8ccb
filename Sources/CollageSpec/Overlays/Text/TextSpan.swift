/// One span of a rich text (`text: [span, …]`, docs/text.md "Rich text"):
/// a run of the text whose keys override the overlay's. A span is written
/// as a string (the overlay's settings) or as a mapping `{text, font:
/// {family, size, weight, style, features, file}, color, letterSpacing,
/// lang, ruby}`. The validator resolves each span against its overlay, so every
/// field here is the one in force (a span's `size: "5%"` is a percentage of
/// the overlay's area, as the overlay's own would be).
public struct TextSpan: Sendable, Hashable {
    public var text: String
    /// The overlay's `font` with the span's `font` keys put over it.
    public var font: FontSpec
    /// The fill colour.
    public var color: RGBA
    /// Pixels added after every grapheme cluster of the span.
    public var letterSpacing: Double
    /// BCP 47 tag (the overlay's when the span gives none), and where it was written.
    public var lang: String?
    public var langLocation: SourceLocation?
    /// `ruby`: an annotation (furigana) set at half the span's size over
    /// the span (horizontal) or to its right (vertical), centred on it
    /// (group ruby, W3C JLReq); nil: none.
    public var ruby: String?
    public init(text: String, font: FontSpec = FontSpec(), color: RGBA = .black, letterSpacing: Double = 0,
                lang: String? = nil, langLocation: SourceLocation? = nil) {
        self.text = text; self.font = font; self.color = color; self.letterSpacing = letterSpacing
        self.lang = lang; self.langLocation = langLocation
    }
}
