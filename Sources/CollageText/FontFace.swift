import CollageNumerics
import CText
import Glibc

/// One opened FreeType face (a font file and face index), owned by a
/// `FontLibrary` and used only while holding its lock (hence unchecked
/// `Sendable`: the lock, not the type, serialises its use).
package final class FontFace: @unchecked Sendable {
    package let handle: FT_Face
    /// The font file's path and face index (TTC collections hold several).
    package let file: String
    package let index: Int
    /// The file's bytes when the face was opened from memory; they must
    /// outlive the face (`FT_New_Memory_Face` does not copy them).
    private let bytes: FontFileBytes?

    /// The file's version when the face was opened.
    let version: FileVersion?

    /// What a face is, for caches: a face cached or a run shaped under an
    /// older version of the file is not used once the file changed.
    struct Identity: Hashable { var file: String; var index: Int; var version: FileVersion? }
    var identity: Identity { Identity(file: file, index: index, version: version) }

    init(handle: FT_Face, file: String, index: Int, version: FileVersion?, bytes: FontFileBytes? = nil) {
        self.handle = handle; self.file = file; self.index = index; self.version = version; self.bytes = bytes
    }

    func close() {
        if let verticalFont { hb_font_destroy(verticalFont) }
        verticalFont = nil
        FT_Done_Face(handle)
    }

    /// HarfBuzz's font over this face's tables with its own OpenType font
    /// functions (hmtx/vmtx advances, VORG/vmtx vertical origins, as
    /// `hb-shape` uses), made on first use; vertical text is shaped with it.
    private var verticalFont: OpaquePointer?

    /// `verticalFont` scaled to the face's current size as `hb_ft` scales
    /// (FreeType's 16.16 `x_scale`/`y_scale` times units per em: 26.6 pixels).
    func openTypeFont() -> OpaquePointer? {
        if verticalFont == nil, let face = hb_ft_face_create_referenced(handle) {
            verticalFont = hb_font_create(face)
            hb_face_destroy(face)
            if let verticalFont { hb_ot_font_set_funcs(verticalFont) }
        }
        guard let verticalFont else { return nil }
        let metrics = handle.pointee.size.pointee.metrics
        let upem = UInt64(handle.pointee.units_per_EM)
        let x = Int32(truncatingIfNeeded: (UInt64(metrics.x_scale) * upem + (1 << 15)) >> 16)
        let y = Int32(truncatingIfNeeded: (UInt64(metrics.y_scale) * upem + (1 << 15)) >> 16)
        hb_font_set_scale(verticalFont, x, y)
        return verticalFont
    }

    /// True when the face has vertical metrics (vhea and vmtx).
    var hasVerticalMetrics: Bool { handle.pointee.face_flags & FT_Long(FT_FACE_FLAG_VERTICAL) != 0 }

    /// True for outline fonts; false for bitmap-only faces such as Noto
    /// Color Emoji (CBDT), which are drawn from a strike scaled by `scale`.
    package var isScalable: Bool { handle.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 }
    /// True when the face has colour glyphs (CBDT/sbix/COLR).
    var isColor: Bool { handle.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR) != 0 }
    /// Canvas pixels per face pixel at the current size: 1 for outline
    /// faces; the size over the strike's ppem for bitmap faces.
    package private(set) var scale = 1.0

    /// True when the face maps `scalar` to a glyph.
    func covers(_ scalar: Unicode.Scalar) -> Bool { FT_Get_Char_Index(handle, FT_ULong(scalar.value)) != 0 }

    /// Sets the em size in pixels (26.6 fixed point, so to 1/64 px). A
    /// bitmap-only face selects its first strike (`FT_Select_Size(face, 0)`)
    /// and records the scale from that strike to `pixels`.
    package func setSize(_ pixels: Double) throws(FontError) {
        if !isScalable {
            guard handle.pointee.num_fixed_sizes > 0 else { throw FontError.freeType(file, 0x17) }
            let status = FT_Select_Size(handle, 0)
            guard status == 0 else { throw FontError.freeType(file, Int(status)) }
            let ppem = Double(handle.pointee.size.pointee.metrics.y_ppem)
            scale = ppem > 0 ? pixels / ppem : 1
            return
        }
        scale = 1
        // At least 1/64 px: FreeType reads a zero size as "same as the other side".
        let size = max(1, FT_F26Dot6(Int(checked: pixels * 64, .toNearestOrAwayFromZero)))
        let status = FT_Set_Char_Size(handle, 0, size, 72, 72)
        guard status == 0 else { throw FontError.freeType(file, Int(status)) }
    }

    /// Vertical metrics at the current size from FreeType's size metrics
    /// (hhea, or OS/2 when hhea is empty), in pixels, y up.
    var metrics: FontMetrics {
        let m = handle.pointee.size.pointee.metrics
        return FontMetrics(ascender: Double(m.ascender) / 64 * scale, descender: Double(m.descender) / 64 * scale,
                           lineHeight: Double(m.height) / 64 * scale)
    }
}

/// A face's vertical metrics at one size, in pixels (y up: `descender` is
/// negative below the baseline).
public struct FontMetrics: Sendable, Hashable {
    public var ascender: Double
    public var descender: Double
    /// Baseline-to-baseline distance the face recommends.
    public var lineHeight: Double
    public init(ascender: Double, descender: Double, lineHeight: Double) {
        self.ascender = ascender; self.descender = descender; self.lineHeight = lineHeight
    }
}
