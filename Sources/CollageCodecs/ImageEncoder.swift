import CollageRaster

/// Output formats the encoder writes.
public enum EncodedFormat: String, Sendable, Hashable {
    case jpeg, png
}

/// Encoder settings. All outputs are deterministic: no timestamps, fixed settings.
public struct EncodeOptions: Sendable, Hashable {
    /// JPEG quality 1-100; default 90.
    public var quality: Int
    /// Colour that transparent pixels are flattened onto for JPEG; default white.
    public var flattenBackground: Color
    public init(quality: Int = 90, flattenBackground: Color = .white) {
        self.quality = quality; self.flattenBackground = flattenBackground
    }
}

/// Writes pixmaps to file bytes.
public enum ImageEncoder {
    /// Encodes `pixmap` as `format`. PNG is 8-bit RGB (RGBA when any pixel is
    /// not opaque) with an sRGB chunk; JPEG is baseline 4:2:0, JDCT_ISLOW.
    public static func encode(_ pixmap: Pixmap, as format: EncodedFormat, options: EncodeOptions = EncodeOptions()) throws(ImageError) -> [UInt8] {
        throw ImageError(path: "<output>", reason: "encoder is being built")
    }
}
