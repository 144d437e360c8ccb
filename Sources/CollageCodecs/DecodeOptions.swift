import CollageRaster

/// Settings for `ImageDecoder.decode(path:options:)`.
public struct DecodeOptions: Sendable, Hashable {
    /// The default decoded-pixel budget: 100 megapixels (issue 3, `--max-pixels`).
    public static let defaultMaxPixels = 100_000_000
    /// The default cap on what libjpeg itself allocates: 512 MiB.
    public static let defaultMaxLibraryMemory = 512 << 20

    /// The oriented size (pixels, after EXIF orientation) the decoded image
    /// must reach on both axes. JPEG picks the smallest DCT scale in
    /// {1, 2, 4, 8}/8 whose decoded size reaches it (libjpeg's actual output
    /// size); other formats decode at full size. nil = full size. The caller
    /// chooses the margin (the resampler of README "Rules" asks for 2x the target).
    public var minimumSize: Size?
    /// Largest number of decoded pixels (width x height after DCT scaling)
    /// allowed; checked right after the header, before any pixel allocation.
    /// Default `defaultMaxPixels`.
    public var maxPixels: Int
    /// Cap, in bytes, on libjpeg's own allocations (`mem->max_memory_to_use`),
    /// which matters for progressive and multi-scan files: they keep the
    /// full-size DCT coefficients whatever the scale. Such files are also
    /// rejected up front when their coefficient storage exceeds this.
    /// Default `defaultMaxLibraryMemory`.
    public var maxLibraryMemory: Int
    /// When true a JPEG that ends early (libjpeg "Premature end of JPEG file")
    /// decodes with libjpeg's gray fill and a warning; when false (default)
    /// it is an `ImageError` of kind `.truncated`.
    public var allowTruncated: Bool
    /// Convert embedded ICC profiles (JPEG APP2, PNG iCCP) to sRGB with
    /// LittleCMS, relative colorimetric with black point compensation
    /// (README "Rules": Colour). Default true; false keeps the stored values
    /// (CMYK is then converted naively).
    public var convertICCProfiles: Bool
    /// An orientation that replaces the file's EXIF tag (a document's
    /// `orientation` fixing a wrong tag); nil (default) = the file's own.
    /// `minimumSize` and the result follow it.
    public var orientation: Orientation?
    /// When set (a deadline: `--timeout`), librsvg's render and libheif's
    /// decode run in a `HelperProcess` killed at its deadline, and a
    /// streamed JPEG stops between rows once it has passed (`.timedOut`).
    /// Default nil: in this process, no deadline. The pixels do not depend on it.
    public var isolation: DecodeIsolation?
    /// Threads one decode may convert its colour on at once (an embedded
    /// ICC profile of an RGB image of a megapixel or more; `ICCConversion`).
    /// Default 1: a render decodes several photos at once on its workers;
    /// `collage convert`, which decodes one, gives it every core. The
    /// pixels do not depend on it.
    public var threads = 1

    public init(minimumSize: Size? = nil, maxPixels: Int = DecodeOptions.defaultMaxPixels,
                maxLibraryMemory: Int = DecodeOptions.defaultMaxLibraryMemory, allowTruncated: Bool = false,
                convertICCProfiles: Bool = true, orientation: Orientation? = nil) {
        self.orientation = orientation
        self.minimumSize = minimumSize
        self.maxPixels = maxPixels
        self.maxLibraryMemory = maxLibraryMemory
        self.allowTruncated = allowTruncated
        self.convertICCProfiles = convertICCProfiles
    }
}

/// A decoded image with what the decoder saw on the way.
public struct DecodeResult: Sendable {
    /// The upright image (EXIF orientation applied): RGBA8, sRGB, straight alpha.
    public var pixmap: Pixmap
    /// The file's header (stored size, orientation).
    public var header: ImageHeader
    /// The DCT scale numerator used (the image was decoded at dctScale/8);
    /// 8 for full size and for formats without DCT scaling.
    public var dctScale: Int
    /// Library warnings that did not stop decoding, e.g. libjpeg's
    /// "Corrupt JPEG data: 5 extraneous bytes before marker 0xdb"; a message
    /// emitted several times ends with " (N times)".
    public var warnings: [String]
    /// True when an embedded ICC profile was converted to sRGB (false when
    /// there was none, it named sRGB, or it was unusable: see `warnings`).
    public var convertedICCProfile: Bool
}
