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

    /// What a decode of image `index` at `minimumSize` holds while the
    /// renderer reads it (`streaming` as for `stored(image:minimumSize:streaming:)`):
    /// a row stream's buffers, a whole decode's pixels, a multi-scan JPEG's
    /// coefficients; nil when unknown (the renderer then counts the whole
    /// decoded image, 4 bytes a pixel, and no coefficients). Only when and
    /// in which order images are admitted to the workers depends on it
    /// (`SceneRenderOptions.maxMemory`, and at most `threads` multi-scan
    /// decodes at once), never the pixels. The default: nil.
    func decodeMemory(image index: Int, minimumSize: Size, streaming: Bool) -> DecodeMemory?

    /// Told once per render that decodes any image, from a worker thread,
    /// when every image has been handed to a worker (the last decodes may
    /// still run, or be about to start) or the render stopped taking them
    /// (cancelled slot items): memory kept for decodes to come can be
    /// released now, on a thread that has nothing left to do, rather than
    /// at the end of the render. The default: nothing.
    func noMoreImagesToDecode()

    /// A name for image `index` decoded at `minimumSize` that stays the
    /// same across renders exactly while the decoded pixels would (its
    /// file, size, modification time and decode options), when the
    /// resampled draws of it may be kept across renders
    /// (`SceneRenderOptions.resampledDraws`); nil: never kept. The default: nil.
    func keptIdentity(image index: Int, minimumSize: Size) -> String?

    /// A crop window chosen while image `index` was decoded (a photo's
    /// `focus: auto`/`faces`, analysed from that decode): each draw of the
    /// image whose `source` is `provisional` (oriented source pixels, the
    /// scene's window) is drawn from `chosen` instead, a window of the same
    /// size, so the plan, the decode size and the footprints are unchanged.
    /// Asked after `stored(image:minimumSize:streaming:)` returned whole
    /// pixels, on the same thread; nil: the scene's windows. The default: nil.
    func chosenWindow(image index: Int) -> (provisional: Rect, chosen: Rect)?
}

extension ImageProvider {
    public func decodedSize(image index: Int, minimumSize: Size) -> Size? { nil }

    public func decodeMemory(image index: Int, minimumSize: Size, streaming: Bool) -> DecodeMemory? { nil }

    public func noMoreImagesToDecode() {}

    public func keptIdentity(image index: Int, minimumSize: Size) -> String? { nil }

    public func chosenWindow(image index: Int) -> (provisional: Rect, chosen: Rect)? { nil }

    public func stored(image index: Int, minimumSize: Size, streaming: Bool) throws -> StoredImageSource {
        .pixels(try decode(image: index, minimumSize: minimumSize), .upright)
    }
}

/// The memory one image's decode holds while the renderer reads it
/// (`ImageProvider.decodeMemory(image:minimumSize:streaming:)`), in bytes.
public struct DecodeMemory: Sendable, Hashable {
    /// Everything the decode holds: row buffers or the whole decoded image,
    /// plus `coefficientBytes`.
    public var bytes: Int
    /// Of `bytes`, what the decoder holds at full size from its start to
    /// its end, whatever the scale: the whole image's DCT coefficients of a
    /// multi-scan JPEG (progressive or non-interleaved), or libheif's
    /// full-size image of a HEIF before it is averaged down; 0 for any
    /// other decode.
    public var coefficientBytes: Int

    public init(bytes: Int, coefficientBytes: Int = 0) {
        self.bytes = bytes
        self.coefficientBytes = coefficientBytes
    }
}
