extension TextLayout {
    /// The font files the block depends on, each listed once: the primary
    /// face's file first (its metrics set the box and the line spacing even
    /// when every glyph comes from a fallback face), then the file of every
    /// other face that set at least one glyph, in `faces` order (the order
    /// first used, which is deterministic for a given text and font list).
    /// Faces that were opened but set no glyph are not listed.
    public var usedFontFiles: [String] {
        var used = Set<Int>()
        for line in lines {
            for glyph in line.glyphs { used.insert(glyph.face) }
        }
        var files = [fontFile]
        for (index, face) in faces.enumerated() where used.contains(index) && !files.contains(face.file) {
            files.append(face.file)
        }
        return files
    }
}
