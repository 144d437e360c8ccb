/// A resolution-independent source image (an SVG document): the renderer
/// asks it to draw itself at each draw's exact device transform, into the
/// canvas pixels the draw covers, never as a bitmap resampled afterwards
/// (`VectorImageDraw`). Implemented by `CollageCodecs` over librsvg and
/// cairo; tests implement it in Swift.
///
/// A picture is drawn by one thread at a time (all draws of one scene image
/// are made by the worker that took the image).
public protocol VectorPicture: AnyObject {
    /// Draws the picture, its viewport (0, 0)–(`viewport.width`,
    /// `viewport.height`) (the scene image's oriented size, source pixels, y
    /// down) mapped by `transform` to pixels of `pixels`, a `width` × `height`
    /// buffer (rows top to bottom) whose top-left pixel is (0, 0) of the
    /// transform's output.
    ///
    /// - Parameter pixels: `width * height` zeroed 32-bit words to fill with
    ///   0xAARRGGBB values, premultiplied alpha, sRGB-encoded (cairo's ARGB32).
    /// - Throws: the picture's error (a library failure while drawing).
    func draw(viewport: Size, transform: Affine, width: Int, height: Int,
              into pixels: UnsafeMutableBufferPointer<UInt32>) throws
}
