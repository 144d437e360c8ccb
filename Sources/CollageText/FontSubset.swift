import CText

/// The glyphs of one face that a document uses, cut out of its font file by
/// HarfBuzz's subsetter (issue 45: `hb_subset_or_fail` with
/// `HB_SUBSET_FLAGS_RETAIN_GIDS`, so every kept glyph keeps its id and a
/// PDF's CIDs stay the shaper's glyph ids), with the metrics a PDF font
/// descriptor asks for. A face of a collection (`.ttc`, `.otc`) is subset
/// from its face index into a font of its own.
///
/// Units: font units (`unitsPerEm` to the em) unless noted; y up, as in the
/// font file. Layout tables (GSUB, GPOS, GDEF, BASE, JSTF, MATH) are
/// dropped: the glyphs are already shaped. No cmap is kept either (the
/// PDF maps its CIDs to glyphs itself and to text with a ToUnicode CMap).
public struct FontSubset: Sendable {
    /// How the glyphs are drawn.
    public enum Outlines: Sendable, Equatable {
        /// TrueType quadratic outlines (`glyf`): a PDF CIDFontType2, FontFile2.
        case trueType
        /// Compact Font Format (`CFF `, e.g. Noto Sans CJK): a PDF
        /// CIDFontType0, FontFile3 `/CIDFontType0C`.
        case cff
    }

    /// The subset font program: an OpenType font of one face (TrueType
    /// outlines), or the subset's bare CFF table (CFF outlines; CID-keyed
    /// as the face's, glyph ids retained).
    public var bytes: [UInt8]
    public var outlines: Outlines
    public var unitsPerEm: Int
    /// The face's PostScript name (`name` id 6), only letters, digits,
    /// '-' and '_' kept; "Font" when it has none.
    public var postScriptName: String
    /// Typographic ascender (positive) and descender (negative), from `OS/2` or `hhea`.
    public var ascender: Int, descender: Int
    /// Height of capitals (`OS/2` sCapHeight); the ascender when unknown.
    public var capHeight: Int
    /// `head`'s bounding box of all glyphs: xMin, yMin, xMax, yMax.
    public var boundingBox: [Int]
    /// `post`'s italic angle, degrees counter-clockwise from vertical (0 upright).
    public var italicAngle: Double
    /// Every glyph's fixed advance width (`post` isFixedPitch).
    public var isFixedPitch: Bool
    /// The horizontal advance of each kept glyph id.
    public var advances: [UInt32: Int]

    /// The outline kind of face `index` of `file`; nil when the file cannot
    /// be read or the face has neither `glyf` nor `CFF ` outlines (a bitmap
    /// colour face, `CFF2`): such text stays filled outlines in a PDF.
    public static func outlines(file: String, index: Int) -> Outlines? {
        guard let face = openFace(file: file, index: index) else { return nil }
        defer { hb_face_destroy(face) }
        return outlineKind(face)
    }

