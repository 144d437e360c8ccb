import CText

/// `align: justify` (docs/text.md "Text boxes"): a line grows to the box
/// width by extra space at its justification opportunities, as CSS
/// `text-justify: auto` does: after each word separator (U+0020, U+00A0)
/// in spaced scripts, and after each Chinese or Japanese character (Han,
/// kana, Bopomofo, CJK punctuation and full-width forms) but the line's last
/// cluster. The extra is shared equally; a line with no opportunity, or
/// already as wide, stays as it is.
enum TextJustification {
    /// True for a cluster that spaces out after itself in CJK text.
    static func isInterCharacter(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x3000...0x303F, 0xFF00...0xFFEF, 0x3040...0x30FF, 0x31F0...0x31FF: return true
        default: break
        }
        let script = TextShaper.script(of: scalar)
        return script == HB_SCRIPT_HAN || script == HB_SCRIPT_HIRAGANA || script == HB_SCRIPT_KATAKANA
            || script == HB_SCRIPT_BOPOMOFO
    }

    static func isWordSeparator(_ character: Character) -> Bool { character == " " || character == "\u{A0}" }

    /// UTF-8 offsets (into `text`) of the clusters after which extra space goes.
    static func opportunities(in text: String) -> Set<Int> {
        var offsets: Set<Int> = []
        let characters = Array(text)
        var offset = 0
        for (i, character) in characters.enumerated() {
            if i + 1 < characters.count, isWordSeparator(character) || isInterCharacter(character) {
                offsets.insert(offset)
            }
            offset += character.utf8.count
        }
        return offsets
    }

    /// Stretches `line` (glyphs in visual order, `cluster` UTF-8 offsets into
    /// its text) to `width` pixels: every glyph after an opportunity moves
    /// right by the extra given so far, and the advance grows to `width`.
    static func justify(_ line: inout LineShaper.Shaped, to width: Double) {
        let extra = width - line.advance
        guard extra > 1e-9 else { return }
        let candidates = opportunities(in: line.text)
        // Only opportunities that have a glyph (a ligature merges clusters).
        let present = Set(line.glyphs.map(\.cluster)).intersection(candidates)
        guard !present.isEmpty else { return }
        let share = extra / Double(present.count)
        var shift = 0.0
        for k in line.glyphs.indices {
            line.glyphs[k].x += shift
            let cluster = line.glyphs[k].cluster
            let endsCluster = k + 1 == line.glyphs.count || line.glyphs[k + 1].cluster != cluster
            if endsCluster, present.contains(cluster) {
                line.glyphs[k].advance += share
                shift += share
            }
        }
        line.advance = width
    }
}
