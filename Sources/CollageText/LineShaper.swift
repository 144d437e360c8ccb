import CText

/// Shapes a line of clusters: splits it into runs of one span, face, bidi
/// level and script, shapes each run with HarfBuzz in its direction (at
/// its span's size, features, letter spacing and language), and orders the
/// runs visually (UAX #9 rule L2).
struct LineShaper {
    /// The spans' styles (`TextCluster.style` indexes them).
    let styles: [TextRunStyle]
    /// Where each glyph's face is numbered (`ShapedGlyph.face`).
    let table: TextFaceTable
    /// The distance between tab stops, pixels (`tabSize` space advances,
    /// letter spacing included); 0 draws a TAB as a space.
    var tabWidth = 0.0

    struct Shaped {
        /// Logical-order text of the line.
        var text: String
        /// Visual order, relative to the line's start; `cluster` is a UTF-8 offset into `text`.
        var glyphs: [ShapedGlyph]
        var advance: Double
        /// Each cluster's advance (logical order), for wrapping.
        var clusterAdvances: [Double]
    }

    func shape(_ clusters: ArraySlice<TextCluster>) -> Shaped {
        struct Run { var range: Range<Int>; var utf8Start: Int; var text: String; var glyphs: [ShapedGlyph]; var advance: Double }
        var runs: [Run] = []
        var clusterStarts: [Int: Int] = [:]   // UTF-8 offset in the line -> cluster index (from 0)
        var utf8 = 0
        var index = clusters.startIndex
        var text = ""
        while index < clusters.endIndex {
            let first = clusters[index]
            var end = index
            var runText = ""
            let runStart = utf8
            while end < clusters.endIndex, clusters[end].style == first.style, clusters[end].face == first.face,
                  clusters[end].level == first.level,
                  clusters[end].script == first.script {
                clusterStarts[utf8] = end - clusters.startIndex
                // A TAB is shaped as a space (same UTF-8 length) and widened to its stop below.
                runText.append(clusters[end].character == TextControls.tab ? " " : clusters[end].character)
                utf8 += clusters[end].character.utf8.count
                end += 1
            }
            let style = styles[first.style]
            let face = style.faces.faces[first.face]
            try? face.setSize(style.size)
            let result = TextShaper.shape(runText, face: face, rightToLeft: first.level % 2 == 1, script: first.script,
                                          features: style.features, letterSpacing: style.letterSpacing + style.rubySpacing,
                                          language: style.language)
            runs.append(Run(range: index..<end, utf8Start: runStart, text: runText, glyphs: result.glyphs,
                            advance: result.advance))
            text += String(clusters[index..<end].map(\.character))
            index = end
        }
        var clusterAdvances = [Double](repeating: 0, count: clusters.count)
        for run in runs {
            for glyph in run.glyphs {
                // A ligature's cluster is its first character's: the advance goes there.
                var offset = run.utf8Start + glyph.cluster
                while clusterStarts[offset] == nil, offset > 0 { offset -= 1 }
                if let i = clusterStarts[offset] { clusterAdvances[i] += glyph.advance }
            }
        }
        let order = BidiLevels.visualOrder(runs.map { clusters[$0.range.lowerBound].level })
        var glyphs: [ShapedGlyph] = []
        var pen = 0.0
        for i in order {
            let run = runs[i]
            let first = clusters[run.range.lowerBound]
            let face = table.index(of: first.face, in: styles[first.style])
            for glyph in run.glyphs {
                var drawn = glyph.drawn(face: face, offsetX: pen + styles[first.style].rubySpacing / 2,
                                        cluster: run.utf8Start + glyph.cluster)
                drawn.span = first.style
                glyphs.append(drawn)
            }
            pen += run.advance
        }
        if tabWidth > 0, clusters.contains(where: { $0.character == TextControls.tab }) {
            pen = Self.setTabStops(&glyphs, clusterAdvances: &clusterAdvances, text: text, clusterStarts: clusterStarts,
                                   tabWidth: tabWidth)
        }
        return Shaped(text: text, glyphs: glyphs, advance: pen, clusterAdvances: clusterAdvances)
    }

    /// Widens each TAB's glyph (visual order, from the line's left end) to
    /// reach the next multiple of `tabWidth`, moving the glyphs after it;
    /// returns the new advance sum.
    static func setTabStops(_ glyphs: inout [ShapedGlyph], clusterAdvances: inout [Double], text: String,
                            clusterStarts: [Int: Int], tabWidth: Double) -> Double {
        let bytes = Array(text.utf8)
        var shift = 0.0, pen = 0.0
        for k in glyphs.indices {
            glyphs[k].x += shift
            let cluster = glyphs[k].cluster
            if cluster < bytes.count, bytes[cluster] == 0x09 {
                let stop = ((pen / tabWidth + 1e-9).rounded(.down) + 1) * tabWidth
                let advance = stop - pen
                shift += advance - glyphs[k].advance
                if let i = clusterStarts[cluster] { clusterAdvances[i] += advance - glyphs[k].advance }
                glyphs[k].advance = advance
            }
            pen += glyphs[k].advance
        }
        return pen
    }
}
