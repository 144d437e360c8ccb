extension CollageRenderer.Prepared {
    /// Every file the rendered image depends on besides the document, absolute
    /// and listed once: the photos in layout order, then the font files the
    /// typesetter used (`TextBlock.fontFile`).
    public var inputFiles: [String] {
        var seen = Set<String>()
        return (spec.photos.map(\.path) + textBlocks.map(\.fontFile)).filter { seen.insert($0).inserted }
    }
}
