/// Every key of the document format v1 (docs/format.md),
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
        supported: ["version", "canvas", "output", "photos", "order", "layout", "overlays", "vars", "print",
                    "include", "components", "variants", "pages", "paginate"],
        unsupported: [])
    static let canvas = Section(name: "canvas", phrase: "in 'canvas'",
        supported: ["width", "height", "background", "dpi", "size", "orientation", "compositing"],
        unsupported: [])
    /// `print` (`PrintSpec`, issue 38).
    static let print = Section(name: "print", phrase: "in 'print'", supported: ["bleed", "safe", "marks"], unsupported: [])
    static let output = Section(name: "output", phrase: "in 'output'",
        supported: ["format", "dpi", "maxBytes"] + OutputFormat.allOptions.map(\.key),
        unsupported: [], booleans: OutputFormat.allOptions.filter { $0.kind == .boolean }.map(\.key))
    static let photo = Section(name: "photos", phrase: "in a photo",
        supported: ["src", "id", "fit", "focus", "sort", "cell", "frame", "anchor", "offset", "width", "height",
                    "cornerRadius", "border", "opacity", "rotation", "crop", "zoom", "orientation", "shadow", "flip",
                    "filter", "blend", "letterbox"],
        unsupported: [])
    /// The `layout` keys every kind takes; each kind's own are its
    /// `LayoutKindReading.keys`.
    static let layoutCommon = ["kind", "gap", "padding", "focus"]
    static let layout = Section(name: "layout", phrase: "in 'layout'",
        supported: LayoutKindName.allCases.reduce(into: layoutCommon) { keys, kind in
            keys += kind.reading.keys.filter { !keys.contains($0) }
        },
        unsupported: [])
    /// The placement keys every overlay kind takes (`OverlaySpec`).
    static let overlayPlacement = ["anchor", "offset", "photo", "rotation", "opacity", "layer", "blend", "id"]
    /// Each overlay kind's own keys, the introducing key (`text`, `image`)
    /// first (`OverlayKindReading.keys`, registered in the kind's folder).
    /// A key of another kind is an error naming the kinds it applies to.
    static func overlayKeys(_ kind: OverlayKindName) -> [String] { kind.reading.keys }
    /// Every key of any overlay kind (the schema's `$defs/overlay`).
    static let overlay = Section(name: "overlays", phrase: "in an overlay",
        supported: OverlayKindName.allCases.reduce(into: overlayPlacement) { keys, kind in
            keys += overlayKeys(kind).filter { !keys.contains($0) }
        },
        unsupported: [])
    static let font = Section(name: "font", phrase: "in 'font'",
        supported: ["family", "size", "weight", "style", "file", "features"],
        unsupported: [])
    /// A rich-text span (`text: [{text, …}]`, `TextSpan`).
    static let span = Section(name: "span", phrase: "in a span",
        supported: ["text", "font", "color", "letterSpacing", "lang", "ruby"], unsupported: [])
    /// A text overlay's `stroke` (`TextStroke`).
    static let stroke = Section(name: "stroke", phrase: "in 'stroke'", supported: ["width", "color"], unsupported: [])
    /// A shape overlay's `stroke` (`ShapeStroke`).
    static let shapeStroke = Section(name: "stroke", phrase: "in a shape's 'stroke'",
        supported: ["width", "color", "dash", "dashOffset", "join", "cap", "miterLimit"], unsupported: [])
    /// A paint given as a mapping (`PaintSpec`).
    static let paint = Section(name: "paint", phrase: "in a paint", supported: ["gradient"], unsupported: [])
    static let gradient = Section(name: "gradient", phrase: "in 'gradient'",
        supported: ["kind", "angle", "center", "radius", "stops", "space"], unsupported: [])
    /// A mapping of `filter` functions (`FilterSpec`; the schema's `$defs/filterFunction`).
    static let filter = Section(name: "filter", phrase: "in 'filter'",
        supported: FilterSpec.Function.allCases.map(\.rawValue), unsupported: [])
    /// `canvas.background` as an image (`BackgroundImageSpec`; the schema's `$defs/backgroundImage`).
    static let backgroundImage = Section(name: "background", phrase: "in a background image",
        supported: ["image", "fit", "focus", "blur", "filter", "color"], unsupported: [])
    /// A photo's `letterbox` as a mapping (`LetterboxSpec.blur`; the schema's `$defs/letterbox`).
    static let letterbox = Section(name: "letterbox", phrase: "in 'letterbox'", supported: ["blur", "dim"], unsupported: [])
    /// An overlay's `shadow`: a text's (`TextShadow`, CSS `text-shadow`), an
    /// image's or a shape's (`DropShadow`, CSS `drop-shadow`: no `spread`).
    static let shadow = Section(name: "shadow", phrase: "in 'shadow'", supported: ["offset", "blur", "color"], unsupported: [])
    /// A photo's `shadow` (`DropShadow`, CSS `box-shadow`).
    static let boxShadow = Section(name: "shadow", phrase: "in 'shadow'",
        supported: ["offset", "blur", "color", "spread"], unsupported: [])
    static let textBackground = Section(name: "background", phrase: "in 'background'",
        supported: ["color", "padding", "cornerRadius"], unsupported: [])

    /// Every section by its place in `schema/collage.schema.json`: "" is the
    /// root object, "canvas" is `$defs/canvas`, "overlay.font" is the `font`
    /// property of `$defs/overlay` (SchemaTests compares their keys).
    static let bySchemaPath: [String: Section] = [
        "": root, "canvas": canvas, "output": output, "print": print, "photo": photo, "layout": layout,
        "overlay": overlay, "overlay.font": font, "photo.shadow": boxShadow, "filterFunction": filter,
        "backgroundImage": backgroundImage, "letterbox": letterbox,
        "component": component, "componentParam": componentParam, "use": use, "variant": variant,
        "page": page, "paginate": paginate,
    ].merging(OverlayKindName.allCases.flatMap { $0.reading.sections.map { ($0.key, $0.value) } }) { kept, _ in kept }

    /// THE switch for keys that are validated in full but not drawn yet:
    /// each is reported as `.unsupported` ("… is not supported yet") after
    /// its value passed validation, so `check` never accepts what `render`
    /// would ignore. Names are "photo.KEY" and "overlay.KIND.KEY" (KIND as
    /// in `OverlayKindName`). Remove a name when the renderer draws it; the
    /// value is already carried in `Spec` (and `Layout`) for it to read.
    static let unrendered: Set<String> = []

    static let cell = Section(name: "cell", phrase: "in 'cell'",
        supported: ["column", "row", "columnSpan", "rowSpan"], unsupported: [])
    /// `frame` of a free photo and `crop` share their keys.
    static let frame = Section(name: "frame", phrase: "in 'frame'",
        supported: ["x", "y", "width", "height"], unsupported: [])
    static let border = Section(name: "border", phrase: "in 'border'",
        supported: ["width", "color"], unsupported: [])

    static let layoutKinds = LayoutKindName.allCases.map(\.rawValue)
    static let unsupportedLayoutKinds: [String] = []
    /// `sort` of a photo glob.
    static let sortOrders = ["name", "date"]
    static let fits = ["cover", "contain"]
    static let formats = OutputFormat.allCases.map(\.name)
}
