internal import CICU
import CText
import CollageSpec

/// A text's language (`lang`, a BCP 47 tag) as each library reads it
/// (docs/text.md "Language"): HarfBuzz's language (so a font's `locl`
/// lookups pick the forms of that language, e.g. 直 in Japanese or Chinese
/// in Noto Sans CJK), fontconfig's `FC_LANG` for fallback faces, ICU's
/// line-break locale, and the hyphenation dictionary (`Hyphenator`).
struct TextLanguage: Hashable {
    /// The tag as written in the document.
    var tag: String

    /// fontconfig's language tag (RFC 3066 style, lower case): Chinese by
    /// script or region as fontconfig's orthographies name them (`zh-Hans`,
    /// `zh-CN`, `zh-SG` → `zh-cn`; `zh-Hant`, `zh-TW` → `zh-tw`; `zh-HK`,
    /// `zh-MO` → `zh-hk`), else the language subtag with the region.
    var fontconfig: String {
        let subtags = tag.lowercased().split(separator: "-").map(String.init)
        guard let language = subtags.first else { return tag }
        if language == "zh" {
            if subtags.contains("hk") || subtags.contains("mo") { return "zh-hk" }
            if subtags.contains("hant") || subtags.contains("tw") { return "zh-tw" }
            return "zh-cn"
        }
        if let region = subtags.dropFirst().first(where: { $0.count == 2 }) { return language + "-" + region }
        return language
    }

    /// HarfBuzz's language for the tag.
    var harfBuzz: hb_language_t? { hb_language_from_string(tag, -1) }

    /// Subtags ICU does not know, named for a warning ("language 'qq'"),
    /// in tag order; empty when all are known.
    var unknownSubtags: [String] {
        let flags = collage_icu_unknown_subtags(tag)
        guard flags != 0 else { return [] }
        let subtags = tag.split(separator: "-").map(String.init)
        var names: [String] = []
        if flags & 1 != 0 { names.append("language '\(subtags.first ?? tag)'") }
        if flags & 2 != 0, let script = subtags.dropFirst().first(where: { $0.count == 4 && $0.allSatisfy(\.isLetter) }) {
            names.append("script '\(script)'")
        }
        if flags & 4 != 0, let region = subtags.dropFirst().first(where: { $0.count == 2 && $0.allSatisfy(\.isLetter) }) {
            names.append("region '\(region)'")
        }
        return names
    }

    /// The warning for a tag with unknown subtags, at `location`; nil when all are known.
    func warning(at location: SourceLocation?, fallback: SourceLocation) -> Diagnostic? {
        let unknown = unknownSubtags
        guard !unknown.isEmpty else { return nil }
        return Diagnostic(.invalidValue, at: location ?? fallback,
                          "'lang: \(tag)' has an unknown \(unknown.joined(separator: " and ")); the text is set without that subtag's rules",
                          severity: .warning)
    }
}
