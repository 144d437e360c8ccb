extension CollageRenderer.Prepared {
    /// Every file the rendered image depends on besides the document, absolute
    /// and listed once: the images the document names (`Spec.inputs`: the
    /// photos in layout order, the image overlays in overlay order, the
    /// background image), then the font files the typesetter used, block by
    /// block (`TextBlock.usedFontFiles`: the primary face's file, then each
    /// fallback face that set a glyph), then any font `file` it names that
    /// set no glyph.
    public var inputFiles: [String] {
        var seen = Set<String>()
        let named = spec.inputs
        let files = named.filter { $0.kind != .font }.map(\.path) + usedFontFiles + named.filter { $0.kind == .font }.map(\.path)
        return files.filter { seen.insert($0).inserted }
    }

    /// The font files the typesetter used, absolute and listed once, block by
    /// block (`TextBlock.usedFontFiles`), whether named by `file` or chosen by
    /// `family`; the batch stamps record them per output.
    public var usedFontFiles: [String] {
        var seen = Set<String>()
        return textBlocks.flatMap(\.usedFontFiles).filter { seen.insert($0).inserted }
    }
}
