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
    /// A vertical or ruby line, and every line of turned text, is wrapped in `/Span
    /// << /ActualText … >> BDC … EMC` with its text in logical order, so
    /// text extraction reads it as written.
    ///
    /// The fills are drawn instead (filled outlines, `PathLeaf`'s stage)
    /// when a face cannot be embedded, a colour is translucent (glyphs that
    /// overlap would each add their alpha, where the raster fills their
    /// union once) or a position is not finite.
    func pdf(into content: inout PDFContent, device: Affine, stage: any PDFStage) throws {
        guard let uses = fontUses(stage) else {
            for fill in fills { try fill.pdf(into: &content, device: device, stage: stage) }
            return
        }
        // Turned text (any rotation, a quarter turn included, or skew) gives
        // its lines whole too: readers piece lines together from glyphs
        // standing on the page's axes.
        let turned = device.b != 0 || device.c != 0
        content.op("q")
        for line in run.lines where !line.glyphs.isEmpty {
            // Each line sets its own colour and font: a line stands alone.
            var color: Int?, font: String?
            let actual = line.needsActualText || turned
            if actual { content.op("/Span << /ActualText \(Self.textString(line.text)) >> BDC") }
            content.op("BT")
            for index in line.glyphs {
                let glyph = run.glyphs[index], use = uses[index]
                if color != glyph.color { content.fillColor(run.colors[glyph.color]); color = glyph.color }
                if font != use.name { content.op("/\(use.name) 1 Tf"); font = use.name }
                let m = Self.textMatrix(glyph, use: use)
                content.op(PDFContent.numbers([m.a, m.b, m.c, m.d, m.tx, m.ty]) + " Tm <" + Self.hex(glyph.id) + "> Tj")
            }
            content.op("ET")
            if actual { content.op("EMC") }
        }
        content.op("Q")
    }

    /// Each glyph's font, nil when the run must be drawn as outlines.
    private func fontUses(_ stage: any PDFStage) -> [PDFFontUse]? {
        var uses: [PDFFontUse] = []
        uses.reserveCapacity(run.glyphs.count)
        for glyph in run.glyphs {
            guard run.colors.indices.contains(glyph.color), run.colors[glyph.color].alpha == 255,
                  run.fonts.indices.contains(glyph.font), glyph.id <= 0xFFFF,
                  glyph.x.isFinite, glyph.y.isFinite, glyph.size.isFinite, glyph.size > 0, glyph.widthScale.isFinite,
                  glyph.penX.isFinite, glyph.penY.isFinite, abs(glyph.x) < 1e9, abs(glyph.y) < 1e9 else { return nil }
        }
        for glyph in run.glyphs {
            guard let use = stage.font(for: glyph, of: run) else { return nil }
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
