import CText
import CollageSpec

/// Shapes one vertical column of clusters (docs/text.md "Vertical text"),
/// top to bottom in logical order: runs of one span, face, script and
/// `VerticalOrientation`. Upright runs are shaped top to bottom
/// (`TextShaper.shapeVertical`, the font's `vert`/`vrt2` forms); sideways
/// runs horizontally, turned 90° clockwise with their central baseline
/// (halfway between the face's ascender and descender) on the column's
/// centre line; a tate-chū-yoko cell horizontally with the `hwid`, `twid`
/// or `qwid` widths for 2, 3 or 4 digits, squeezed to one em if still
/// wider, centred in a cell one em long.
struct ColumnShaper {
    /// The spans' styles (`TextCluster.style` indexes them).
    let styles: [TextRunStyle]
    /// Where each glyph's face is numbered (`ShapedGlyph.face`).
    let table: TextFaceTable
    var orientation: TextOrientation = .mixed
    /// `textCombineUpright`: 0, or the longest digit run set across a cell.
    var combine = 0

    /// A shaped column: glyphs relative to its top end on its centre line
    /// (`ShapedGlyph`'s vertical convention), its length and each
    /// cluster's share of it (logical order, for breaking columns).
    typealias Shaped = LineShaper.Shaped

    /// Each cluster's orientation (`VerticalOrientation.of`), a Tr cluster
    /// upright only where its face's `vert` feature changes its glyph.
    func orientations(_ clusters: ArraySlice<TextCluster>) -> [VerticalOrientation] {
        VerticalOrientation.of(clusters, orientation: orientation, combine: combine) { cluster in
            let style = styles[cluster.style]
            let face = style.faces.faces[cluster.face]
            guard face.isScalable, let scalar = cluster.character.unicodeScalars.first else { return false }
            try? face.setSize(style.size)
            let shaped = TextShaper.shapeVertical(String(cluster.character), face: face, features: style.features,
                                                  language: style.language)
            return shaped.glyphs.first.map { $0.id != FT_Get_Char_Index(face.handle, FT_ULong(scalar.value)) } ?? false
        }
    }

    func shape(_ clusters: ArraySlice<TextCluster>) -> Shaped {
        let orientations = orientations(clusters)
        var glyphs: [ShapedGlyph] = []
        var clusterAdvances = [Double](repeating: 0, count: clusters.count)
        var text = ""
        var pen = 0.0
        var k = 0
        while k < clusters.count {
            let first = clusters[clusters.startIndex + k]
            let kind = orientations[k]
            var end = k
            var runText = ""
            var starts: [Int: Int] = [:]   // UTF-8 offset in the run -> cluster index (from 0)
            var utf8 = 0
            while end < clusters.count {
                let cluster = clusters[clusters.startIndex + end]
                guard cluster.style == first.style, cluster.face == first.face, orientations[end] == kind,
                      kind == .combined || cluster.script == first.script else { break }
                starts[utf8] = end
                runText.append(cluster.character == TextControls.tab ? " " : cluster.character)
                utf8 += cluster.character.utf8.count
                end += 1
            }
            let style = styles[first.style]
            let face = style.faces.faces[first.face]
            try? face.setSize(style.size)
            let faceIndex = table.index(of: first.face, in: style)
            let lineOffset = text.utf8.count
            // The central baseline: halfway between ascender and descender, above the baseline.
            let centre = (face.metrics.ascender + face.metrics.descender) / 2
            var run: [ShapedGlyph] = []
            var runAdvance = 0.0
            switch kind {
            case .upright where !face.hasVerticalMetrics || !face.isScalable:
                // No vhea/vmtx: each glyph stands in an em box, one em down, its
                // ascender-to-descender box scaled into the em (baseline at
                // em × ascender / (ascender − descender)), centred across by
                // HarfBuzz (a bitmap colour face, emoji: shaped horizontally,
                // centred by its advance).
                let shaped = face.isScalable
                    ? TextShaper.shapeVertical(runText, face: face, script: first.script, features: style.features,
                                               language: style.language)
                    : (glyphs: TextShaper.shape(runText, face: face, rightToLeft: false, script: first.script,
                                        features: style.features, language: style.language).glyphs.map { glyph in
                        var g = glyph
                        g.x = -glyph.advance / 2
                        return g
                    }, advance: 0.0)
                let em = style.size, metrics = face.metrics
                let baseline = metrics.ascender > metrics.descender
                    ? em * metrics.ascender / (metrics.ascender - metrics.descender) : em
                let spacing = style.letterSpacing + style.rubySpacing
                var cursor = pen
                for (i, glyph) in shaped.glyphs.enumerated() {
                    var g = glyph
                    g.y = cursor + baseline + style.rubySpacing / 2
                    g.advance = glyph.advance > 0 ? em : 0
                    if i + 1 == shaped.glyphs.count || shaped.glyphs[i + 1].cluster != glyph.cluster { g.advance += spacing }
                    cursor += g.advance
                    run.append(g)
                }
                runAdvance = cursor - pen
            case .upright:
                let shaped = TextShaper.shapeVertical(runText, face: face, script: first.script, features: style.features,
                                                      letterSpacing: style.letterSpacing + style.rubySpacing,
                                                      language: style.language)
                run = shaped.glyphs.map { glyph in
                    var g = glyph
                    g.y += pen + style.rubySpacing / 2
                    return g
                }
                runAdvance = shaped.advance
            case .sideways:
                let shaped = TextShaper.shape(runText, face: face, rightToLeft: first.level % 2 == 1, script: first.script,
                                              features: style.features, letterSpacing: style.letterSpacing + style.rubySpacing,
                                              language: style.language)
                run = shaped.glyphs.map { glyph in
                    var g = glyph
                    g.x = -centre - glyph.y
                    g.y = pen + glyph.x + style.rubySpacing / 2
                    g.sideways = true
                    return g
                }
                runAdvance = shaped.advance
            case .combined:
                let widths = [2: "hwid", 3: "twid", 4: "qwid"]
                let count = end - k
                let features = style.features + (widths[count].map { ["\($0)=1"] } ?? [])
                let shaped = TextShaper.shape(runText, face: face, rightToLeft: false, script: first.script,
                                              features: features, language: style.language)
                let em = style.size
                let scale = shaped.advance > em ? em / shaped.advance : 1
                run = shaped.glyphs.map { glyph in
                    var g = glyph
                    g.x = -shaped.advance * scale / 2 + glyph.x * scale
                    g.y = pen + em / 2 + centre + glyph.y + style.rubySpacing / 2
                    g.widthScale = scale
                    g.cluster = 0
                    return g
                }
                runAdvance = em + style.letterSpacing + style.rubySpacing
            }
            for glyph in run {
                var drawn = glyph
                drawn.cluster = lineOffset + glyph.cluster
                drawn.face = faceIndex
                drawn.span = first.style
                glyphs.append(drawn)
                // A ligature's cluster is its first character's: the advance goes there.
                var offset = glyph.cluster
                while starts[offset] == nil, offset > 0 { offset -= 1 }
                if let i = starts[offset] { clusterAdvances[i] += glyph.advance }
            }
            if kind == .combined {
                // The cell's length goes to its first digit.
                for i in k..<end { clusterAdvances[i] = 0 }
                clusterAdvances[k] = runAdvance
            }
            text += String(clusters[(clusters.startIndex + k)..<(clusters.startIndex + end)].map(\.character))
            pen += runAdvance
            k = end
        }
        return Shaped(text: text, glyphs: glyphs, advance: pen, clusterAdvances: clusterAdvances)
    }
}
