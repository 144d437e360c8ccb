import CollageRaster

/// What a format decoder returns before orientation is applied: the pixels
/// as stored (DCT-scaled, converted to sRGB), with what was seen on the way.
struct StoredImage {
    var pixmap: Pixmap
    var header: ImageHeader
    /// DCT scale numerator over 8 (8 for full size and non-JPEG formats).
    var dctScale: Int
    var warnings: [String]
    var convertedICCProfile: Bool

    /// The upright result (EXIF orientation applied once).
    func oriented() -> DecodeResult {
        DecodeResult(pixmap: header.orientation.applied(to: pixmap), header: header, dctScale: dctScale,
                     warnings: warnings, convertedICCProfile: convertedICCProfile)
    }
}
