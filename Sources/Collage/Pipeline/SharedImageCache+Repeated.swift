import CollageCodecs

extension SharedImageCache {
    /// The most decoded bytes (RGBA) `repeatedHEIF` keeps for one render.
    static let repeatedHEIFBudget = 64 << 20

    /// For one render without a batch's or server's cache: a cache sharing
    /// the HEIF photos `paths` names more than once (a HEIF is always
    /// decoded whole, never streamed), so each is decoded once for all its
    /// cells instead of once a cell (issue 32: a 3x3 collage of three
    /// iPhone HEICs decoded nine 12 MP images). Entries are kept for the
    /// render, within `repeatedHEIFBudget` bytes of pixels; past it, a cell
    /// decodes its own as before. A cell of another size or orientation
    /// is another decode (the key holds the decode options). Nil when no
    /// HEIF photo repeats: JPEG and PNG photos are decoded (and streamed)
    /// as before.
    /// With `--max-memory`, the kept bytes are at most a quarter of it and
    /// come out of it (`CollageRenderer.encode`); without, they are on top of
    /// the renderer's 256 MiB target.
    /// - Parameters:
    ///   - paths: the scene images' paths (`Layout.images`), photos first.
    ///   - headers: the photos' headers, by the same index.
    ///   - budgetBytes: the most decoded bytes kept; default `repeatedHEIFBudget`.
    static func repeatedHEIF(paths: [String], headers: [ImageHeader],
                             budgetBytes: Int = repeatedHEIFBudget) -> SharedImageCache? {
        var seen: Set<String> = [], repeated: Set<String> = []
        for (path, header) in zip(paths, headers) where header.format == .heif && !seen.insert(path).inserted {
            repeated.insert(path)
        }
        guard !repeated.isEmpty else { return nil }
        let cache = SharedImageCache(budgetBytes: budgetBytes)
        cache.share(repeated)
        return cache
    }
}
