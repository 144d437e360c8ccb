import CImageShim
import CollageRaster

/// How a saver takes the canvas while it is rendered (`CanvasEncoder`).
public enum SaverStreaming: Sendable, Hashable {
    /// Independent bands of rows in any order, on several threads
    /// (`JPEGBandEncoder`: baseline JPEG).
    case bands
    /// Rows top to bottom (`RowEncoder`: PNG, progressive JPEG).
    case rows
    /// The finished canvas at once (WebP, AVIF: their libraries take whole pictures).
    case wholeCanvas
}

/// One option a saver takes: `output.KEY` in a document, `--KEY` on the
/// command line (`render`, `batch`, `grid`, `watch`), a line of the help
/// and a property of the schema's `output` (`SchemaTests` holds them equal).
public struct SaverOption: Sendable, Hashable {
    /// The values the option takes.
    public enum Kind: Sendable, Hashable {
        /// A whole number in the range.
        case integer(ClosedRange<Int>)
        /// true or false; on the command line a flag without a value.
        case boolean
        /// One of the strings (written quoted in YAML when they look like numbers: "444").
        case choice([String])
    }

    /// The document key (`output.KEY`) and, after `--`, the flag.
    public let key: String
    public let kind: Kind
    /// The default, as a document would write it ("90", "false", "420").
    public let defaultValue: String
    /// One line of prose: what it does (for the help and the schema).
    public let doc: String

    /// The command-line flag: "--" + key unless the option names another
    /// (`--pdf-max-ppi` for `output.maxPpi`).
    public let flag: String

    public init(key: String, kind: Kind, defaultValue: String, doc: String, flag: String? = nil) {
        self.key = key; self.kind = kind; self.defaultValue = defaultValue; self.doc = doc
        self.flag = flag ?? "--" + key
    }

    /// How a value is written in a usage line: "N" (with the range in the
    /// help), "420|444", or "" for a boolean flag.
    public var valueSyntax: String {
        switch kind {
        case .integer: "N"
        case .boolean: ""
        case .choice(let values): values.joined(separator: "|")
        }
    }

    /// The allowed values in prose, for errors: "a whole number from 1 to
    /// 100", "420 or 444", "true or false".
    public var allowedInProse: String {
        switch kind {
        case .integer(let range): "a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .boolean: "true or false"
        case .choice(let values): values.dropLast().joined(separator: ", ") + " or " + (values.last ?? "")
        }
    }

    /// `text` as the option's value in its canonical spelling, nil when the
    /// option does not take it.
    public func value(_ text: String) -> String? {
        switch kind {
        case .integer(let range):
            guard let n = Int(text), range.contains(n) else { return nil }
            return String(n)
        case .boolean: return text == "true" || text == "false" ? text : nil
        case .choice(let values): return values.contains(text) ? text : nil
        }
    }
}

extension SaverOption {
    /// The lossy savers' shared `quality` (JPEG, WebP, AVIF): 1-100, default
    /// 90; higher is larger and closer to the canvas.
    public static let quality = SaverOption(key: "quality", kind: .integer(1...100), defaultValue: "90",
                                            doc: "JPEG/WebP/AVIF quality")
}

