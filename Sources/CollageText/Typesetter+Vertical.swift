import CText
import CollageRaster
import CollageSpec

/// Vertical text (`direction: vertical`, tategaki; docs/text.md "Vertical
/// text"): columns set top to bottom, placed right to left.
extension Typesetter {
    /// One column set at one size.
    private struct Column {
        var shaped: ColumnShaper.Shaped
        var clusters: [TextCluster]
        /// Its extent right of its centre line (half the largest span size
        /// on it, or what its ruby needs) and left of it (half that size).
        var right = 0.0
        var left = 0.0
        /// Its centre line's distance from the column block's right edge.
        var centre = 0.0
    }

    /// Columns set at one size.
    private struct ColumnSetting {
        var size: Double
        var columns: [Column]
        var metrics: FontMetrics
        /// The box: the fixed `width` / `height`, else the columns' extent.
        var width: Double
        var height: Double
        /// The first column's right edge to the last one's left edge; the longest column.
        var contentWidth: Double
        var contentHeight: Double
    }

    /// Sets `spec`'s itemised `paragraphs` as vertical columns.
    ///
    /// Each paragraph's clusters break into columns at UAX #14
    /// opportunities where a column would grow longer than `height`, else
    /// `maxHeight` (none: one column per paragraph). Columns are `em`
    /// wide (the largest span size on them) with their centre lines
    /// `lineHeight` × size apart (default: the face's line height), the
    /// first at the box's right edge; `align` places each column along the
    /// box's height (left = top, right = bottom). `fit: shrink` fits the
    /// column block into `maxWidth` / `width` × `maxHeight` / `height`.
    /// Anchors and `offset` place the box as for horizontal text; the
    /// baseline anchors put the first column's centre line on the area's
    /// centre line, at the top, middle or bottom (`baselineLeft`,
    /// `baselineCenter`, `baselineRight`). A face drawing upright glyphs
    /// without vertical metrics (vhea, vmtx) is a warning: its glyphs stand
    /// in em boxes (`ColumnShaper`).
    static func setVertical(_ spec: TextOverlaySpec, size: Double, placement overlay: OverlaySpec, area: PixelRect,
                            styles: [TextRunStyle], table: TextFaceTable, paragraphs: [[TextCluster]],
                            rubies: TextRuby, setSizes: (Double) throws(FontError) -> Void,
                            warnings found: [Diagnostic]) throws(FontError) -> TextLayout {
        var warnings = found
        let style = spec.style
        let areaWidth = Double(area.width), areaHeight = Double(area.height)
        let fixedWidth = style.width?.resolved(reference: areaWidth)
        let fixedHeight = style.height?.resolved(reference: areaHeight)
        let fitWidth = fixedWidth ?? style.maxWidth?.resolved(reference: areaWidth)
        let breakLength = fixedHeight ?? style.maxHeight?.resolved(reference: areaHeight)
        let shaper = ColumnShaper(styles: styles, table: table, orientation: style.textOrientation,
                                  combine: style.textCombineUpright)

        // Faces that draw upright glyphs without vertical metrics (warned once each).
        var warnedFaces: [FontFace] = []
        for paragraph in paragraphs {
            let orientations = shaper.orientations(paragraph[...])
            for (cluster, orientation) in zip(paragraph, orientations) where orientation == .upright && !cluster.isWhitespace {
                let face = styles[cluster.style].faces.faces[cluster.face]
                guard face.isScalable, !face.hasVerticalMetrics, !warnedFaces.contains(where: { $0 === face }) else { continue }
                warnedFaces.append(face)
                warnings.append(Diagnostic(.font, at: overlay.location,
                    "'\(styles[cluster.style].faces.families[cluster.face])' has no vertical metrics (vhea, vmtx): its upright glyphs in 'direction: vertical' stand on the em box",
                    severity: .warning))
            }
        }

        func setting(at size: Double) throws(FontError) -> ColumnSetting {
            try setSizes(size)
            rubies.spread(styles: styles, table: table, column: shaper)
            var entries: [[TextCluster]] = []
            for paragraph in paragraphs {
                let advances = shaper.shape(paragraph[...]).clusterAdvances
                let wrapped = wrap(paragraph, advances: advances, maxWidth: breakLength, tabWidth: 0) {
                    shaper.shape([hyphen(after: $0, faces: styles[$0.style].faces)][...]).advance
                }
                for column in wrapped {
                    var clusters = Array(paragraph[column.range])
                    if column.hyphenated, let last = clusters.last {
                        if last.isSoftHyphen { clusters.removeLast() }
                        clusters.append(hyphen(after: last, faces: styles[last.style].faces))
                    }
                    entries.append(clusters)
                }
            }
            if let maxLines = style.maxLines, entries.count > maxLines {
                entries.removeLast(entries.count - maxLines)
                var last = entries[maxLines - 1]
                let styleIndex = last.last?.style ?? 0
                if let face = styles[styleIndex].faces.face(for: "…", previous: nil) {
                    var ellipsis = TextCluster(character: "…", face: face, level: 0, script: last.last?.script ?? HB_SCRIPT_COMMON,
                                               breakBefore: false)
                    ellipsis.style = styleIndex
                    while true {
                        while last.last?.isWhitespace == true { last.removeLast() }
                        let candidate = shaper.shape((last + [ellipsis])[...])
                        if breakLength.map({ candidate.advance <= $0 }) ?? true || last.isEmpty { break }
                        last.removeLast()
                    }
                    last.append(ellipsis)
                }
                entries[maxLines - 1] = last
            }
            var columns: [Column] = []
            var previousSpacing = 0.0
            for (index, clusters) in entries.enumerated() {
                var column = Column(shaped: shaper.shape(clusters[...]), clusters: clusters)
                var spacing = 0.0
                for styleIndex in Set(clusters.map(\.style).isEmpty ? [0] : clusters.map(\.style)) {
                    let runStyle = styles[styleIndex]
                    let metrics = try runStyle.metrics()
                    column.right = max(column.right, runStyle.size / 2)
                    column.left = max(column.left, runStyle.size / 2)
                    spacing = max(spacing, style.lineHeight.map { $0 * runStyle.size } ?? metrics.lineHeight)
                }
                column.centre = index == 0 ? column.right : columns[index - 1].centre + max(previousSpacing, spacing)
                if !rubies.isEmpty {
                    let over = try rubies.overExtent(of: clusters, styles: styles, vertical: true)
                    if over > column.right {
                        column.right = over
                        column.centre = index == 0 ? over
                            : max(column.centre, columns[index - 1].centre + columns[index - 1].left + over)
                    }
                }
                previousSpacing = spacing
                columns.append(column)
            }
            let metrics = try styles[0].metrics()
            let contentWidth = columns.last.map { $0.centre + $0.left } ?? styles[0].size
            let contentHeight = columns.map(\.shaped.advance).max() ?? 0
            return ColumnSetting(size: size, columns: columns, metrics: metrics, width: fixedWidth ?? contentWidth,
                                 height: fixedHeight ?? contentHeight, contentWidth: contentWidth, contentHeight: contentHeight)
        }
        func fits(_ s: ColumnSetting) -> Bool {
            (fitWidth.map { s.contentWidth <= $0 + 1e-9 } ?? true) && (breakLength.map { s.contentHeight <= $0 + 1e-9 } ?? true)
        }
        let result = try shrunk(from: size, fit: style.fit, setting: setting(at:), fits: fits)
        let s = result

        // The box: anchors as for horizontal text; the baseline anchors take the first column's centre line.
        let (colors, groupOfStyle) = fillGroups(styles, ownColor: spec.color)
        let anchor = overlay.anchor
        let offsetX = overlay.offsetX.resolved(reference: areaWidth)
        let offsetY = overlay.offsetY.resolved(reference: areaHeight)
        let firstCentre = s.columns.first?.centre ?? s.width / 2
        let box: Rect
        if anchor.isBaseline {
            let along = anchor.horizontalFraction
            box = Rect(x: Double(area.x) + areaWidth / 2 - (s.width - firstCentre) + offsetX,
                       y: Double(area.y) + along * areaHeight - along * s.height + offsetY, width: s.width, height: s.height)
        } else {
            box = Rect(x: Double(area.x) + anchor.horizontalFraction * (areaWidth - s.width) + offsetX,
                       y: Double(area.y) + anchor.verticalFraction * (areaHeight - s.height) + offsetY,
                       width: s.width, height: s.height)
        }
        var lines: [TextLayout.Line] = []
        var placed: [PositionedGlyph] = []
        for column in s.columns {
            let length = column.shaped.advance
            let top = switch style.align {
            case .left, .justify: box.y
            case .center: box.y + (s.height - length) / 2
            case .right: box.y + s.height - length
            }
            let centre = box.x + s.width - column.centre
            var line = TextLayout.Line(text: column.shaped.text, glyphs: column.shaped.glyphs, advance: length, x: top,
                                      baseline: centre, ascent: column.right, descent: column.left, isVertical: true)
            for glyph in column.shaped.glyphs {
                placed.append(PositionedGlyph(face: glyph.face, id: glyph.id, x: centre + glyph.x,
                                                     y: top + glyph.y, size: styles[glyph.span].size,
                                                     fill: groupOfStyle[glyph.span], sideways: glyph.sideways,
                                                     widthScale: glyph.widthScale))
            }
            if !rubies.isEmpty {
                let annotations = try rubies.place(on: line, clusters: column.clusters, styles: styles, table: table,
                                                   column: shaper, groupOfStyle: groupOfStyle)
                line.ruby = annotations.ruby
                placed += annotations.placed
            }
            lines.append(line)
        }
        return made(box: box, firstBaseline: box.x + s.width - firstCentre, lines: lines, placed: placed,
                    size: s.size, metrics: s.metrics, styles: styles, table: table, colors: colors, warnings: warnings)
    }
}
