/// Every key of the document format v1 (DESIGN.md "Document format v1"),
/// per mapping, split into keys whose feature is built and keys that are
/// known but reported as `.unsupported` ('not supported yet'). A key in
/// neither list is `.unknownKey`.
struct Section: Sendable {
    /// The mapping's name in messages ("canvas", "photos[]", "font").
    let name: String
    /// Where the key sits, as messages say it ("in 'canvas'", "in a photo").
    let phrase: String
    let supported: [String]
    let unsupported: [String]
    /// Keys whose value is a boolean: typed (`yes` is an error suggesting
    /// `true`) even while the key is still unsupported.
    var booleans: [String] = []

    var allKeys: [String] { supported + unsupported }
}

enum Vocabulary {
    static let root = Section(name: "the document", phrase: "at the top level",
        supported: ["version", "canvas", "output", "photos", "order", "layout", "overlays", "vars"],
        unsupported: [])
    static let canvas = Section(name: "canvas", phrase: "in 'canvas'",
        supported: ["width", "height", "background"],
        unsupported: [])
    static let output = Section(name: "output", phrase: "in 'output'",
        supported: ["format", "quality", "subsampling", "progressive", "dpi", "lossless"],
        unsupported: [], booleans: ["progressive", "lossless"])
    static let photo = Section(name: "photos", phrase: "in a photo",
        supported: ["src", "id", "fit", "focus", "sort", "cell", "frame", "anchor", "offset", "width", "height",
                    "cornerRadius", "border", "opacity", "rotation", "crop", "zoom", "orientation"],
        unsupported: [])
    static let layout = Section(name: "layout", phrase: "in 'layout'",
        supported: ["kind", "gap", "padding", "columns", "rows", "columnWidths", "rowHeights", "rowHeight"],
        unsupported: ["direction"])
    static let overlay = Section(name: "overlays", phrase: "in an overlay",
        supported: ["text", "font", "color", "anchor", "offset",
                    "photo", "stroke", "shadow", "maxWidth", "maxHeight", "fit", "align", "lineHeight",
                    "letterSpacing", "maxLines", "background", "direction", "image", "width", "height", "opacity"],
        unsupported: [])
    static let font = Section(name: "font", phrase: "in 'font'",
        supported: ["family", "size", "weight", "style", "file", "features"],
        unsupported: [])
    static let stroke = Section(name: "stroke", phrase: "in 'stroke'", supported: ["width", "color"], unsupported: [])
    static let shadow = Section(name: "shadow", phrase: "in 'shadow'", supported: ["offset", "blur", "color"], unsupported: [])
    static let textBackground = Section(name: "background", phrase: "in 'background'",
        supported: ["color", "padding", "cornerRadius"], unsupported: [])

    /// Every section by its place in `schema/collage.schema.json`: "" is the
    /// root object, "canvas" is `$defs/canvas`, "overlay.font" is the `font`
    /// property of `$defs/overlay` (SchemaTests compares their keys).
    static let bySchemaPath: [String: Section] = [
        "": root, "canvas": canvas, "output": output, "photo": photo, "layout": layout,
        "overlay": overlay, "overlay.font": font,
    ]

    static let cell = Section(name: "cell", phrase: "in 'cell'",
        supported: ["column", "row", "columnSpan", "rowSpan"], unsupported: [])
    /// `frame` of a free photo and `crop` share their keys.
    static let frame = Section(name: "frame", phrase: "in 'frame'",
        supported: ["x", "y", "width", "height"], unsupported: [])
    static let border = Section(name: "border", phrase: "in 'border'",
        supported: ["width", "color"], unsupported: [])

    static let layoutKinds = ["auto", "grid", "free", "justified"]
    static let unsupportedLayoutKinds: [String] = []
    /// `sort` of a photo glob.
    static let sortOrders = ["name", "date"]
    static let fits = ["cover", "contain"]
    static let formats = OutputFormat.allCases.map(\.rawValue)
}
