import CText

extension TextShaper {
    /// Shapes `text` (UTF-8) top to bottom (`HB_DIRECTION_TTB`) with `face`
    /// at its current size, so the font's `vert`/`vrt2` substitutions give
    /// the vertical forms of 。、「」ー and small kana.
    ///
    /// HarfBuzz's own OpenType font functions do the metrics (as `hb-shape`
    /// does): advances from vmtx, vertical origins from VORG or vmtx; a face
    /// without vertical metrics gets HarfBuzz's defaults (advances of the
    /// hhea ascender − descender; `ColumnShaper` sets such faces on the em
    /// box instead). The scale is `hb_ft`'s (26.6 pixels), so
    /// `hb-shape --direction=ttb --font-size=<size × 64>` gives the same
    /// integers.
    ///
    /// - Returns: glyphs relative to the column's top end on its centre
    ///   line, pixels: `x` across (right of the centre line), `y` down the
    ///   column to the glyph's (horizontal) origin, `advance` downwards
    ///   (letter spacing added after each cluster); and the advance sum.
    static func shapeVertical(_ text: String, face: FontFace, script: hb_script_t = HB_SCRIPT_UNKNOWN,
                              features: [String] = [], letterSpacing: Double = 0,
                              language: String? = nil) -> (glyphs: [ShapedGlyph], advance: Double) {
        let metrics = face.handle.pointee.size.pointee.metrics
        let key = ShapingCache.Key(text: text, face: face.identity, xScale: Int(metrics.x_scale),
                                   yScale: Int(metrics.y_scale), bitmapScale: face.scale, rightToLeft: nil,
                                   script: script.rawValue, features: features, letterSpacing: letterSpacing,
                                   language: language, vertical: true)
        return ShapingCache.shared.run(key) {
            shapeVerticalUncached(text, face: face, script: script, features: features, letterSpacing: letterSpacing,
                                  language: language)
        }
    }

    /// `shapeVertical` without the cache.
    static func shapeVerticalUncached(_ text: String, face: FontFace, script: hb_script_t, features: [String],
                                      letterSpacing: Double, language: String?) -> (glyphs: [ShapedGlyph], advance: Double) {
        guard let font = face.openTypeFont(),
              let buffer = shapedBuffer(text, font: font, direction: HB_DIRECTION_TTB, script: script,
                                        language: language, features: features) else { return ([], 0) }
        defer { hb_buffer_destroy(buffer) }
        return glyphs(of: buffer, face: face, letterSpacing: letterSpacing, vertical: true)
    }
}
