import CollageNumerics
import CText
import CollageRaster
import CollageSpec

/// Sets a text overlay: picks its faces per grapheme cluster, finds bidi runs
/// and line-break opportunities, shapes, wraps, places the box by anchor and
/// offset, and places every glyph (`TextLayout`; README "Rules": Text).
/// It draws nothing: `CollageLayout` turns the layout into scene nodes.
public enum Typesetter {
    /// Largest font size accepted, pixels (a glyph is rendered whole before
    /// clipping, so its bitmap is about size² bytes).
    public static let maximumSize = 10_000.0
    /// Smallest size `fit: shrink` goes down to, pixels.
    public static let minimumShrinkSize = 1.0
    /// Largest stroke width and shadow blur after percentages are resolved,
    /// pixels (the stroke grows every glyph bitmap by twice its width; the
    /// blur's kernel is 3 × blur + 1 taps wide).
    public static let maximumDecoration = 1000.0

    /// Sets `overlay`'s text in `area`.
    ///
    /// Placement: the anchor point of `area` and the same point of the text
    /// box meet, then `offset` is added (+x right, +y down). For the baseline
    /// anchors, the box's point is on its first baseline and the area's point
    /// is at its middle height. Percentages of `size`, `maxWidth`,
    /// `maxHeight` and `offset` refer to `area` (`maxWidth` and the x offset
    /// to its width, the others to its height); those of the stroke width,
    /// padding and corner radius to the final font size.
    ///
    /// Lines: explicit line breaks, then wrapping at UAX #14 opportunities
    /// to `maxWidth` (a cluster run longer than the width with no opportunity
    /// is split between clusters); trailing spaces of a wrapped line are
    /// dropped. `maxLines` keeps that many lines and ends the last one with
    /// "…" (dropping clusters until it fits `maxWidth`), placed at the line's
    /// end in the paragraph's direction (the left end of a right-to-left line). `fit: shrink`
    /// searches (bisection, 20 steps) for the largest size down to
    /// `minimumShrinkSize` at which the box fits `maxWidth` x `maxHeight`.
    ///
    /// - Parameters:
    ///   - text: the text overlay's own keys.
    ///   - overlay: its placement keys (anchor, offset; `location` for errors).
    ///   - area: the rectangle anchors and percentages refer to, canvas
    ///     pixels (the canvas, or the photo's cell with `photo:`).
    ///   - library: fonts to use.
    /// - Throws: `DiagnosticList` with `.font` at `overlay.location` when no
    ///   font can be used (at the `font.file` key for a file that cannot be
    ///   opened), `.outOfRange` there for a size outside
    ///   (0, `maximumSize`] or a stroke width or shadow blur over
    ///   `maximumDecoration`.
    public static func set(_ text: TextOverlaySpec, placement overlay: OverlaySpec, in area: PixelRect,
                           library: FontLibrary = .shared) throws(DiagnosticList) -> TextLayout {
        let size = text.font.relativeSize.map { $0 * Double(area.height) / 100 } ?? text.font.size
        guard size > 0, size <= maximumSize else {
            throw DiagnosticList([Diagnostic(.outOfRange, at: overlay.location,
                "font size \(size) is outside 0 < size <= \(NumberText.plain(maximumSize)) pixels")])
        }
        for span in text.spans {
            let spanSize = span.font.relativeSize.map { $0 * Double(area.height) / 100 } ?? span.font.size
            guard spanSize > 0, spanSize <= maximumSize else {
                throw DiagnosticList([Diagnostic(.outOfRange, at: overlay.location,
                    "a span's font size \(spanSize) is outside 0 < size <= \(NumberText.plain(maximumSize)) pixels")])
            }
        }
        for (name, value) in [("stroke width", text.style.stroke?.width.resolved(reference: size)),
                              ("shadow blur", text.style.shadow?.blur)] {
            guard let value, value > maximumDecoration else { continue }
            throw DiagnosticList([Diagnostic(.outOfRange, at: overlay.location,
                "\(name) \(value) pixels is more than \(NumberText.plain(maximumDecoration)) pixels")])
        }
        do {
            return try library.withLock { () throws(FontError) in
                try setLocked(text, size: size, placement: overlay, area: area, library: library)
            }
        } catch {
            // A font file that did not open is reported at its `file:` key.
            var location = overlay.location
            if case .unreadable(let file, _) = error {
                location = ([text.font] + text.spans.map(\.font)).first { $0.file == file }?.fileLocation ?? location
            }
            throw DiagnosticList([Diagnostic(.font, at: location, error.description)])
        }
    }

