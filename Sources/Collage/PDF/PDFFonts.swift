import CollageCodecs
import CollageRaster
import CollageText

/// A PDF document's embedded fonts (issue 45, docs/print.md "Text in
/// PDF"): one subset per face (font file and face index) for the whole
/// document, holding every glyph its pages show. Pages stream, so a face's
/// objects are numbered when the face is first used (its Type0 fonts are
/// named on the pages by those numbers: "F12") and written at `finish`,
/// once every page has added its glyphs; the numbering follows first use,
/// so the same document gives the same bytes.
///
/// Each face is a CIDFont over its subset (`FontSubset`, glyph ids kept, so
/// CID = glyph id): TrueType outlines as CIDFontType2 with FontFile2 and
/// `/CIDToGIDMap /Identity`, CFF outlines as CIDFontType0 with FontFile3
/// `/CIDFontType0C` (the subset's CFF table; its charset maps the CIDs,
/// which are the glyph ids for a CID-keyed face such as Noto Sans CJK and
/// for a name-keyed one); `/W` the glyphs' advances, `/W2` (when a column uses the
/// face) each upright glyph's vertical advance and vertical origin as the
/// raster placed it. Over it, a Type0 font with Identity-H and, for
/// vertical columns, one with Identity-V, both with the face's ToUnicode
/// CMap (glyph → its cluster's text). The subset tag is six capitals from a
/// hash of the face and its glyph set.
final class PDFFonts {
    private struct Face {
        var font: GlyphRun.Font
        var cidFont: Int
        var horizontal: Int?
        var vertical: Int?
        var glyphs: Set<UInt32> = []
        /// Each glyph's text, the first non-empty one given.
        var text: [UInt32: String] = [:]
        /// An upright glyph's vertical advance (negative: down) and vertical origin, thousandths of an em.
        var verticalMetrics: [UInt32: (w1y: Double, vx: Double, vy: Double)] = [:]
    }

    private let writer: PDFWriter
    private var faces: [Face] = []
    private var known: [GlyphRun.Font: Int] = [:]
    /// Faces that cannot be embedded (no `glyf` or `CFF ` outlines).
    private var refused: Set<GlyphRun.Font> = []

    init(writer: PDFWriter) { self.writer = writer }

    /// Records `glyph` of `run` (its id, text and vertical metrics) and
    /// returns the object number of the Type0 font that shows it with the
    /// use's origin offset; nil when its face cannot be embedded.
    func use(_ glyph: GlyphRun.Glyph, of run: GlyphRun) -> (number: Int, use: PDFFontUse)? {
        let font = run.fonts[glyph.font]
        guard !refused.contains(font) else { return nil }
        let index: Int
        if let found = known[font] {
            index = found
        } else {
            guard FontSubset.outlines(file: font.file, index: font.index) != nil else { refused.insert(font); return nil }
            index = faces.count
            known[font] = index
            faces.append(Face(font: font, cidFont: writer.reserve()))
        }
        faces[index].glyphs.insert(glyph.id)
        if !glyph.text.isEmpty, faces[index].text[glyph.id] == nil { faces[index].text[glyph.id] = glyph.text }
        guard glyph.vertical else {
            let number = faces[index].horizontal ?? writer.reserve()
            faces[index].horizontal = number
            return (number, PDFFontUse(name: "F\(number)"))
        }
        let number = faces[index].vertical ?? writer.reserve()
        faces[index].vertical = number
        let metrics = faces[index].verticalMetrics[glyph.id] ?? {
            let s = glyph.size, w = glyph.widthScale != 0 ? glyph.widthScale : 1
            // Rounded to what the PDF writes, so placement and /W2 agree exactly.
            func rounded(_ v: Double) -> Double { Double(PDFContent.number(v)) ?? 0 }
            return (w1y: rounded(-glyph.advance * 1000 / s), vx: rounded((glyph.penX - glyph.x) * 1000 / (w * s)),
                    vy: rounded((glyph.y - glyph.penY) * 1000 / s))
        }()
        faces[index].verticalMetrics[glyph.id] = metrics
        return (number, PDFFontUse(name: "F\(number)", originX: metrics.vx, originY: metrics.vy))
    }

    /// Writes every face's subset, descriptor, CIDFont, ToUnicode CMap and Type0 fonts.
    /// - Throws: `ImageError(kind: .encodeFailed)` when a face cannot be
    ///   subset (its file changed or vanished since it was shaped) or zlib fails.
    func finish() throws {
        for face in faces { try write(face) }
    }

