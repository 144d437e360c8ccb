import CollageRaster

/// Decoding from bytes in memory: the same decoders as the path-taking
/// calls, for images that never were files (standard input, a network
/// buffer, a fuzzer's input).
extension ImageDecoder {
    /// The name `ImageError.path` carries when the caller gives none.
    public static let bytesName = "<bytes>"

    /// Reads only the header of the image in `bytes`: format (from the
    /// magic bytes), stored size in pixels, EXIF orientation, capture date.
    /// No pixels are decoded. Unlike `header(path:)` the whole buffer is
    /// parsed at once (no 256 KiB prefix first); the result is the one
    /// `header(path:)` gives for a file holding these bytes.
    /// - Parameter name: what errors name the image by (default `bytesName`).
    /// - Throws: `ImageError` naming `name`: `.unsupportedFormat` (empty or
    ///   unknown magic bytes), `.corrupt`/`.unsupportedVariant` (the library
    ///   rejects the header).
    public static func header(bytes: [UInt8], name: String = bytesName) throws(ImageError) -> ImageHeader {
        try header(bytes, path: name)
    }

    /// Decodes the image in `bytes`, orientation applied, as sRGB RGBA8 with
    /// straight alpha: exactly what `decode(path:options:)` gives for a file
    /// holding these bytes (same budget checks, DCT scaling, ICC conversion
    /// and warnings).
    /// - Parameter name: what errors name the image by (default `bytesName`).
    /// - Throws: `ImageError` naming `name`, of the kinds
    ///   `decode(path:options:)` lists except `.unreadable`.
    public static func decode(bytes: [UInt8], name: String = bytesName,
                              options: DecodeOptions = DecodeOptions()) throws(ImageError) -> DecodeResult {
        try decodeStored(bytes: bytes, name: name, options: options).oriented()
    }

    /// As `decode(bytes:name:options:)`, without applying the orientation:
    /// the pixels as stored, `header.orientation` saying how they stand upright.
    public static func decodeStored(bytes: [UInt8], name: String = bytesName,
                                    options: DecodeOptions = DecodeOptions()) throws(ImageError) -> StoredImage {
        switch try format(of: bytes, path: name) {
        case .jpeg: return try JPEGDecoding.decode(bytes, path: name, options: options)
        case .png: return try PNGDecoding.decode(bytes, path: name, options: options)
        case .heif: return try HEIFDecoding.decode(bytes, path: name, options: options)
        case .webp: return try WebPDecoding.decode(bytes, path: name, options: options)
        case .svg: return try SVGDecoding.decode(bytes, path: name, options: options)
        }
    }
}
