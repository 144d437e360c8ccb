/// The image formats `collage` writes: the one table of them (issue 12, "One
/// place per kind"). Every reader of a format's name, file extensions, size
/// limit or alpha support asks this type: the validator (`output.format`),
/// `OutputFormatResolver` (the extension of `-o`), the CLI's `--format`, the
/// help texts, the encoders (`ImageEncoder`, `RowEncoder`, `CanvasEncoder`
/// switch over its cases: one encoder a case) and `SchemaTests`, which holds
/// the schema's `output.format` enum equal to `allCases`.
///
/// It lives in `CollageFormats`, a leaf module with no dependencies, because
/// both `CollageSpec` (documents name a format) and `CollageCodecs` (the
/// encoders) need it and neither may see the other.
public enum OutputFormat: String, Sendable, Hashable, CaseIterable {
    case jpeg, png, webp

    /// The name a document (`output.format`) and `--format` use: "jpeg",
    /// "png", "webp".
    public var name: String { rawValue }

    /// The name in prose and messages: "JPEG", "PNG", "WebP".
    public var displayName: String {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .webp: "WebP"
        }
    }

    /// The file extensions (lower case, no dot) that mean this format, the
    /// usual one first: `.jpg`/`.jpeg`, `.png`, `.webp`.
    public var extensions: [String] {
        switch self {
        case .jpeg: ["jpg", "jpeg"]
        case .png: ["png"]
        case .webp: ["webp"]
        }
    }

    /// The largest image side, pixels, the format (its encoder) can hold:
    /// WebP 16383 (its 14-bit sizes), JPEG 65500 (libjpeg's
    /// `JPEG_MAX_DIMENSION`), PNG no limit of its own (`Int32` arithmetic of
    /// the encoders: `Int32.max / 4`).
    public var maximumSide: Int {
        switch self {
        case .webp: 16_383
        case .jpeg: 65_500
        case .png: Int(Int32.max) / 4
        }
    }

    /// Whether the format keeps transparency; JPEG's pixels are flattened
    /// onto a background colour.
    public var hasAlpha: Bool { self != .jpeg }

    /// Whether the encoder takes rows while the canvas is rendered (JPEG in
    /// bands or rows, PNG in rows); WebP needs the whole canvas.
    public var encodesWhileRendering: Bool { self != .webp }

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

    /// "jpeg|png|webp", for usage lines (`--format jpeg|png|webp`).
    public static var choices: String { allCases.map(\.name).joined(separator: "|") }

    /// "jpeg, png or webp", for messages.
    public static var choicesInProse: String {
        let names = allCases.map(\.name)
        return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }

    /// ".jpg, .jpeg, .png or .webp", every extension, for messages.
    public static var extensionsInProse: String {
        let names = allCases.flatMap(\.extensions).map { "." + $0 }
        return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }

    /// "JPEG, PNG or WebP", for prose.
    public static var displayNamesInProse: String {
        let names = allCases.map(\.displayName)
        return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }
}
