/// Control characters in a text overlay's text (docs/text.md "Control
/// characters"): CR, LF, CRLF, U+2028 and U+2029 end a line; TAB advances to
/// the next tab stop (`TextStyle.tabSize` space widths from the line's
/// start, CSS `tab-size`); every other C0 and C1 control (and DEL) is
/// dropped; default-ignorable code points stay in the text, take no face of
/// their own and HarfBuzz draws nothing for them.
enum TextControls {
    /// The character tab stops apply to.
    static let tab: Character = "\t"

    /// True for the scalars that end a line: LF, CR (a CRLF is one
    /// `Character`), U+2028 LINE SEPARATOR, U+2029 PARAGRAPH SEPARATOR.
    static func isLineBreak(_ character: Character) -> Bool {
        switch character {
        case "\n", "\r", "\r\n", "\u{2028}", "\u{2029}": true
        default: false
        }
    }

    /// True for a C0 or C1 control other than TAB, LF and CR (VT, FF and
    /// NEL included: they neither draw nor break), and DEL.
    static func isDropped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: false
        case 0x00...0x1F, 0x7F...0x9F: true
        default: false
        }
    }

    /// A span's part of one paragraph.
    struct Piece {
        var text: String
        /// The span (index into the overlay's runs).
        var style: Int
    }

    /// The spans' texts (`texts[i]` of span i) split into paragraphs at the
    /// explicit breaks, each a list of its spans' pieces (no empty piece; an
    /// empty paragraph keeps one empty piece of the span it is in).
    static func paragraphs(spans texts: [String]) -> [[Piece]] {
        var result: [[Piece]] = [[]]
        for (style, text) in texts.enumerated() {
            for (k, part) in paragraphs(text).enumerated() {
                if k > 0 { result.append([]) }
                if !part.isEmpty { result[result.count - 1].append(Piece(text: part, style: style)) }
            }
        }
        for i in result.indices where result[i].isEmpty { result[i] = [Piece(text: "", style: 0)] }
        return result
    }

    /// `text` split into its paragraphs (lines by explicit breaks), with
    /// the dropped controls removed; an empty text is one empty paragraph.
    static func paragraphs(_ text: String) -> [String] {
        var paragraphs: [String] = []
        var current = ""
        for character in text {
            if isLineBreak(character) {
                paragraphs.append(current)
                current = ""
                continue
            }
            if character.unicodeScalars.contains(where: isDropped) {
                var kept = String.UnicodeScalarView()
                kept.append(contentsOf: character.unicodeScalars.filter { !isDropped($0) })
                current += String(kept)
            } else {
                current.append(character)
            }
        }
        paragraphs.append(current)
        return paragraphs
    }
}
