/// A decoded image as `SceneRenderer` reads it: stored pixels plus the
/// orientation that makes them upright, either whole or as rows produced
/// once, top to bottom, by a streaming decoder.
public enum StoredImageSource {
    /// The whole decoded image as stored (RGBA8 sRGB, straight alpha), and
    /// whether every alpha is 255 when the provider knows it (an image kept
    /// across renders, checked once when decoded); nil: the renderer checks
    /// the pixels (`Pixmap.isOpaque`).
    case pixels(Pixmap, StoredOrientation, opaque: Bool? = nil)
    /// Rows of an opaque image, decoded as the resampler asks for them.
    case rows(any ImageRowStream)
    /// A vector image (SVG), drawn at each draw's device transform instead
    /// of resampled (`VectorImageDraw`); its size is the scene image's.
    case vector(any VectorPicture)
}

/// An image decoded row by row (a JPEG through libjpeg's scanline API):
/// only the rows the resampler reads are produced, and only one row is
/// held at a time.
public protocol ImageRowStream: AnyObject {
    /// The decoded (DCT-scaled) stored size, pixels.
    var size: Size { get }
    /// How the stored rows become upright.
    var orientation: StoredOrientation { get }
    /// Stored row `y` (`size.width` RGBA8 sRGB pixels, every alpha 255).
    /// `y` must grow from call to call (rows in between are skipped, never
    /// decoded to pixels); the bytes stay valid until the next call. After a
    /// decode error the rows are black and `finish()` throws.
    func row(_ y: Int) -> UnsafePointer<UInt8>
    /// Before the first `row`: only stored columns `columns` will be read,
    /// so the decoder may leave the others out (their bytes are then
    /// unspecified). Optional (default: nothing).
    func needColumns(_ columns: Range<Int>)
    /// Ends the decode (stopping early when rows are left) and frees it.
    /// - Throws: the first error met while producing rows.
    func finish() throws
}

extension ImageRowStream {
    public func needColumns(_ columns: Range<Int>) {}
}
