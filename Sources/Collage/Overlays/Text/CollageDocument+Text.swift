import CollageSpec

extension CollageDocument {
    /// The keys of a text overlay.
    public struct Text: Sendable, Equatable {
        /// `text`; `\n` starts a new line.
        public var text: String
        /// `font.family`; default `["sans-serif"]`.
        public var family: [String]?
        /// `font.size`: pixels (the em size) or percent of the canvas (cell) height; default 48.
        public var size: Length?
        /// `font.weight`: 100-900 (400 regular, 700 bold); default 400.
        public var weight: Int?
        /// `font.file`: a TTF/OTF/TTC file tried before `family`.
        public var fontFile: String?
        /// `color`; default `"#000000"`.
        public var color: String?
        /// `maxWidth`: wrap lines to this width; default none.
        public var maxWidth: Length?
        /// `align` of each line in the box; default `.center`.
        public var align: TextAlign?
        /// Rich text (docs/text.md "Rich text"): when set, `text` is written
        /// as this list of spans instead of `text`, each overriding the
        /// overlay's settings for its own text; default nil (plain `text`).
        public var spans: [Span]?

        public init(_ text: String, family: [String]? = nil, size: Length? = nil, weight: Int? = nil,
                    fontFile: String? = nil, color: String? = nil, maxWidth: Length? = nil, align: TextAlign? = nil) {
            self.text = text; self.family = family; self.size = size; self.weight = weight; self.fontFile = fontFile
            self.color = color; self.maxWidth = maxWidth; self.align = align
        }

        /// A text overlay of rich-text spans, with the overlay's own settings.
        public init(spans: [Span], family: [String]? = nil, size: Length? = nil, weight: Int? = nil,
                    color: String? = nil, maxWidth: Length? = nil, align: TextAlign? = nil) {
            self.init(spans.map(\.text).joined(), family: family, size: size, weight: weight, color: color,
                      maxWidth: maxWidth, align: align)
            self.spans = spans
        }
    }

    /// One span of rich text (`{text, font, color, letterSpacing, lang, ruby}`):
    /// every key left nil takes the overlay's value.
    public struct Span: Sendable, Equatable {
        public var text: String
        /// `font.family`, `font.size` (pixels or percent, as the overlay's), `font.weight` (100-900).
        public var family: [String]?
        public var size: Length?
        public var weight: Int?
        /// `color`: a CSS colour.
        public var color: String?
        /// `letterSpacing`: extra advance after each character, pixels.
        public var letterSpacing: Double?
        /// `lang`: a BCP 47 tag (glyph forms, fallback fonts, line breaks, hyphenation).
        public var lang: String?
        /// `ruby`: an annotation (furigana) at half the span's size over it
        /// (to its right in vertical text), centred (docs/text.md "Ruby").
        public var ruby: String?

        public init(_ text: String, family: [String]? = nil, size: Length? = nil, weight: Int? = nil,
                    color: String? = nil, letterSpacing: Double? = nil, lang: String? = nil, ruby: String? = nil) {
            self.text = text; self.family = family; self.size = size; self.weight = weight
            self.color = color; self.letterSpacing = letterSpacing; self.lang = lang; self.ruby = ruby
        }
    }
}

extension CollageDocument.Text {
    /// The text overlay's own keys: `text` (or its spans), `font`, `color`, `maxWidth`, `align`.
    var members: [(String, JSONText.Value?)] {
        let font = CollageDocument.object([
            ("family", family.map { .array($0.map { .string($0) }) }), ("size", size?.json),
            ("weight", weight.map { .int($0) }), ("file", fontFile.map { .string($0) })])
        let body: JSONText.Value = spans.map { .array($0.map(\.json)) } ?? .string(text)
        return [("text", body), ("font", font == .object([]) ? nil : font), ("color", color.map { .string($0) }),
                ("maxWidth", maxWidth?.json), ("align", align.map { .string($0.rawValue) })]
    }
}

extension CollageDocument.Span {
    /// A plain string when only `text` is set, else `{text, font, …}`.
    var json: JSONText.Value {
        let font = CollageDocument.object([
            ("family", family.map { .array($0.map { .string($0) }) }), ("size", size?.json),
            ("weight", weight.map { .int($0) })])
        let fields: [(String, JSONText.Value?)] = [
            ("font", font == .object([]) ? nil : font), ("color", color.map { .string($0) }),
            ("letterSpacing", letterSpacing.map { .number($0) }), ("lang", lang.map { .string($0) }),
            ("ruby", ruby.map { .string($0) })]
        guard fields.contains(where: { $0.1 != nil }) else { return .string(text) }
        return CollageDocument.object([("text", .string(text))] + fields)
    }
}
