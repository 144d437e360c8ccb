extension CollageRenderer.Prepared {
    /// Every file the rendered image depends on besides the document, absolute
    /// and listed once: the photos in layout order, the image overlays in
    /// overlay order, the background image, then the font files the typesetter used, block by
    /// block (`TextBlock.usedFontFiles`: the primary face's file, then each
    /// fallback face that set a glyph).
    public var inputFiles: [String] {
        var seen = Set<String>()
        let files = spec.photos.map(\.path) + CodecImageProvider.overlayPaths(spec) + [spec.canvas.image?.path].compactMap { $0 }
            + textBlocks.flatMap(\.usedFontFiles)
        return files.filter { seen.insert($0).inserted }
    }
}