    /// Lines set at one size.
    private struct Setting {
        /// The overlay's own size at this trial (every span's scales with it).
        var size: Double
        var lines: [SetLine]
        /// The first span's primary face's metrics at its size.
        var metrics: FontMetrics
        /// The box: the fixed `width` / `height`, else the lines' extent.
        var width: Double
        var height: Double
        /// The lines' extent: the widest advance; the first line's ascent to
        /// the last line's descent.
        var contentWidth: Double
        var contentHeight: Double
    }

    /// One shaped line and where it sits in its paragraph.
    private struct SetLine {
        var shaped: LineShaper.Shaped
        /// The paragraph's last line (never justified).
        var endsParagraph: Bool
        /// The paragraph runs right to left (a last justified line then sits right).
        var rightToLeft: Bool
        /// The largest ascent and descent (>= 0) of its spans' primary faces.
        var ascent = 0.0
        var descent = 0.0
        /// Baseline below the lines' top, pixels.
        var baseline = 0.0
        /// The line's clusters (where its ruby bases are).
        var clusters: [TextCluster] = []
    }

    private static func setLocked(_ spec: TextOverlaySpec, size: Double, placement overlay: OverlaySpec, area: PixelRect,
                                  library: FontLibrary) throws(FontError) -> TextLayout {
        var warnings: [Diagnostic] = []
        let style = spec.style
        let areaWidth = Double(area.width), areaHeight = Double(area.height)
        // One style per span (a plain text is one span of the overlay's own keys).
        let runs = spec.runs
        var styles: [TextRunStyle] = []
        var faceSets: [FontSpec: FaceSet] = [:]
        var warnedLanguages: Set<String> = [], warnedFamilies: Set<[String]> = []
        for (index, run) in runs.enumerated() {
            let language = run.lang.map(TextLanguage.init(tag:))
            if let language, !warnedLanguages.contains(language.tag),
               let warning = language.warning(at: run.langLocation, fallback: overlay.location) {
                warnedLanguages.insert(language.tag)
                warnings.append(warning)
            }
            var key = run.font
            key.family.append("\u{0}" + (run.lang ?? ""))   // a face set per font and language
            let faces: FaceSet
            if let known = faceSets[key] {
                faces = known
            } else {
                faces = try FaceSet(font: run.font, language: language, library: library)
                faceSets[key] = faces
            }
            if !faces.matchedByName, !warnedFamilies.contains(run.font.family) {
                warnedFamilies.insert(run.font.family)
                warnings.append(Diagnostic(.font, at: overlay.location,
                    "no font named \(run.font.family.map { "'\($0)'" }.joined(separator: ", ")); using '\(faces.families[0])'",
                    severity: .warning))
            }
            let runSize = index == 0 && spec.spans.isEmpty ? size
                : run.font.relativeSize.map { $0 * areaHeight / 100 } ?? run.font.size
            styles.append(TextRunStyle(faces: faces, size: runSize, features: run.font.features.map { "\($0.tag)=\($0.value)" },
                                       letterSpacing: run.letterSpacing, language: run.lang, color: run.color))
        }
        // Ruby annotations get half-size styles of their own, after the spans'.
        var rubies = TextRuby(runs: runs, styles: &styles)
        if style.hyphens == .auto {
            var warned: Set<String> = []
            for run in runs {
                if let lang = run.lang {
                    guard !warned.contains(lang), !Hyphenator.shared.hasDictionary(for: lang) else { continue }
                    warned.insert(lang)
                    warnings.append(Diagnostic(.font, at: run.langLocation ?? overlay.location,
                        "no hyphenation dictionary for 'lang: \(lang)' in \(Hyphenator.directory); 'hyphens: auto' breaks only at U+00AD (install the Debian package \(Hyphenator.package(for: lang)))",
                        severity: .warning))
                } else if !warned.contains("") {
                    warned.insert("")
                    warnings.append(Diagnostic(.missingKey, at: overlay.location,
                        "'hyphens: auto' needs 'lang' to choose a hyphenation dictionary; it breaks only at U+00AD",
                        severity: .warning))
                }
            }
        }
        // The overlay's own size decides `fit: shrink`; every span scales with it.
        let baseSize = size
        func setSizes(_ trial: Double) throws(FontError) {
            for style in styles {
                style.size = style.baseSize * trial / baseSize
                try style.faces.setSize(style.size)
            }
        }
        try setSizes(size)
        let maxWidth = style.maxWidth?.resolved(reference: areaWidth)
        let maxHeight = style.maxHeight?.resolved(reference: areaHeight)
        let fixedWidth = style.width?.resolved(reference: areaWidth)
        let fixedHeight = style.height?.resolved(reference: areaHeight)
        // Lines wrap to the fixed width, else to maxWidth; the text fits into the fixed box, else the bounds.
        let wrapWidth = fixedWidth ?? maxWidth
        let fitHeight = fixedHeight ?? maxHeight
        let table = TextFaceTable()
        _ = table.index(of: 0, in: styles[0])   // the overlay's primary face is face 0

        // Itemise once: faces per cluster do not depend on the size.
        var paragraphs: [[TextCluster]] = []
        var uncovered: [Character] = []
        for pieces in TextControls.paragraphs(spans: runs.map(\.text)) {
            var result = TextCluster.itemize(pieces, faces: styles.map(\.faces), langs: styles.map(\.language),
                                             strictness: style.lineBreak)
            TextCluster.markHyphenation(&result.clusters, hyphens: style.hyphens, langs: styles.map(\.language))
            rubies.keepBasesWhole(&result.clusters)
            paragraphs.append(result.clusters)
            for c in result.uncovered where !uncovered.contains(c) { uncovered.append(c) }
        }
        if !uncovered.isEmpty {
            let codes = uncovered.map { $0.unicodeScalars.map(codePoint).joined(separator: " ") }
            warnings.append(Diagnostic(.font, at: overlay.location,
                "no installed font has a glyph for \(codes.joined(separator: ", ")); drawn as a missing-glyph box",
                severity: .warning))
        }
        if style.direction == .vertical {
            return try setVertical(spec, size: size, placement: overlay, area: area, styles: styles,
                                   table: table, paragraphs: paragraphs, rubies: rubies, setSizes: setSizes,
                                   warnings: warnings)
        }
        /// "…" in the face of `last`'s span, in the paragraph's direction.
        func ellipsis(after last: TextCluster?) -> TextCluster? {
            let character: Character = "…"
            let styleIndex = last?.style ?? 0
            guard let face = styles[styleIndex].faces.face(for: character, previous: nil) else { return nil }
            // At the visual end of an RTL line: the left.
            var cluster = TextCluster(character: character, face: face, level: last?.paragraphLevel ?? 0,
                                      script: last?.script ?? HB_SCRIPT_COMMON, breakBefore: false)
            cluster.style = styleIndex
            return cluster
        }

        func setting(at size: Double) throws(FontError) -> Setting {
            try setSizes(size)
            rubies.spread(styles: styles, table: table, column: nil)
            var shaper = LineShaper(styles: styles, table: table)
            let first = styles[0]
            try first.faces.primary.setSize(first.size)
            shaper.tabWidth = style.tabSize * TextShaper.shape(" ", face: first.faces.primary, features: first.features,
                                                               letterSpacing: first.letterSpacing).advance
            var lineClusters: [(clusters: [TextCluster], endsParagraph: Bool, rightToLeft: Bool, hyphenated: Bool)] = []
            for paragraph in paragraphs {
                let wrapped = wrap(paragraph, shaper: shaper, maxWidth: wrapWidth, tabWidth: shaper.tabWidth, styles: styles)
                let rightToLeft = (paragraph.first?.paragraphLevel ?? 0) % 2 == 1
                for (k, line) in wrapped.enumerated() {
                    var clusters = Array(paragraph[line.range])
                    if line.hyphenated, let last = clusters.last {
                        // The soft hyphen's place takes the drawn hyphen.
                        if last.isSoftHyphen { clusters.removeLast() }
                        clusters.append(hyphen(after: last, faces: styles[last.style].faces))
                    }
                    lineClusters.append((clusters, k == wrapped.count - 1, rightToLeft, line.hyphenated))
                }
            }
            if let maxLines = style.maxLines, lineClusters.count > maxLines {
                lineClusters.removeLast(lineClusters.count - maxLines)
                var last = lineClusters[maxLines - 1].clusters
                // The ellipsis replaces a hyphen the break added.
                if lineClusters[maxLines - 1].hyphenated { last.removeLast() }
                if ellipsis(after: last.last) != nil {
                    while true {
                        while last.last?.isWhitespace == true { last.removeLast() }
                        let candidate = shaper.shape((last + [ellipsis(after: last.last)!])[...])
                        if wrapWidth.map({ candidate.advance <= $0 }) ?? true || last.isEmpty { break }
                        last.removeLast()
                    }
                    last.append(ellipsis(after: last.last)!)
                }
                lineClusters[maxLines - 1].clusters = last
                lineClusters[maxLines - 1].endsParagraph = true
            }
            var lines: [SetLine] = []
            var previousSpacing = 0.0
            var contentHeight = 0.0
            for (index, entry) in lineClusters.enumerated() {
                var line = SetLine(shaped: shaper.shape(entry.clusters[...]), endsParagraph: entry.endsParagraph,
                                   rightToLeft: entry.rightToLeft)
                // Line metrics: the largest ascent and descent of the spans on
                // the line; spacing `lineHeight` × its largest size (or the
                // largest face line height); a baseline is the larger of the
                // two lines' spacings below the one before.
                var spacing = 0.0
                for styleIndex in Set(entry.clusters.map(\.style).isEmpty ? [0] : entry.clusters.map(\.style)) {
                    let runStyle = styles[styleIndex]
                    let metrics = try runStyle.metrics()
                    line.ascent = max(line.ascent, metrics.ascender)
                    line.descent = max(line.descent, -metrics.descender)
                    spacing = max(spacing, style.lineHeight.map { $0 * runStyle.size } ?? metrics.lineHeight)
                }
                line.baseline = index == 0 ? line.ascent : lines[index - 1].baseline + max(previousSpacing, spacing)
                // Ruby: the line's box grows over its bases to hold the
                // annotations, and its baseline moves down so they clear the line above.
                if !rubies.isEmpty {
                    let over = try rubies.overExtent(of: entry.clusters, styles: styles, vertical: false)
                    if over > line.ascent {
                        line.ascent = over
                        line.baseline = index == 0 ? over
                            : max(line.baseline, lines[index - 1].baseline + lines[index - 1].descent + over)
                    }
                }
                line.clusters = entry.clusters
                previousSpacing = spacing
                contentHeight = line.baseline + line.descent
                lines.append(line)
            }
            let contentWidth = lines.map(\.shaped.advance).max() ?? 0
            let metrics = try styles[0].metrics()
            if lines.isEmpty { contentHeight = metrics.ascender - metrics.descender }
            return Setting(size: size, lines: lines, metrics: metrics,
                           width: fixedWidth ?? contentWidth, height: fixedHeight ?? contentHeight,
                           contentWidth: contentWidth, contentHeight: contentHeight)
        }
        func fits(_ s: Setting) -> Bool {
            (wrapWidth.map { s.contentWidth <= $0 + 1e-9 } ?? true) && (fitHeight.map { s.contentHeight <= $0 + 1e-9 } ?? true)
        }

        let result = try shrunk(from: size, fit: style.fit, setting: setting(at:), fits: fits)
        return try place(result, style: spec.style, placement: overlay, styles: styles, table: table, rubies: rubies,
                         ownColor: spec.color, area: area, warnings: warnings)
    }

