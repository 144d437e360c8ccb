/// The image formats `collage` writes: the registry of savers (issue 35,
/// "Savers that own their format"). A format is its `ImageSaver` type, one
/// file in `Sources/CollageCodecs/Savers/`, listed once in `allCases`.
/// Every reader of a format's name, suffixes, size limit, alpha, options or
/// streaming asks this type: the validator (`output.format` and the
/// savers' `output` keys), `OutputFormatResolver` (the extension of `-o`),
/// the CLI's `--format`, option flags and help texts, `CanvasEncoder`,
/// `ImageEncoder`, `--max-bytes` and `SchemaTests`.
///
/// Room for vector backends (PDF): they consume the scene, not pixels,
/// through a stage protocol of their own, and will be listed beside the
/// savers here; nothing in this table assumes pixels except `saver`.
public struct OutputFormat: Sendable, Hashable, CustomStringConvertible {
    /// The saver that writes this format.
    public let saver: any ImageSaver.Type

    public init(_ saver: any ImageSaver.Type) { self.saver = saver }

    /// Every output format, in help order: the one registration point.
    public static let allCases: [OutputFormat] = [.jpeg, .png, .webp, .avif, .pdf]

    public static func == (a: Self, b: Self) -> Bool { a.saver == b.saver }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
    public var description: String { name }

    /// The name a document (`output.format`) and `--format` use: "jpeg",
    /// "png", "webp", "avif".
    public var name: String { saver.name }
    /// The same as `name` (the table was an enum of raw values).
    public var rawValue: String { saver.name }
    /// The format `name` names, nil for another.
    public init?(rawValue name: String) {
        guard let format = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = format
    }

    /// The name in prose and messages: "JPEG", "PNG", "WebP", "AVIF".
    public var displayName: String { saver.displayName }

    /// The file extensions (lower case, no dot) that mean this format, the
    /// usual one first: `.jpg`/`.jpeg`, `.png`, `.webp`, `.avif`.
    public var extensions: [String] { saver.suffixes }

    /// The media type of the format's files: "image/jpeg", "image/avif".
    public var mediaType: String { saver.mediaType }

    /// The largest image side, pixels, the format (its encoder) can hold:
    /// WebP 16383 (its 14-bit sizes), JPEG 65500 (libjpeg's
    /// `JPEG_MAX_DIMENSION`), AVIF 8192 (collage's limit on libaom's work),
    /// PNG no limit of its own (`Int32.max / 4`).
    public var maximumSide: Int { saver.maximumSide }

    /// Whether the format keeps transparency; JPEG's pixels are flattened
    /// onto a background colour.
    public var hasAlpha: Bool { saver.hasAlpha }

    /// The options the format takes (`output.KEY`, `--KEY`).
    public var options: [SaverOption] { saver.options }

    /// True for a vector backend (PDF, `ImageSaver.isVector`): written
    /// from the scene, not from a canvas of pixels.
    public var isVector: Bool { saver.isVector }

    /// Whether the encoder takes rows while the canvas is rendered with
    /// default options (JPEG in bands, PNG in rows); WebP and AVIF need the
    /// whole canvas.
    public var encodesWhileRendering: Bool { saver.streaming(EncodeOptions()) != .wholeCanvas }

    /// Every option of every format, each key once (the first format's
    /// declaration), in registry order: the `output` keys besides `format`,
    /// `dpi` and `maxBytes`.
    public static var allOptions: [SaverOption] { options(of: allCases) }

    /// The options of `formats`' savers, each once, in registry order.
    public static func options(of formats: [OutputFormat]) -> [SaverOption] {
        var seen: Set<String> = []
        return formats.flatMap(\.options).filter { seen.insert($0.key).inserted }
    }

    /// The formats that can re-encode held pixels at another quality with
    /// default options (`--max-bytes`): JPEG, WebP, AVIF.
    public static var requalifiable: [OutputFormat] { allCases.filter { $0.saver.qualities(EncodeOptions()) != nil } }

    /// The formats that take option `key`.
    public static func formats(taking key: String) -> [OutputFormat] {
        allCases.filter { $0.options.contains { $0.key == key } }
    }

    /// The format `--format VALUE` names: a name or one of the extensions,
    /// in any case ("jpeg", "JPG", "webp"); nil for anything else.
    public init?(flag value: String) {
        let lowered = value.lowercased()
        guard let format = Self.allCases.first(where: { $0.name == lowered || $0.extensions.contains(lowered) }) else {
            return nil
        }
        self = format
    }

    /// The format the extension of `path` names (after its last `.` in the
    /// last path component, any case); nil for an unknown or missing one.
    public init?(extensionOf path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        let ext = path[path.index(after: dot)...].lowercased()
        guard let format = Self.allCases.first(where: { $0.extensions.contains(ext) }) else { return nil }
        self = format
    }

    /// The formats written from a canvas of pixels (every one but the
    /// vector backends): what `convert` and `impose` write.
    public static var raster: [OutputFormat] { allCases.filter { !$0.isVector } }

    /// "jpeg|png|webp|avif|pdf" (of `formats`, every one by default), for usage lines.
    public static func choices(_ formats: [OutputFormat] = allCases) -> String { formats.map(\.name).joined(separator: "|") }
    public static var choices: String { choices() }

    /// "jpeg, png, webp, avif or pdf", for messages.
    public static var choicesInProse: String { inProse(allCases.map(\.name)) }

    /// ".jpg, .jpeg, .png, .webp, .avif or .pdf" (every extension of `formats`), for messages.
    public static func extensionsInProse(_ formats: [OutputFormat] = allCases) -> String {
        inProse(formats.flatMap(\.extensions).map { "." + $0 })
    }
    public static var extensionsInProse: String { extensionsInProse() }

    /// "JPEG, PNG, WebP, AVIF or PDF" (of `formats`), for prose.
    public static func displayNamesInProse(_ formats: [OutputFormat] = allCases) -> String { inProse(formats.map(\.displayName)) }
    public static var displayNamesInProse: String { displayNamesInProse() }

    /// "a, b or c".
    public static func inProse(_ names: [String]) -> String {
        names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }
}
