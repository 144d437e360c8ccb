import CText
import CollageSpec

/// One grapheme cluster (Swift `Character`) of a paragraph with what
/// itemisation found for it: its face, bidi level, script and whether a line
/// may break before it.
struct TextCluster {
    var character: Character
    /// Index into the overlay's `FaceSet.faces`.
    var face: Int
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
        let utf16 = Array(paragraph.utf16)
        let bidi = BidiLevels(utf16: utf16)
        let breaks = LineBreakOpportunities.offsets(utf16: utf16, lang: lang, strictness: strictness)
        var clusters: [TextCluster] = []
        var uncovered: [Character] = []
        var offset = 0
        var previous: Int?
        for character in paragraph {
            let face: Int
            if let chosen = faces.face(for: character, previous: previous) {
                face = chosen
            } else {
                face = previous ?? 0
                if !uncovered.contains(character) { uncovered.append(character) }
            }
            let first = character.unicodeScalars.first!
            clusters.append(TextCluster(character: character, face: face,
                                        level: offset < bidi.levels.count ? bidi.levels[offset] : bidi.paragraphLevel,
                                        paragraphLevel: bidi.paragraphLevel,
                                        script: TextShaper.script(of: first), breakBefore: breaks.contains(offset)))
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
        for i in clusters.indices.dropFirst() where clusters[i - 1].isSoftHyphen {
            if hyphens == .none { clusters[i].breakBefore = false } else if clusters[i].breakBefore { clusters[i].hyphenBefore = true }
        }
        guard hyphens == .auto, let lang else { return }
        var i = 0
        while i < clusters.count {
            guard clusters[i].character.isLetter else { i += 1; continue }
            var end = i
            while end < clusters.count, clusters[end].character.isLetter { end += 1 }
            let word = String(clusters[i..<end].map(\.character))
            for point in hyphenator.points(in: word, lang: lang) {
                clusters[i + point].breakBefore = true
                clusters[i + point].hyphenBefore = true
            }
            i = end
        }
    }
}
