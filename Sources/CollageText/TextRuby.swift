import CollageRaster
import CollageSpec

/// The ruby annotations (furigana) of a text overlay (docs/text.md "Ruby";
/// W3C JLReq §3.3 basics): each span with `ruby` is a base; its
/// annotation is set with a style of its own at half the span's size (same
/// faces, features, language and colour) over the base (horizontal) or to
/// its right (vertical), centred on it: group ruby. A base never breaks
/// across lines. A ruby longer than its base spreads the base's clusters
/// evenly over the ruby's length, each cluster getting an equal share of
/// the difference, half a share at either end (CSS `ruby-align:
/// space-around`); the line's box grows to hold the annotation.
/// Used only while holding the `FontLibrary`'s lock.
struct TextRuby {
    /// One annotated span.
    struct Base {
        /// The span's index in the styles (`TextCluster.style`).
        var span: Int
        /// The annotation's own style (in the same style list).
        var style: Int
        /// The annotation, itemised (faces from the span's face set).
        var clusters: [TextCluster]
        /// The span's clusters, itemised with their paragraph.
        var base: [TextCluster] = []
    }

    private(set) var bases: [Base] = []

    var isEmpty: Bool { bases.isEmpty }

    /// Adds a half-size style for every span with `ruby` to `styles`.
    init(runs: [TextSpan], styles: inout [TextRunStyle]) {
        for (index, run) in runs.enumerated() {
            guard let ruby = run.ruby, !ruby.isEmpty, index < styles.count else { continue }
            let span = styles[index]
            let annotation = TextRunStyle(faces: span.faces, size: span.baseSize / 2, features: span.features,
                                          letterSpacing: 0, language: span.language, color: span.color)
            styles.append(annotation)
            let clusters = TextCluster.itemize([TextControls.Piece(text: ruby, style: styles.count - 1)],
                                               faces: styles.map(\.faces), langs: styles.map(\.language)).clusters
            bases.append(Base(span: index, style: styles.count - 1, clusters: clusters))
        }
    }

    /// Keeps each base on one line (no break inside it) and records its clusters.
    mutating func keepBasesWhole(_ clusters: inout [TextCluster]) {
        for b in bases.indices {
            let span = bases[b].span
            var first = true
            for i in clusters.indices where clusters[i].style == span {
                if !first { clusters[i].breakBefore = false; clusters[i].hyphenBefore = false }
                first = false
                bases[b].base.append(clusters[i])
            }
        }
    }

    /// The annotation's and the base's lengths at the styles' current sizes.
    private func lengths(_ base: Base, styles: [TextRunStyle], table: TextFaceTable,
                         column: ColumnShaper?) -> (ruby: Double, base: Double) {
        if let column {
            return (column.shape(base.clusters[...]).advance, column.shape(base.base[...]).advance)
        }
        let shaper = LineShaper(styles: styles, table: table)
        return (shaper.shape(base.clusters[...]).advance, shaper.shape(base.base[...]).advance)
    }

    /// Sets each base's `rubySpacing` for the current sizes: the share per
    /// cluster by which a longer ruby spreads its base (0 when the base is
    /// as long or longer). `column` shapes vertical text (nil: horizontal).
    func spread(styles: [TextRunStyle], table: TextFaceTable, column: ColumnShaper?) {
        for base in bases {
            styles[base.span].rubySpacing = 0
            let (ruby, length) = lengths(base, styles: styles, table: table, column: column)
            if ruby > length, !base.base.isEmpty {
                styles[base.span].rubySpacing = (ruby - length) / Double(base.base.count)
            }
        }
    }

    /// The annotations of one set line (horizontal) or column (vertical),
    /// placed: each centred on its base along the line, over the base's
    /// ascent (horizontal: its baseline at the base's ascender plus the
    /// ruby's descent above the line's baseline) or right of its em box
    /// (vertical: its centre line half the base's size plus half its own
    /// right of the column's). Returns them with their glyphs placed for
    /// the rasteriser, and the extent the line needs on its over side
    /// (above the baseline; right of the centre line).
    func place(on line: TextLayout.Line, clusters: [TextCluster], styles: [TextRunStyle], table: TextFaceTable,
               column: ColumnShaper?, groupOfStyle: [Int]) throws(FontError)
        -> (ruby: [TextLayout.Ruby], placed: [PositionedGlyph]) {
        var result: [TextLayout.Ruby] = [], placed: [PositionedGlyph] = []
        for base in bases {
            let spanGlyphs = line.glyphs.filter { $0.span == base.span }
            guard !spanGlyphs.isEmpty else { continue }
            let rubyStyle = styles[base.style], spanStyle = styles[base.span]
            let width = spanGlyphs.reduce(0) { $0 + $1.advance }
            let shift = spanStyle.rubySpacing / 2
            let text = String(base.clusters.map(\.character))
            if let column {
                let shaped = column.shape(base.clusters[...])
                // The base's start and length along the column, from its clusters' advances.
                let advances = zip(clusters, column.shape(clusters[...]).clusterAdvances)
                let before = advances.prefix { $0.0.style != base.span }.reduce(0) { $0 + $1.1 }
                let length = advances.filter { $0.0.style == base.span }.reduce(0) { $0 + $1.1 }
                let top = line.x + before + (length - shaped.advance) / 2
                let centre = line.baseline + spanStyle.size / 2 + rubyStyle.size / 2
                result.append(TextLayout.Ruby(text: text, glyphs: shaped.glyphs, advance: shaped.advance, x: top, baseline: centre))
                for glyph in shaped.glyphs {
                    placed.append(PositionedGlyph(face: glyph.face, id: glyph.id, x: centre + glyph.x,
                                                         y: top + glyph.y, size: rubyStyle.size, fill: groupOfStyle[base.style],
                                                         sideways: glyph.sideways, widthScale: glyph.widthScale))
                }
            } else {
                let shaped = LineShaper(styles: styles, table: table).shape(base.clusters[...])
                let start = line.x + (spanGlyphs.map(\.x).min() ?? 0) - shift
                let left = start + (width - shaped.advance) / 2
                let baseMetrics = try spanStyle.metrics(), rubyMetrics = try rubyStyle.metrics()
                let baseline = line.baseline - baseMetrics.ascender + rubyMetrics.descender
                result.append(TextLayout.Ruby(text: text, glyphs: shaped.glyphs, advance: shaped.advance, x: left, baseline: baseline))
                for glyph in shaped.glyphs {
                    placed.append(PositionedGlyph(face: glyph.face, id: glyph.id, x: left + glyph.x,
                                                         y: baseline + glyph.y, size: rubyStyle.size, fill: groupOfStyle[base.style]))
                }
            }
        }
        return (result, placed)
    }

    /// The extent a line holding `clusters` needs on its over side for its
    /// annotations (0 when it has none): horizontal, the base's ascender
    /// plus the ruby's ascender − descender; vertical, half the base's size
    /// plus the ruby's size.
    func overExtent(of clusters: [TextCluster], styles: [TextRunStyle], vertical: Bool) throws(FontError) -> Double {
        var extent = 0.0
        for base in bases where clusters.contains(where: { $0.style == base.span }) {
            let spanStyle = styles[base.span], rubyStyle = styles[base.style]
            if vertical {
                extent = max(extent, spanStyle.size / 2 + rubyStyle.size)
            } else {
                let baseMetrics = try spanStyle.metrics(), rubyMetrics = try rubyStyle.metrics()
                extent = max(extent, baseMetrics.ascender + rubyMetrics.ascender - rubyMetrics.descender)
            }
        }
        return extent
    }
}
