extension Spec {
    /// Every file the validated document names, once per place it names it,
    /// in this order: the photos' `src` (in layout order), then per overlay
    /// its `image` or its font `file` (the overlay's, then its spans'), then
    /// the canvas's background `image`. Each comes from the validator's one
    /// path resolution (`InputFile`), so it carries its key's schema path
    /// and kind.
    ///
    /// This is the one list `--root`, depfiles, `watch`, the batch stamps and
    /// `layout --json` read. Fonts chosen by `family` are not here: they are
    /// known only after shaping (`TextBlock.usedFontFiles`).
    public var inputs: [InputFile] {
        var found = photos.map(\.input)
        found += overlays.flatMap(\.kind.reading.inputFiles)
        if let background = canvas.image { found.append(background.input) }
        found += includes
        var seen = Set<InputFile>()
        return found.filter { seen.insert($0).inserted }
    }
}
