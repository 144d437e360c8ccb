import CollageRaster
import CollageText
import CText

/// A colour glyph (an emoji from a bitmap-only face such as Noto Color
/// Emoji's CBDT strike) as an image tile in its own colours: the strike
/// loaded with `FT_LOAD_COLOR` and scaled by `FontFace.scale` to the glyph's
/// size. Outline glyphs are paths instead (`GlyphOutlines`).
enum ColorGlyph {
    /// The tile of `glyph` (origin on the canvas, pixels, y down), clipped
    /// to `clip`; nil when it has no colour strike or misses `clip`. Call
    /// holding the face's library lock.
    static func tile(_ glyph: PositionedGlyph, face: FontFace, clip: PixelRect) -> ColorTile? {
        try? face.setSize(glyph.size)
        let handle = face.handle
        FT_Set_Transform(handle, nil, nil)
        guard FT_Load_Glyph(handle, glyph.id, Int32(FT_LOAD_COLOR)) == 0, let slot = handle.pointee.glyph else { return nil }
        let bitmap = slot.pointee.bitmap
        guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), let buffer = bitmap.buffer,
              bitmap.width > 0, bitmap.rows > 0, bitmap.pitch > 0 else { return nil }
        let scale = face.scale
        let left = glyph.x + Double(slot.pointee.bitmap_left) * scale
        let top = glyph.y - Double(slot.pointee.bitmap_top) * scale
        let width = Double(bitmap.width) * scale, height = Double(bitmap.rows) * scale
        if left + width <= Double(clip.x) || left >= Double(clip.maxX)
            || top + height <= Double(clip.y) || top >= Double(clip.maxY) { return nil }
        return ColorTile.scaledStrike(bgra: buffer, width: Int(bitmap.width), height: Int(bitmap.rows),
                                      pitch: Int(bitmap.pitch), scale: scale, left: left, top: top, clip: clip)
    }
}