    /// Subsets face `index` of `file` to `glyphs` (ids; .notdef is always
    /// kept) with their ids retained; nil when the file cannot be read, has
    /// no `glyf` or `CFF ` outlines, or HarfBuzz fails.
    public static func make(file: String, index: Int, glyphs: [UInt32]) -> FontSubset? {
        guard let face = openFace(file: file, index: index) else { return nil }
        defer { hb_face_destroy(face) }
        guard let kind = outlineKind(face), let input = hb_subset_input_create_or_fail() else { return nil }
        defer { hb_subset_input_destroy(input) }
        let glyphSet = hb_subset_input_glyph_set(input)
        hb_set_add(glyphSet, 0)
        for id in glyphs { hb_set_add(glyphSet, id) }
        let drop = hb_subset_input_set(input, HB_SUBSET_SETS_DROP_TABLE_TAG)
        for tag in ["GSUB", "GPOS", "GDEF", "BASE", "JSTF", "MATH", "morx", "kerx", "kern", "DSIG", "hdmx", "VORG"] {
            hb_set_add(drop, Self.tag(tag))
        }
        hb_subset_input_set_flags(input, HB_SUBSET_FLAGS_RETAIN_GIDS.rawValue | HB_SUBSET_FLAGS_NO_HINTING.rawValue)
        guard let subset = hb_subset_or_fail(face, input) else { return nil }
        defer { hb_face_destroy(subset) }
        let bytes: [UInt8]
        switch kind {
        case .trueType:
            let blob = hb_face_reference_blob(subset)
            defer { hb_blob_destroy(blob) }
            bytes = contents(of: blob)
            guard !bytes.isEmpty else { return nil }
        case .cff:
            // The CFF table alone: the OpenType wrapper's hmtx and vmtx, one
            // entry per id up to the largest kept (ids retained), were 500 KB
            // of a Noto Sans CJK subset that a PDF never reads (it has /W).
            bytes = table(subset, "CFF ")
            guard !bytes.isEmpty else { return nil }
        }

        let font = hb_font_create(face)
        defer { hb_font_destroy(font) }
        let upem = Int(hb_face_get_upem(face))
        // hb_font_create's scale is the upem: positions come in font units.
        func metric(_ tag: hb_ot_metrics_tag_t) -> Int? {
            var value: hb_position_t = 0
            return hb_ot_metrics_get_position(font, tag, &value) != 0 ? Int(value) : nil
        }
        let ascender = metric(HB_OT_METRICS_TAG_HORIZONTAL_ASCENDER) ?? upem * 4 / 5
        let descender = metric(HB_OT_METRICS_TAG_HORIZONTAL_DESCENDER) ?? -upem / 5
        let capHeight = metric(HB_OT_METRICS_TAG_CAP_HEIGHT).flatMap { $0 > 0 ? $0 : nil } ?? ascender
        var advances: [UInt32: Int] = [:]
        for id in glyphs { advances[id] = Int(hb_font_get_glyph_h_advance(font, id)) }
        let head = table(face, "head")
        let box = head.count >= 44 ? [36, 38, 40, 42].map { Int(Int16(bitPattern: UInt16(head[$0]) << 8 | UInt16(head[$0 + 1]))) }
                                   : [0, descender, upem, ascender]
        let post = table(face, "post")
        var angle = 0.0, fixed = false
        if post.count >= 16 {
            let raw = Int32(bitPattern: UInt32(post[4]) << 24 | UInt32(post[5]) << 16 | UInt32(post[6]) << 8 | UInt32(post[7]))
            angle = Double(raw) / 65536
            fixed = post[12] != 0 || post[13] != 0 || post[14] != 0 || post[15] != 0
        }
        return FontSubset(bytes: bytes, outlines: kind, unitsPerEm: upem, postScriptName: postScriptName(face),
                          ascender: ascender, descender: descender, capHeight: capHeight, boundingBox: box,
                          italicAngle: angle, isFixedPitch: fixed, advances: advances)
    }

    private static func openFace(file: String, index: Int) -> OpaquePointer? {
        guard index >= 0, index <= Int(UInt32.max), let blob = hb_blob_create_from_file_or_fail(file) else { return nil }
        defer { hb_blob_destroy(blob) }
        guard Int(hb_face_count(blob)) > index, let face = hb_face_create(blob, UInt32(index)) else { return nil }
        return face
    }

    private static func outlineKind(_ face: OpaquePointer) -> Outlines? {
        if !table(face, "glyf").isEmpty { return .trueType }
        if !table(face, "CFF ").isEmpty { return .cff }
        return nil
    }

    private static func tag(_ text: String) -> hb_tag_t {
        text.utf8.reduce(0) { $0 << 8 | hb_tag_t($1) }
    }

    private static func table(_ face: OpaquePointer, _ name: String) -> [UInt8] {
        guard let blob = hb_face_reference_table(face, tag(name)) else { return [] }
        defer { hb_blob_destroy(blob) }
        return contents(of: blob)
    }

    /// A copy of `blob`'s bytes (none for an empty or failed blob).
    private static func contents(of blob: OpaquePointer?) -> [UInt8] {
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return [] }
        return data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) { Array(UnsafeBufferPointer(start: $0, count: Int(length))) }
    }

    private static func postScriptName(_ face: OpaquePointer) -> String {
        var buffer = [CChar](repeating: 0, count: 128)
        var size = UInt32(buffer.count)
        _ = hb_ot_name_get_utf8(face, hb_ot_name_id_t(HB_OT_NAME_ID_POSTSCRIPT_NAME), hb_language_from_string("en", -1), &size, &buffer)
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let kept = name.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }
        return kept.isEmpty ? "Font" : String(String.UnicodeScalarView(kept))
    }
}