    private func write(_ face: Face) throws {
        let ids = face.glyphs.sorted()
        guard let subset = FontSubset.make(file: face.font.file, index: face.font.index, glyphs: ids) else {
            throw ImageError(path: face.font.file, reason: "cannot subset face \(face.font.index) of the font for the PDF",
                             kind: .encodeFailed)
        }
        let name = Self.tag(face.font, glyphs: ids) + "+" + subset.postScriptName
        let scale = 1000 / Double(max(1, subset.unitsPerEm))
        func units(_ v: Int) -> String { PDFContent.number((Double(v) * scale).rounded()) }
        let program: Int
        let fileKey: String
        switch subset.outlines {
        case .trueType:
            program = try writer.stream("/Length1 \(subset.bytes.count)", subset.bytes)
            fileKey = "/FontFile2"
        case .cff:
            program = try writer.stream("/Subtype /CIDFontType0C", subset.bytes)
            fileKey = "/FontFile3"
        }
        // Symbolic (4): the glyphs are outside the standard Latin set; italic (64) when slanted.
        let flags = 4 | (subset.italicAngle != 0 ? 64 : 0) | (subset.isFixedPitch ? 1 : 0)
        let descriptor = writer.object(
            "<< /Type /FontDescriptor /FontName /\(name) /Flags \(flags) /FontBBox [\(subset.boundingBox.map(units).joined(separator: " "))] "
                + "/ItalicAngle \(PDFContent.number(subset.italicAngle)) /Ascent \(units(subset.ascender)) "
                + "/Descent \(units(subset.descender)) /CapHeight \(units(subset.capHeight)) /StemV 80 \(fileKey) \(program) 0 R >>")
        var widths: [String] = []
        var at = 0
        while at < ids.count {
            var end = at
            while end + 1 < ids.count, ids[end + 1] == ids[end] + 1 { end += 1 }
            widths.append("\(ids[at]) [" + ids[at ... end].map { units(subset.advances[$0] ?? 0) }.joined(separator: " ") + "]")
            at = end + 1
        }
        var cid = "<< /Type /Font /Subtype /\(subset.outlines == .trueType ? "CIDFontType2" : "CIDFontType0") /BaseFont /\(name) "
            + "/CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor \(descriptor) 0 R "
            + "/W [\(widths.joined(separator: " "))]"
        if subset.outlines == .trueType { cid += " /CIDToGIDMap /Identity" }
        if !face.verticalMetrics.isEmpty {
            let entries = face.verticalMetrics.keys.sorted().map { id -> String in
                let m = face.verticalMetrics[id]!
                return "\(id) \(id) " + PDFContent.numbers([m.w1y, m.vx, m.vy])
            }
            cid += " /DW2 [880 -1000] /W2 [\(entries.joined(separator: " "))]"
        }
        writer.object(face.cidFont, cid + " >>")
        let toUnicode = try writer.stream("", Array(Self.toUnicode(face.text).utf8))
        for (number, encoding) in [(face.horizontal, "Identity-H"), (face.vertical, "Identity-V")] {
            guard let number else { continue }
            let base = subset.outlines == .cff ? "\(name)-\(encoding)" : name
            writer.object(number, "<< /Type /Font /Subtype /Type0 /BaseFont /\(base) /Encoding /\(encoding) "
                          + "/DescendantFonts [\(face.cidFont) 0 R] /ToUnicode \(toUnicode) 0 R >>")
        }
    }

    /// The ToUnicode CMap (ISO 32000-1, 9.10.3): two-byte codes (glyph ids)
    /// to UTF-16BE, in blocks of at most 100 `bfchar` entries.
    static func toUnicode(_ text: [UInt32: String]) -> String {
        var cmap = """
            /CIDInit /ProcSet findresource begin
            12 dict begin
            begincmap
            /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
            /CMapName /Adobe-Identity-UCS def
            /CMapType 2 def
            1 begincodespacerange
            <0000> <FFFF>
            endcodespacerange

            """
        let entries = text.keys.sorted().filter { $0 <= 0xFFFF }.map { id in
            "<\(TextLeaf.hex(id))> <\(TextLeaf.utf16Hex(text[id]!))>"
        }
        var at = 0
        while at < entries.count {
            let block = entries[at ..< min(at + 100, entries.count)]
            cmap += "\(block.count) beginbfchar\n" + block.joined(separator: "\n") + "\nendbfchar\n"
            at += 100
        }
        return cmap + "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n"
    }

    /// Six capitals from an FNV-1a hash of the face (file, index) and its glyph ids.
    static func tag(_ font: GlyphRun.Font, glyphs: [UInt32]) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        func mix(_ byte: UInt8) { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        for byte in font.file.utf8 { mix(byte) }
        for shift in stride(from: 0, to: 64, by: 8) { mix(UInt8(truncatingIfNeeded: font.index >> shift)) }
        for id in glyphs { for shift in stride(from: 0, to: 32, by: 8) { mix(UInt8(truncatingIfNeeded: id >> shift)) } }
        var letters = ""
        for _ in 0 ..< 6 {
            letters.unicodeScalars.append(Unicode.Scalar(UInt8(ascii: "A") + UInt8(hash % 26)))
            hash /= 26
        }
        return letters
    }
}
