extension TextLeaf {
    /// The text's PDF stage (`Node.pdf(into:device:stage:)`, issue 45): the
    /// glyph run as real text, line by line in reading order, one `BT … ET`
    /// per line. Each glyph is shown by its id (`<gid> Tj`, two bytes: the
    /// fonts are Identity-H/V over their subset with ids kept) at exactly the
    /// origin, size, width scale and quarter turn the raster draws it with,
    /// set by its own text matrix (`Tm`: em to local pixels, y flipped), so
    /// the PDF's glyphs land where the raster's outlines do; an upright
    /// glyph of a vertical column goes through the face's Identity-V font,
    /// placed by the vertical origin its CIDFont declares (`PDFFontUse`).
    /// A vertical or ruby line, and every left-to-right line of turned
    /// text, is wrapped in `/Span << /ActualText … >> BDC … EMC` with its
    /// text in logical order, so text extraction reads it as written. A
    /// right-to-left or mixed line never is, turned or not (its glyphs stand
    /// in visual order and readers' own bidi orders them; poppler reverses a
    /// logical-order span). In a line without its own span, a cluster shaped
    /// into several glyphs (Thai "ำ": nikhahit and sara aa) is wrapped in a
    /// span of its text, so a glyph that other clusters map through the
    /// face's ToUnicode CMap is not read twice; not in a right-to-left line.
    /// A missing-character glyph (`.notdef`) is not shown: its outline is
    /// filled (`notdefs`), as the raster draws it.
    ///
    /// The fills are drawn instead (filled outlines, `PathLeaf`'s stage)
    /// when a face cannot be embedded, a colour is translucent (glyphs that
    /// overlap would each add their alpha, where the raster fills their
    /// union once) or a position is not finite.
    func pdf(into content: inout PDFContent, device: Affine, stage: any PDFStage) throws {
        // Turned text (any rotation, a quarter turn included, or skew) gives
        // its lines whole too: readers piece lines together from glyphs
        // standing on the page's axes.
        let turned = device.b != 0 || device.c != 0
        let spansWhole = { (line: GlyphRun.Line) in line.needsActualText || (turned && !line.rightToLeft) }
        var clusters: [Int: Int] = [:]
        for line in run.lines where !spansWhole(line) && !line.rightToLeft {
            clusters.merge(Self.clusterEnds(run.glyphs, in: line.glyphs)) { a, _ in a }
        }
        guard let uses = fontUses(stage, spanned: Set(clusters.keys)) else {
            for fill in fills { try fill.pdf(into: &content, device: device, stage: stage) }
            return
        }
        for notdef in notdefs { try notdef.pdf(into: &content, device: device, stage: stage) }
        content.op("q")
        for line in run.lines where !line.glyphs.isEmpty {
            // Each line sets its own colour and font: a line stands alone.
            var color: Int?, font: String?
            let actual = spansWhole(line)
            var clusterEnd: Int?
            if actual { content.op("/Span << /ActualText \(Self.textString(line.text)) >> BDC") }
            content.op("BT")
            for index in line.glyphs {
                let glyph = run.glyphs[index]
                if let end = clusters[index] {
                    content.op("/Span << /ActualText \(Self.textString(glyph.text)) >> BDC")
                    clusterEnd = end
                }
                if let use = uses[index] {
                    if color != glyph.color { content.fillColor(run.colors[glyph.color]); color = glyph.color }
                    if font != use.name { content.op("/\(use.name) 1 Tf"); font = use.name }
                    let m = Self.textMatrix(glyph, use: use)
                    content.op(PDFContent.numbers([m.a, m.b, m.c, m.d, m.tx, m.ty]) + " Tm <" + Self.hex(glyph.id) + "> Tj")
                }
                if clusterEnd == index { content.op("EMC"); clusterEnd = nil }
            }
            content.op("ET")
            if actual { content.op("EMC") }
        }
        content.op("Q")
    }

    /// The clusters of several glyphs among `range` of `glyphs`: the index
    /// of a cluster's first glyph (the one that carries its text) to that of
    /// its last (the glyphs with no text of their own that follow it).
    static func clusterEnds(_ glyphs: [GlyphRun.Glyph], in range: Range<Int>) -> [Int: Int] {
        var ends: [Int: Int] = [:]
        var index = range.lowerBound
        while index < range.upperBound {
            var end = index
            if !glyphs[index].text.isEmpty {
                while end + 1 < range.upperBound, glyphs[end + 1].text.isEmpty { end += 1 }
                if end > index { ends[index] = end }
            }
            index = end + 1
        }
        return ends
    }

    /// Each glyph's font (nil for a `.notdef` glyph, filled as an outline),
    /// nil when the run must be drawn as outlines.
    /// The first glyphs of the clusters in `spanned` carry their text in
    /// their own `/ActualText`, so they give the face's ToUnicode CMap
    /// none: a Thai "ล" first seen in "ลั" must not map to "ลั" where it
    /// stands alone.
    private func fontUses(_ stage: any PDFStage, spanned: Set<Int>) -> [PDFFontUse?]? {
        var uses: [PDFFontUse?] = []
        uses.reserveCapacity(run.glyphs.count)
        for glyph in run.glyphs {
            guard run.colors.indices.contains(glyph.color), run.colors[glyph.color].alpha == 255,
                  run.fonts.indices.contains(glyph.font), glyph.id <= 0xFFFF,
                  glyph.x.isFinite, glyph.y.isFinite, glyph.size.isFinite, glyph.size > 0, glyph.widthScale.isFinite,
                  glyph.penX.isFinite, glyph.penY.isFinite, abs(glyph.x) < 1e9, abs(glyph.y) < 1e9 else { return nil }
        }
        // Missing glyphs are filled from `notdefs`: without them, all are outlines.
        if run.glyphs.contains(where: \.notdef), notdefs.isEmpty { return nil }
        for (index, glyph) in run.glyphs.enumerated() {
            if glyph.notdef { uses.append(nil); continue }
            var shown = glyph
            if spanned.contains(index) { shown.text = "" }
            guard let use = stage.font(for: shown, of: run) else { return nil }
            uses.append(use)
        }
        return uses
    }

    /// Text space (the font at size 1: ems, y up) to local pixels for
    /// `glyph`: a vertical glyph's text origin is its vertical origin, `use`'s
    /// offset from its horizontal origin; then em → pixels with y flipped,
    /// the width scale, the quarter turn of a sideways glyph and the move to
    /// its origin (`GlyphOutlines.placement`'s order).
    static func textMatrix(_ glyph: GlyphRun.Glyph, use: PDFFontUse) -> Affine {
        var m = Affine.translation(use.originX / 1000, use.originY / 1000)
            .then(Affine(a: glyph.size, b: 0, c: 0, d: -glyph.size, tx: 0, ty: 0))
            .then(.scale(glyph.widthScale, 1))
        if glyph.sideways { m = m.then(Affine(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)) }
        return m.then(.translation(glyph.x, glyph.y))
    }

    /// A glyph id as a two-byte hex string's digits ("0041").
    public static func hex(_ id: UInt32) -> String { hex16(UInt16(truncatingIfNeeded: id)) }

    /// `text` in UTF-16BE as hex digits, no byte order mark (a ToUnicode CMap's destination).
    public static func utf16Hex(_ text: String) -> String { text.utf16.map(hex16).joined() }

    /// `text` as a PDF text string in UTF-16BE with its byte order mark, hex ("<FEFF…>").
    static func textString(_ text: String) -> String { "<FEFF" + utf16Hex(text) + ">" }

    private static func hex16(_ unit: UInt16) -> String {
        let digits = String(unit, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}