    /// One wrapped line: its clusters and whether its break takes a hyphen.
    struct WrappedLine {
        var range: Range<Int>
        var hyphenated: Bool
    }

    /// Greedy wrapping at UAX #14 opportunities (and hyphenation points,
    /// `TextCluster.hyphenBefore`): each line ends at the last opportunity
    /// that fits, a hyphen's advance included; with none that fits, at the
    /// last opportunity, or between clusters. Trailing whitespace of a
    /// wrapped line is dropped. A TAB advances to the next multiple of
    /// `tabWidth` from the line's start.
    private static func wrap(_ clusters: [TextCluster], shaper: LineShaper, maxWidth: Double?,
                             tabWidth: Double, styles: [TextRunStyle]) -> [WrappedLine] {
        guard maxWidth != nil, !clusters.isEmpty else { return [WrappedLine(range: 0..<clusters.count, hyphenated: false)] }
        return wrap(clusters, advances: shaper.shape(clusters[...]).clusterAdvances, maxWidth: maxWidth, tabWidth: tabWidth) {
            shaper.shape([hyphen(after: $0, faces: styles[$0.style].faces)][...]).advance
        }
    }

    /// `wrap` with each cluster's advance given (logical order) and the
    /// advance of the hyphen a break after a cluster adds measured by `hyphenAdvance`; vertical
    /// columns break with it too (advances down the column).
    static func wrap(_ clusters: [TextCluster], advances: [Double], maxWidth: Double?, tabWidth: Double,
                     hyphenAdvance: (TextCluster) -> Double) -> [WrappedLine] {
        guard let maxWidth, !clusters.isEmpty else { return [WrappedLine(range: 0..<clusters.count, hyphenated: false)] }
        var lines: [WrappedLine] = []
        var start = 0, width = 0.0
        // Opportunities on the current line: before which cluster, the width before it.
        var candidates: [(index: Int, width: Double, hyphen: Bool)] = []
        var i = 0
        while i < clusters.count {
            if i > start, clusters[i].breakBefore { candidates.append((i, width, clusters[i].hyphenBefore)) }
            if clusters[i].character == TextControls.tab, tabWidth > 0 {
                width = ((width / tabWidth + 1e-9).rounded(.down) + 1) * tabWidth
            } else {
                width += advances[i]
            }
            if i > start, !clusters[i].isWhitespace, width > maxWidth {
                let chosen = candidates.last { candidate in
                    guard candidate.hyphen else { return true }
                    let before = clusters[candidate.index - 1]
                    return candidate.width + hyphenAdvance(before) <= maxWidth + 1e-9
                } ?? candidates.last
                let cut = chosen?.index ?? i
                var end = cut
                while end > start, clusters[end - 1].isWhitespace { end -= 1 }
                lines.append(WrappedLine(range: start..<end, hyphenated: chosen?.hyphen == true && chosen?.index == cut))
                start = cut
                candidates = []
                width = 0
                i = cut
                continue
            }
            i += 1
        }
        lines.append(WrappedLine(range: start..<clusters.count, hyphenated: false))
        return lines
    }

