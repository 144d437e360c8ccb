import CText

/// Shapes one run of text with HarfBuzz (kerning, ligatures, Arabic joining,
/// marks on their anchors) using the FreeType face's unhinted advances
/// (README "Rules": Text).
enum TextShaper {
    /// Shapes `text` (UTF-8) with `face` at its current size.
    ///
    /// - Parameters:
    ///   - rightToLeft: the run's bidi direction (odd embedding level);
    ///     nil guesses direction, script and language from the text.
    ///   - script: ISO 15924 tag as HarfBuzz reads it (`hb_script_t`), or
    ///     `HB_SCRIPT_UNKNOWN` to guess.
    ///   - features: OpenType features in HarfBuzz syntax, e.g. `"-kern"`, `"tnum"`.
    ///   - letterSpacing: pixels added after the last glyph of each cluster.
    ///   - language: a BCP 47 tag for HarfBuzz (the font's `locl` forms);
    ///     nil: HarfBuzz's default (the process locale's, "C" here: none).
    /// - Returns: the glyphs in visual order (positions relative to the
    ///   run's start, pixels, y down; bitmap faces scaled by `face.scale`)
    ///   and the run's advance sum.
    ///
    /// Results are kept in `ShapingCache.shared`, keyed by everything they
    /// depend on, so a repeated run is shaped once per process.
    static func shape(_ text: String, face: FontFace, rightToLeft: Bool? = nil, script: hb_script_t = HB_SCRIPT_UNKNOWN,
                      features: [String] = [], letterSpacing: Double = 0,
                      language: String? = nil) -> (glyphs: [ShapedGlyph], advance: Double) {
        let metrics = face.handle.pointee.size.pointee.metrics
        let key = ShapingCache.Key(text: text, face: face.identity, xScale: Int(metrics.x_scale),
                                   yScale: Int(metrics.y_scale), bitmapScale: face.scale, rightToLeft: rightToLeft,
                                   script: script.rawValue, features: features, letterSpacing: letterSpacing,
                                   language: language)
        return ShapingCache.shared.run(key) {
            shapeUncached(text, face: face, rightToLeft: rightToLeft, script: script, features: features,
                          letterSpacing: letterSpacing, language: language)
        }
    }

    /// `shape` without the cache: one HarfBuzz shaping.
    static func shapeUncached(_ text: String, face: FontFace, rightToLeft: Bool?, script: hb_script_t,
                              features: [String], letterSpacing: Double,
                              language: String? = nil) -> (glyphs: [ShapedGlyph], advance: Double) {
        guard let font = hb_ft_font_create_referenced(face.handle) else { return ([], 0) }
        defer { hb_font_destroy(font) }
        hb_ft_font_set_load_flags(font, Int32(FT_LOAD_NO_HINTING))
        guard let buffer = shapedBuffer(text, font: font,
                                        direction: rightToLeft.map { $0 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR },
                                        script: script, language: language, features: features) else { return ([], 0) }
        defer { hb_buffer_destroy(buffer) }
        return glyphs(of: buffer, face: face, letterSpacing: letterSpacing, vertical: false)
    }

    /// The glyphs of a shaped `buffer` in pixels (`face.scale` is hb_ft's
    /// 26.6 scale), the pen moving along the line (`vertical` false: x right)
    /// or down the column (`vertical`: HarfBuzz's y axis points up, so the pen
    /// moves by -y_advance); `letterSpacing` is added after each cluster.
    /// Returns the glyphs and the advance sum, for `shapeUncached` and
    /// `shapeVerticalUncached`.
    static func glyphs(of buffer: OpaquePointer, face: FontFace, letterSpacing: Double,
                       vertical: Bool) -> (glyphs: [ShapedGlyph], advance: Double) {
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return ([], 0) }
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(Int(count))
        let unit = face.scale / 64
        var pen = 0.0
        for i in 0..<Int(count) {
            let position = positions[i]
            var advance = vertical ? -Double(position.y_advance) * unit : Double(position.x_advance) * unit
            let cluster = infos[i].cluster
            if letterSpacing != 0, i + 1 == Int(count) || infos[i + 1].cluster != cluster { advance += letterSpacing }
            let x = Double(position.x_offset) * unit, y = -Double(position.y_offset) * unit
            glyphs.append(ShapedGlyph(id: infos[i].codepoint, cluster: Int(cluster),
                                      x: vertical ? x : pen + x, y: vertical ? pen + y : y, advance: advance))
            pen += advance
        }
        return (glyphs, pen)
    }

    /// The HarfBuzz script of a scalar (Unicode Script property).
    static func script(of scalar: Unicode.Scalar) -> hb_script_t {
        hb_unicode_script(hb_unicode_funcs_get_default(), scalar.value)
    }
}

extension TextShaper {
    /// A new HarfBuzz buffer holding `text` (UTF-8) shaped with `font`, for
    /// `shapeUncached` and `shapeVerticalUncached`: `direction` (nil:
    /// guessed from the text), `script` (`HB_SCRIPT_UNKNOWN`: guessed),
    /// `language` (a BCP 47 tag; nil: HarfBuzz's default) and `features`
    /// in HarfBuzz syntax (unparsable ones dropped). The caller destroys it
    /// with `hb_buffer_destroy`; nil when HarfBuzz cannot allocate one.
    static func shapedBuffer(_ text: String, font: OpaquePointer, direction: hb_direction_t?, script: hb_script_t,
                             language: String?, features: [String]) -> OpaquePointer? {
        guard let buffer = hb_buffer_create() else { return nil }
        var utf8 = Array(text.utf8)
        utf8.withUnsafeMutableBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                hb_buffer_add_utf8(buffer, chars.baseAddress, Int32(chars.count), 0, Int32(chars.count))
            }
        }
        if let direction { hb_buffer_set_direction(buffer, direction) }
        if script != HB_SCRIPT_UNKNOWN { hb_buffer_set_script(buffer, script) }
        if let language { hb_buffer_set_language(buffer, hb_language_from_string(language, -1)) }
        hb_buffer_guess_segment_properties(buffer)
        var parsed: [hb_feature_t] = features.compactMap { string in
            var feature = hb_feature_t()
            return hb_feature_from_string(string, Int32(string.utf8.count), &feature) != 0 ? feature : nil
        }
        hb_shape(font, buffer, &parsed, UInt32(parsed.count))
        return buffer
    }
}
