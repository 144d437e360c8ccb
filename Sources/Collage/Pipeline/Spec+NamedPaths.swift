import CollageSpec

extension Spec {
    /// A file path the document names, with where it names it.
    public struct NamedPath: Sendable, Hashable {
        /// Absolute, as resolved against the document's folder.
        public var path: String
        /// As written in the document.
        public var src: String
        public var location: SourceLocation
    }

    /// Every file path the document names, in document order: the photos'
    /// `src`, then per overlay its `image` or its `font.file` (and its spans').
    public var namedPaths: [NamedPath] {
        var named = photos.map { NamedPath(path: $0.path, src: $0.src, location: $0.srcLocation) }
        for overlay in overlays {
            switch overlay.kind {
            case .image(let image):
                named.append(NamedPath(path: image.path, src: image.src, location: image.srcLocation))
            case .text(let text):
                // The overlay's font file, then each span's own (once each).
                for font in [text.font] + text.spans.map(\.font) {
                    if let file = font.file, let src = font.fileSrc, let location = font.fileLocation,
                       !named.contains(where: { $0.path == file && $0.location == location }) {
                        named.append(NamedPath(path: file, src: src, location: location))
                    }
                }
            case .shape:
                break
            }
        }
        return named
    }
}