    /// The hyphen a break after `cluster` adds: U+2010 HYPHEN in the
    /// cluster's face, or U+002D when that face has no U+2010.
    static func hyphen(after cluster: TextCluster, faces: FaceSet) -> TextCluster {
        let character: Character = faces.faces[cluster.face].covers("\u{2010}") ? "\u{2010}" : "-"
        return TextCluster(character: character, face: cluster.face, style: cluster.style, level: cluster.paragraphLevel,
                           paragraphLevel: cluster.paragraphLevel, script: cluster.script, breakBefore: false)
    }

    /// Places the lines by anchor, offset and align, and every glyph.
    ///
    /// Fill groups: group 0 is the overlay's own colour (`TextLayout.mask`),
    /// then each other span colour in order of first use (`TextLayout.spanFills`).
    private static func place(_ s: Setting, style: TextStyle, placement overlay: OverlaySpec, styles: [TextRunStyle],
                              table: TextFaceTable, rubies: TextRuby, ownColor: RGBA, area: PixelRect,
                              warnings: [Diagnostic]) throws(FontError) -> TextLayout {
        let (colors, groupOfStyle) = fillGroups(styles, ownColor: ownColor)
        let anchor = overlay.anchor
        let offsetX = overlay.offsetX.resolved(reference: Double(area.width))
        let offsetY = overlay.offsetY.resolved(reference: Double(area.height))
        let areaX = Double(area.x) + anchor.horizontalFraction * Double(area.width)
        let areaY = Double(area.y) + anchor.verticalFraction * Double(area.height)
        // The lines' top inside a fixed height (0 when the box is as tall as the lines).
        let top = switch style.verticalAlign {
        case .top: 0.0
        case .center: (s.height - s.contentHeight) / 2
        case .bottom: s.height - s.contentHeight
        }
        let firstBaseline = s.lines.first?.baseline ?? s.metrics.ascender
        let boxPointY = anchor.isBaseline ? top + firstBaseline : anchor.verticalFraction * s.height
        let box = Rect(x: areaX - anchor.horizontalFraction * s.width + offsetX,
                       y: areaY - boxPointY + offsetY, width: s.width, height: s.height)

        var lines: [TextLayout.Line] = []
        var placed: [PositionedGlyph] = []
        for setLine in s.lines {
            var line = setLine.shaped
            let x: Double
            switch style.align {
            case .left: x = box.x
            case .center: x = box.x + (s.width - line.advance) / 2
            case .right: x = box.x + s.width - line.advance
            case .justify:
                if !setLine.endsParagraph { TextJustification.justify(&line, to: s.width) }
                x = setLine.endsParagraph && setLine.rightToLeft ? box.x + s.width - line.advance : box.x
            }
            let baseline = box.y + top + setLine.baseline
            var placedLine = TextLayout.Line(text: line.text, glyphs: line.glyphs, advance: line.advance, x: x, baseline: baseline,
                                            ascent: setLine.ascent, descent: setLine.descent)
            if !rubies.isEmpty {
                let annotations = try rubies.place(on: placedLine, clusters: setLine.clusters, styles: styles, table: table,
                                                   column: nil, groupOfStyle: groupOfStyle)
                placedLine.ruby = annotations.ruby
                placed += annotations.placed
            }
            lines.append(placedLine)
            for glyph in line.glyphs {
                placed.append(PositionedGlyph(face: glyph.face, id: glyph.id,
                                                     x: x + glyph.x, y: baseline + glyph.y, size: styles[glyph.span].size,
                                                     fill: groupOfStyle[glyph.span]))
            }
        }
        return made(box: box, firstBaseline: box.y + top + firstBaseline, lines: lines, placed: placed,
                    size: s.size, metrics: s.metrics, styles: styles, table: table, colors: colors, warnings: warnings)
    }

