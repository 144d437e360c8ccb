import CText

/// Shapes one line of text with HarfBuzz (kerning, ligatures, marks) using
/// the FreeType face's unhinted advances (DESIGN.md "Text").
enum TextShaper {
    /// Shapes `text` (UTF-8) with `face` at its current size; direction,
    /// script and language are guessed from the text.
    ///
    /// - Parameter features: OpenType features, e.g. `"-kern"` (HarfBuzz syntax).
    /// - Returns: the glyphs in visual order and the line's advance sum, pixels.
    static func shape(_ text: String, face: FontFace, features: [String] = []) -> (glyphs: [ShapedGlyph], advance: Double) {
        guard let font = hb_ft_font_create_referenced(face.handle) else { return ([], 0) }
        defer { hb_font_destroy(font) }
        hb_ft_font_set_load_flags(font, Int32(FT_LOAD_NO_HINTING))
        guard let buffer = hb_buffer_create() else { return ([], 0) }
        defer { hb_buffer_destroy(buffer) }
        var utf8 = Array(text.utf8)
        utf8.withUnsafeMutableBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                hb_buffer_add_utf8(buffer, chars.baseAddress, Int32(chars.count), 0, Int32(chars.count))
            }
        }
        hb_buffer_guess_segment_properties(buffer)
        var parsed: [hb_feature_t] = features.compactMap { string in
            var feature = hb_feature_t()
            return hb_feature_from_string(string, Int32(string.utf8.count), &feature) != 0 ? feature : nil
        }
        hb_shape(font, buffer, &parsed, UInt32(parsed.count))

        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return ([], 0) }
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(Int(count))
        // hb_ft sets the font's scale to the face's size in 26.6 units.
        var pen = 0.0
        for i in 0..<Int(count) {
            let position = positions[i]
            let advance = Double(position.x_advance) / 64
            glyphs.append(ShapedGlyph(id: infos[i].codepoint, cluster: Int(infos[i].cluster),
                                      x: pen + Double(position.x_offset) / 64,
                                      y: -Double(position.y_offset) / 64,
                                      advance: advance))
            pen += advance
        }
        return (glyphs, pen)
    }
}