/// A raster output format's saver: what it is (name, suffixes, largest
/// side, alpha, options) and how it writes a canvas. One type a format in
/// `Sources/CollageCodecs/Savers/`, listed once in `OutputFormat.allCases`;
/// everything else (the validator's `output` keys, `--format`, the CLI's
/// option flags and help, `CanvasEncoder`'s streaming, `--max-bytes`)
/// reads these declarations. Pixels are RGBA8, sRGB, straight alpha.
/// The bytes are deterministic: the same pixels and options give the same
/// file on every run and thread count.
public protocol ImageSaver: Sendable {
    /// The name documents and `--format` use ("jpeg").
    static var name: String { get }
    /// The name in prose ("JPEG").
    static var displayName: String { get }
    /// File suffixes (lower case, no dot), the usual one first.
    static var suffixes: [String] { get }
    /// The media type of its files ("image/jpeg"), for `collage serve`.
    static var mediaType: String { get }
    /// The largest side, pixels, the saver can write.
    static var maximumSide: Int { get }
    /// Whether transparency is kept (false: flattened onto
    /// `EncodeOptions.flattenBackground`).
    static var hasAlpha: Bool { get }
    /// The options it takes (`output.KEY`, `--KEY`), in help order.
    static var options: [SaverOption] { get }
    /// True for a vector backend (PDF): it is written from the scene
    /// (`PDFSaver`), not from pixels, and `encode`/`begin*` are never called.
    static var isVector: Bool { get }
    /// How it takes the canvas with `options`.
    static func streaming(_ options: EncodeOptions) -> SaverStreaming
    /// The qualities it can re-encode held pixels at (`--max-bytes`
    /// bisects over them), nil when it has no quality (PNG, lossless WebP).
    static func qualities(_ options: EncodeOptions) -> ClosedRange<Int>?
    /// The whole file for `pixmap` (size already checked).
    /// - Throws: `ImageError(kind: .encodeFailed)`, path "<output>".
    static func encode(_ pixmap: Pixmap, options: EncodeOptions) throws(ImageError) -> [UInt8]
    /// Begins a streamed file (`streaming` is `.bands`).
    static func beginBands(width: Int, height: Int, options: EncodeOptions, sink: EncodedSink) throws(ImageError) -> JPEGBandEncoder
    /// Begins a streamed file (`streaming` is `.rows`); `alpha`: RGBA rows.
    static func beginRows(width: Int, height: Int, options: EncodeOptions, alpha: Bool, sink: EncodedSink) throws(ImageError) -> RowEncoder
    /// `encoded` (this saver's bytes) with an EXIF block (a TIFF
    /// structure) embedded; nil when it cannot hold one.
    static func embed(exif tiff: [UInt8], into encoded: [UInt8]) -> [UInt8]?
}

extension ImageSaver {
    public static var isVector: Bool { false }
    public static func qualities(_ options: EncodeOptions) -> ClosedRange<Int>? { nil }
    public static func beginBands(width: Int, height: Int, options: EncodeOptions, sink: EncodedSink) throws(ImageError) -> JPEGBandEncoder {
        throw ImageError(path: "<output>", reason: "\(displayName) cannot be encoded in bands", kind: .encodeFailed)
    }
    public static func beginRows(width: Int, height: Int, options: EncodeOptions, alpha: Bool, sink: EncodedSink) throws(ImageError) -> RowEncoder {
        throw ImageError(path: "<output>", reason: "\(displayName) cannot be encoded a band at a time", kind: .encodeFailed)
    }
    public static func embed(exif tiff: [UInt8], into encoded: [UInt8]) -> [UInt8]? { nil }

    /// The bytes a one-shot shim encoder (`collage_*_encode`) put in its
    /// `collage_buffer`; `body` returns its status.
    /// - Throws: `ImageError(kind: .encodeFailed)` with the shim's message
    ///   ("<displayName> encoding failed: ...") for a non-zero status.
    static func shimEncode(_ body: (inout collage_buffer) -> Int32) throws(ImageError) -> [UInt8] {
        var buffer = collage_buffer()
        let status = body(&buffer)
        defer { collage_buffer_free(&buffer) }
        if status != 0 {
            let message = withUnsafeBytes(of: buffer.message) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            throw ImageError(path: "<output>", reason: "\(displayName) encoding failed: \(message)", kind: .encodeFailed)
        }
        return Array(UnsafeBufferPointer(start: buffer.bytes, count: buffer.length))
    }

    /// `options.quality` clamped to 1-100.
    public static func quality(_ options: EncodeOptions) -> Int32 { Int32(min(max(options.quality, 1), 100)) }
}
