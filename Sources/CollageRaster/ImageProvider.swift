/// Supplies decoded source images to `SceneRenderer`. Implemented by the
/// pipeline over `CollageCodecs`; tests implement it over in-memory pixmaps.
public protocol ImageProvider: Sendable {
    /// Decodes image `index` of the scene, oriented (EXIF applied), in sRGB.
    ///
    /// The result may be smaller than the oriented size (DCT shrink-on-load)
    /// but must be at least `minimumSize` along both axes, unless the oriented
    /// image itself is smaller, in which case it is returned at full size.
    /// The renderer maps source coordinates by the actual ratio
    /// `result.width / orientedSize.width` (and likewise for height).
    /// Called concurrently from several threads for different indices.
    func decode(image index: Int, minimumSize: Size) throws -> Pixmap

    /// Image `index` as stored, with its orientation, under the same size
    /// rule as `decode(image:minimumSize:)` applied to the upright size.
    /// `streaming`: the renderer reads the image once, top to bottom, so a
    /// row stream is welcome (it may still get whole pixels); `.rows` when
    /// it is false fails the render (`SceneRenderError.unrequestedRowStream`). The default
    /// returns `.pixels(decode(...), .upright)`.
    func stored(image index: Int, minimumSize: Size, streaming: Bool) throws -> StoredImageSource

    /// The oriented size a decode of image `index` at `minimumSize` will
    /// have, if the provider can tell without decoding (DCT scaling rounds
    /// up to a whole scale step); nil when unknown. Only the order of the
    /// work depends on it (`RenderPlan.workEstimate`). The default: nil.
    func decodedSize(image index: Int, minimumSize: Size) -> Size?

    /// The bytes a decode of image `index` at `minimumSize` holds while the
    /// renderer reads it (`streaming` as for `stored(image:minimumSize:streaming:)`):
    /// a row stream's buffers, a whole decode's pixels, a multi-scan JPEG's
    /// coefficients; nil when unknown (the renderer then counts the whole
    /// decoded image, 4 bytes a pixel). Only when images are admitted within
    /// a memory budget depends on it (`SceneRenderOptions.maxMemory`), never
    /// the pixels. The default: nil.
    func decodeWorkingBytes(image index: Int, minimumSize: Size, streaming: Bool) -> Int?
}

extension ImageProvider {
    public func decodedSize(image index: Int, minimumSize: Size) -> Size? { nil }

    public func decodeWorkingBytes(image index: Int, minimumSize: Size, streaming: Bool) -> Int? { nil }

    public func stored(image index: Int, minimumSize: Size, streaming: Bool) throws -> StoredImageSource {
        .pixels(try decode(image: index, minimumSize: minimumSize), .upright)
    }
}
