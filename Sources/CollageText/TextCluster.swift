import CText
import CollageSpec

/// One grapheme cluster (Swift `Character`) of a paragraph with what
/// itemisation found for it: its face, bidi level, script and whether a line
/// may break before it.
struct TextCluster {
    var character: Character
    /// Index into its span's `FaceSet.faces`.
    var face: Int
    /// The span it comes from (index into the block's `TextRunStyle`s).
    var style = 0
    /// Bidi embedding level (odd: right-to-left).
    var level: UInt8
    /// The paragraph's level (0 left-to-right, 1 right-to-left).
    var paragraphLevel: UInt8 = 0
    var script: hb_script_t
    /// UAX #14 allows a line break before this cluster.
    var breakBefore: Bool
    /// A break before this cluster ends the line with a hyphen (after
    /// U+00AD, or at a dictionary hyphenation point).
    var hyphenBefore = false
    /// U+00AD SOFT HYPHEN alone.
    var isSoftHyphen: Bool { character == "\u{AD}" }
    var isWhitespace: Bool { character.isWhitespace }
}

extension TextCluster {
    /// Itemises one paragraph (no line breaks): clusters with faces from
    /// `faces`, levels from ICU bidi, break opportunities from ICU, and
    /// scripts (Common and Inherited take the script of the text around them).
    ///
    /// - Returns: the clusters and those no installed face covers.
    /// Line breaks follow `lang`'s locale and `strictness` (`LineBreakOpportunities`).
    static func itemize(_ paragraph: String, faces: FaceSet, lang: String? = nil,
                        strictness: LineBreakStrictness = .normal) -> (clusters: [TextCluster], uncovered: [Character]) {
        itemize([TextControls.Piece(text: paragraph, style: 0)], faces: [faces], langs: [lang], strictness: strictness)
    }

    /// Itemises one paragraph made of the spans' pieces: bidi and line
    /// breaks over the whole paragraph, each cluster's face from the face
    /// set of the span its first scalar comes from (`faces[style]`), and
    /// whether a line may break before it from the line-break rules of that
    /// span's language (`langs[style]`; ICU runs once per language over the
    /// whole paragraph, so each span keeps the context across its edges).
    static func itemize(_ pieces: [TextControls.Piece], faces sets: [FaceSet], langs: [String?] = [nil],
                        strictness: LineBreakStrictness = .normal) -> (clusters: [TextCluster], uncovered: [Character]) {
        let paragraph = pieces.map(\.text).joined()
        // UTF-16 offset where each piece ends, with its style.
        var ends: [(end: Int, style: Int)] = []
        var total = 0
        for piece in pieces {
            total += piece.text.utf16.count
            ends.append((total, piece.style))
        }
        let utf16 = Array(paragraph.utf16)
        let bidi = BidiLevels(utf16: utf16)
        var breaksByLang: [String: Set<Int>] = [:]
        func breaks(_ lang: String?) -> Set<Int> {
            if let known = breaksByLang[lang ?? ""] { return known }
            let found = LineBreakOpportunities.offsets(utf16: utf16, lang: lang, strictness: strictness)
            breaksByLang[lang ?? ""] = found
            return found
        }
        var clusters: [TextCluster] = []
        var uncovered: [Character] = []
        var offset = 0
        var previous: Int?
        var previousStyle = -1
        var piece = 0
        for character in paragraph {
            // Pieces in order: the one holding `offset` (the last for the end).
            while piece + 1 < ends.count, offset >= ends[piece].end { piece += 1 }
            let style = ends.isEmpty ? 0 : ends[piece].style
            let faces = sets[style]
            if style != previousStyle { previous = nil }
            previousStyle = style
            let face: Int
            if let chosen = faces.face(for: character, previous: previous) {
                face = chosen
            } else {
                face = previous ?? 0
                if !uncovered.contains(character) { uncovered.append(character) }
            }
            let first = character.unicodeScalars.first!
            clusters.append(TextCluster(character: character, face: face, style: style,
                                        level: offset < bidi.levels.count ? bidi.levels[offset] : bidi.paragraphLevel,
                                        paragraphLevel: bidi.paragraphLevel,
                                        script: TextShaper.script(of: first),
                                        breakBefore: breaks(style < langs.count ? langs[style] : langs.last ?? nil).contains(offset)))
            offset += character.utf16.count
            previous = face
        }
        // Common/Inherited/Unknown clusters take the previous real script (leading ones the next).
        func isReal(_ s: hb_script_t) -> Bool { s != HB_SCRIPT_COMMON && s != HB_SCRIPT_INHERITED && s != HB_SCRIPT_UNKNOWN }
        var last: hb_script_t?
        for i in clusters.indices {
            if isReal(clusters[i].script) { last = clusters[i].script } else if let last { clusters[i].script = last }
        }
        if let firstReal = clusters.first(where: { isReal($0.script) })?.script {
            for i in clusters.indices where !isReal(clusters[i].script) { clusters[i].script = firstReal }
        }
        return (clusters, uncovered)
    }

    /// Marks where words may break with a hyphen (`hyphens`): after each
    /// U+00AD (`manual`, `auto`; with `none` those breaks are removed), and
    /// with `auto` at the hyphenation points of each run of letters in
    /// `lang`'s dictionary (`Hyphenator`).
    static func markHyphenation(_ clusters: inout [TextCluster], hyphens: Hyphens, lang: String?,
                                hyphenator: Hyphenator = .shared) {
        markHyphenation(&clusters, hyphens: hyphens, langs: [lang], hyphenator: hyphenator)
    }

    /// As above with each span's language (`langs[style]`); a word takes the
    /// language of its first letter's span.
    static func markHyphenation(_ clusters: inout [TextCluster], hyphens: Hyphens, langs: [String?],
                                hyphenator: Hyphenator = .shared) {
        for i in clusters.indices.dropFirst() where clusters[i - 1].isSoftHyphen {
            if hyphens == .none { clusters[i].breakBefore = false } else if clusters[i].breakBefore { clusters[i].hyphenBefore = true }
        }
        guard hyphens == .auto else { return }
        var i = 0
        while i < clusters.count {
            guard clusters[i].character.isLetter else { i += 1; continue }
            let lang = langs.indices.contains(clusters[i].style) ? langs[clusters[i].style] : nil
            var end = i
            while end < clusters.count, clusters[end].character.isLetter { end += 1 }
            let word = String(clusters[i..<end].map(\.character))
            for point in lang.map({ hyphenator.points(in: word, lang: $0) }) ?? [] {
                clusters[i + point].breakBefore = true
                clusters[i + point].hyphenBefore = true
            }
            i = end
        }
    }
}
