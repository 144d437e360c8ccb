import CollageRaster
import CollageSpec
import CollageText

extension TextBlock {
    /// The block's glyphs as a `GlyphRun` (what a PDF writes as text, issue
    /// 45), canvas pixels, y down: the outline glyphs of `layout.glyphs` at
    /// the same origins, sizes, turns and colours (`color` for fill 0) as
    /// the fills, grouped by line in reading order (a horizontal line's ruby
    /// before its glyphs, a column's after, as `Typesetter` places them).
    /// A glyph carries its cluster's text (UTF-8 offsets of
    /// `ShapedGlyph.cluster` into the line's text; the next larger offset
    /// ends it) on the cluster's first glyph. A column's upright glyphs carry
    /// their pen (the centre line at the sum of the advances before them).
    /// Colour (bitmap) glyphs are left out: they stay image tiles. Nil when
    /// the lines do not account for the placed glyphs one for one.
    func glyphRun(_ color: RGBA) -> GlyphRun? {
        let fonts = layout.faces.map { GlyphRun.Font(file: $0.file, index: $0.index) }
        let colors = layout.fillColors.indices.map { Color($0 == 0 ? color : layout.fillColors[$0]) }
        var glyphs: [GlyphRun.Glyph] = [], lines: [GlyphRun.Line] = []
        var next = 0
        // Takes the placed glyphs of one shaped sequence (a line or a ruby),
        // `start` its pen's start along a column and `centre` its centre line.
        func take(_ shaped: [ShapedGlyph], text: String, vertical: Bool, start: Double, centre: Double) -> Bool {
            let utf8 = Array(text.utf8)
            let offsets = Set(shaped.map(\.cluster)).sorted()
            var seen = Set<Int>()
            var pen = start
            for glyph in shaped {
                guard next < layout.glyphs.count, layout.glyphs[next].id == glyph.id else { return false }
                let placed = layout.glyphs[next]
                next += 1
                defer { pen += glyph.advance }
                guard layout.fontFaces.indices.contains(placed.face), layout.fontFaces[placed.face].isScalable,
                      abs(placed.x) < 1e9, abs(placed.y) < 1e9 else { continue }
                var characters = ""
                if seen.insert(glyph.cluster).inserted, glyph.cluster >= 0, glyph.cluster <= utf8.count {
                    let end = offsets.first { $0 > glyph.cluster } ?? utf8.count
                    characters = String(decoding: utf8[glyph.cluster ..< min(max(end, glyph.cluster), utf8.count)], as: UTF8.self)
                }
                glyphs.append(GlyphRun.Glyph(font: placed.face, id: placed.id, x: placed.x, y: placed.y, size: placed.size,
                                             color: placed.fill, sideways: placed.sideways, widthScale: placed.widthScale,
                                             vertical: vertical && !placed.sideways, penX: centre, penY: pen,
                                             text: characters, advance: glyph.advance))
            }
            return true
        }
        for line in layout.lines {
            let first = glyphs.count
            let rubies = { () -> Bool in
                line.ruby.allSatisfy { take($0.glyphs, text: $0.text, vertical: line.isVertical, start: $0.x, centre: $0.baseline) }
            }
            if !line.isVertical, !rubies() { return nil }
            guard take(line.glyphs, text: line.text, vertical: line.isVertical, start: line.x, centre: line.baseline) else { return nil }
            if line.isVertical, !rubies() { return nil }
            // A right-to-left or mixed line is left to the reader's own bidi
            // (glyphs in visual order, each mapped to its text): poppler
            // takes an /ActualText in logical order for visual order and
            // reverses its right-to-left runs (docs/print.md "Text in PDF"),
            // turned or not.
            lines.append(GlyphRun.Line(text: line.text, glyphs: first ..< glyphs.count,
                                       needsActualText: line.isVertical || !line.ruby.isEmpty,
                                       rightToLeft: !line.isVertical && Bidi.containsRightToLeft(line.text)))
        }
        guard next == layout.glyphs.count else { return nil }
        return GlyphRun(fonts: fonts, colors: colors, glyphs: glyphs, lines: lines)
    }
}