    /// The setting at `size`, or with `fit: shrink` when it does not fit, at
    /// the largest size from `minimumShrinkSize` up (bisected 20 times) at
    /// which it fits; `minimumShrinkSize` when none does. Shared by
    /// horizontal lines and vertical columns.
    static func shrunk<Setting, Failure: Error>(from size: Double, fit: TextFit,
                                                setting: (Double) throws(Failure) -> Setting,
                                                fits: (Setting) -> Bool) throws(Failure) -> Setting {
        let first = try setting(size)
        guard fit == .shrink, !fits(first), size > minimumShrinkSize else { return first }
        var low = minimumShrinkSize, high = size
        var best: Double?
        for _ in 0..<20 {
            let mid = (low + high) / 2
            if fits(try setting(mid)) { best = mid; low = mid } else { high = mid }
        }
        return try setting(best ?? minimumShrinkSize)
    }

    /// Fill groups: group 0 is the overlay's own colour, then each other
    /// span colour in order of first use; and each style's group.
    static func fillGroups(_ styles: [TextRunStyle], ownColor: RGBA) -> (colors: [RGBA], groupOfStyle: [Int]) {
        var colors: [RGBA] = [ownColor]
        let groupOfStyle = styles.map { runStyle -> Int in
            if let i = colors.firstIndex(of: runStyle.color) { return i }
            colors.append(runStyle.color)
            return colors.count - 1
        }
        return (colors, groupOfStyle)
    }

    /// The layout of a set block: its lines, its placed glyphs and the faces they use.
    static func made(box: Rect, firstBaseline: Double, lines: [TextLayout.Line], placed: [PositionedGlyph],
                     size: Double, metrics: FontMetrics, styles: [TextRunStyle], table: TextFaceTable, colors: [RGBA],
                     warnings: [Diagnostic]) -> TextLayout {
        // Faces opened by fallback but drawing nothing are listed too (as a face set lists them).
        for runStyle in styles { for i in runStyle.faces.faces.indices { _ = table.index(of: i, in: runStyle) } }
        let faceList = table.faces.enumerated().map { i, face in
            TextLayout.Face(family: table.families[i], file: face.file, index: face.index, isColor: !face.isScalable)
        }
        let primary = styles[0].faces
        return TextLayout(box: box, firstBaseline: firstBaseline, metrics: metrics, size: size,
                          family: primary.families[0], fontFile: primary.primary.file, fontIndex: primary.primary.index,
                          faces: faceList, lines: lines, glyphs: placed, fillColors: colors, fontFaces: table.faces,
                          warnings: warnings)
    }

    /// "U+1F600" for a scalar.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
