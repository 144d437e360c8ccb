import CollageSpec

extension CollageDocument.Overlay.Kind {
    /// An image overlay's own keys: `image`, `width`, `height`, `filter`.
    static func imageMembers(path: String, width: CollageDocument.Length?, height: CollageDocument.Length?,
                             filter: [CollageDocument.Filter]?) -> [(String, JSONText.Value?)] {
        [("image", .string(path)), ("width", width?.json), ("height", height?.json),
         ("filter", filter.map { .array($0.map(\.json)) })]
    }
}
