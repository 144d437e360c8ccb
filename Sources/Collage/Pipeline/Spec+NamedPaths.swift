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

    /// Every file path the document names (photos' `src`), in document order.
    public var namedPaths: [NamedPath] {
        photos.map { NamedPath(path: $0.path, src: $0.src, location: $0.srcLocation) }
    }
}
