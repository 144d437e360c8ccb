import CollageRaster

/// Reads image files: header probe and full decode.
public enum ImageDecoder {
    /// Reads only the header: format, stored size, EXIF orientation.
    /// - Throws: `ImageError` (missing file, unknown format, corrupt header).
    public static func header(path: String) throws(ImageError) -> ImageHeader {
        throw ImageError(path: path, reason: "decoder is being built")
    }

    /// Decodes the file, orientation applied, converted to sRGB RGBA8.
    ///
    /// - Parameter minimumSize: the oriented size the result must reach on
    ///   both axes; JPEG uses the smallest DCT scale in {1,2,4,8}/8 whose
    ///   decoded size still reaches it. nil = full size.
    /// - Throws: `ImageError` naming the path and the library's reason.
    public static func decode(path: String, minimumSize: Size? = nil) throws(ImageError) -> Pixmap {
        throw ImageError(path: path, reason: "decoder is being built")
    }
}
