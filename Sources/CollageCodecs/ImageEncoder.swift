import CollageRaster

/// Encoder settings. All outputs are deterministic: no timestamps, fixed settings.
public struct EncodeOptions: Sendable, Hashable {
    /// Colour that transparent pixels are flattened onto for JPEG; its alpha
    /// is ignored. Default white.
    public var flattenBackground: Color
    /// Whether JPEG's flattening composites in linear light (the document's
    /// `canvas.compositing: linear`); default false: on sRGB-encoded
    /// values, as `css` composites (docs/format.md "Effects").
    public var flattenInLinearLight = false
    /// Dots per inch written as JFIF density / PNG pHYs; nil writes none
    /// (JFIF 1:1 aspect). No effect on pixels.
    public var dpi: Int?
    /// The savers' options (`SaverOption`: `quality`, JPEG's `subsampling`,
    /// AVIF's `speed`...), by key, in their canonical spelling
    /// (`SaverOption.value(_:)`); each saver reads its own through the
    /// typed accessors below. A missing key takes the option's default.
    public var settings: [String: String]
    public init(quality: Int? = nil, flattenBackground: Color = .white, dpi: Int? = nil, settings: [String: String] = [:]) {
        self.flattenBackground = flattenBackground; self.dpi = dpi
        self.settings = settings
        if let quality { self.quality = quality }
    }

    /// The shared `quality` (`SaverOption.quality`: JPEG, lossy WebP,
    /// AVIF), 1-100; default 90. Set: written to `settings`.
    public var quality: Int {
        get { integer(SaverOption.quality.key, in: [.quality]) }
        set { settings[SaverOption.quality.key] = String(newValue) }
    }

    /// The value of option `key` as an integer: `settings[key]`, else the
    /// option's default in `options` (0 when neither is a number).
    public func integer(_ key: String, in options: [SaverOption]) -> Int {
        Int(text(key, in: options)) ?? 0
    }

    /// The value of boolean option `key`: `settings[key]`, else its default in `options`.
    public func boolean(_ key: String, in options: [SaverOption]) -> Bool {
        text(key, in: options) == "true"
    }

    /// The value of option `key`: `settings[key]`, else its default in `options`.
    public func text(_ key: String, in options: [SaverOption]) -> String {
        settings[key] ?? options.first { $0.key == key }?.defaultValue ?? ""
    }
}

/// Writes pixmaps to file bytes through the format's saver
/// (`OutputFormat.saver`, `Sources/CollageCodecs/Savers/`).
public enum ImageEncoder {
    /// Encodes `pixmap` (RGBA8, sRGB, straight alpha) as `format`: the
    /// saver's whole-canvas encode (its doc comment says what it writes).
    /// The same input and options always give the same bytes.
    /// - Throws: `ImageError(kind: .encodeFailed)` with path "<output>" and
    ///   the library's message (e.g. an empty pixmap).
    public static func encode(_ pixmap: Pixmap, as format: OutputFormat, options: EncodeOptions = EncodeOptions()) throws(ImageError) -> [UInt8] {
        try checkSize(pixmap.size, format: format)
        return try format.saver.encode(pixmap, options: options)
    }

    /// Refuses a size `format` cannot hold (empty; over its `maximumSide`:
    /// 16383 pixels a side for WebP, 65500 for JPEG) or the encoders' `Int32` arithmetic cannot.
    /// - Throws: `ImageError(kind: .encodeFailed)` with path "<output>".
    public static func checkSize(_ size: Size, format: OutputFormat) throws(ImageError) {
        let maxSide = format.maximumSide
        guard size.width > 0, size.height > 0, size.width <= maxSide, size.height <= maxSide, size.width <= Int(Int32.max) / 4, size.height <= Int(Int32.max) else {
            throw ImageError(path: "<output>", reason: "cannot encode a \(size) image as \(format.displayName)",
                             kind: .encodeFailed)
        }
    }
}
