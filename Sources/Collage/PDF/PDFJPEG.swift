import CollageCodecs

/// Whether a JPEG's bytes can go into a PDF as they are (`/DCTDecode`),
/// from libjpeg's header read (`JPEGStream`): a frame libjpeg decodes (8-bit
/// baseline or progressive), Huffman-coded (PDF's DCTDecode has no
/// arithmetic coding), of 1 (grey) or 3 (YCbCr/RGB) components (CMYK/YCCK is
/// re-encoded), with its ICC profile kept for an `/ICCBased` colour space
/// when the profile's colour space matches the components.
struct PDFJPEG {
    var width: Int
    var height: Int
    var components: Int
    /// The embedded profile, nil when the file has none (untagged: sRGB).
    var profile: [UInt8]?

    /// The JPEG in `bytes` (read from `path`), nil when it cannot be copied
    /// as it is (unreadable, arithmetic-coded, CMYK, a profile for another
    /// colour space).
    init?(_ bytes: [UInt8], path: String) {
        guard let stream = try? JPEGStream(bytes, path: path), !stream.arithmetic,
              stream.components == 1 || stream.components == 3 else { return nil }
        width = stream.storedSize.width; height = stream.storedSize.height; components = stream.components
        if let profile = stream.profile {
            guard profile.count >= 128 else { return nil }
            let space = String(decoding: profile[16 ..< 20], as: UTF8.self)
            guard space == (components == 3 ? "RGB " : "GRAY") else { return nil }
        }
        profile = stream.profile
    }
}
