import CollageRaster

/// What a format decoder returns before orientation is applied: the pixels
/// as stored (DCT-scaled, converted to sRGB), with what was seen on the way.
public struct StoredImage: Sendable {
    /// RGBA8, sRGB, straight alpha, as stored: `header.orientation` (the
    /// override when one was given) makes it upright.
    public var pixmap: Pixmap
    public var header: ImageHeader
    /// DCT scale numerator over 8 (8 for full size and non-JPEG formats).
    public var dctScale: Int
    /// As `DecodeResult.warnings`.
    public var warnings: [String]
    /// As `DecodeResult.convertedICCProfile`.
    public var convertedICCProfile: Bool

    /// The upright result (EXIF orientation applied once).
    func oriented() -> DecodeResult {
        DecodeResult(pixmap: header.orientation.applied(to: pixmap), header: header, dctScale: dctScale,
                     warnings: warnings, convertedICCProfile: convertedICCProfile)
    }
}
