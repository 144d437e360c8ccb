/// The reading stage of one overlay kind: the payload of each `OverlayKind`
/// case conforms (in its kind's folder, `Overlays/KIND/`), and the
/// validator, the vocabulary and `Spec.inputs` delegate to it in one line
/// each (`OverlayKind.reading`, `OverlayKindName.reading`).
///
/// The input files sit here, beside the reader, because the validator
/// resolves every written path (`Validator.inputFile`) and `Spec.inputs`
/// is read before any layout exists (`--root`, depfiles, `watch`).
protocol OverlayKindReading: Sendable {
    /// The kind's own keys, its introducing key (`text`, `image`, `shape`,
    /// `qrcode`) first: the one registration of the keys (the schema's
    /// `$defs/overlay` holds their union with `Vocabulary.overlayPlacement`).
    /// A key of other kinds only is an error naming the kinds whose lists
    /// hold it ("'font' applies to text overlays, not image overlays").
    static var keys: [String] { get }
    /// What the introducing key gives, for the missing-kind message
    /// ("a picture": "… (or 'image': a picture, …)").
    static var role: String { get }
    /// The values `anchor` takes for this kind; default the nine box
    /// anchors (`Validator.boxAnchors`).
    static var anchors: [String] { get }
    /// A hint that replaces ", not KIND overlays" at the end of "'KEY'
    /// applies to …, not KIND overlays" when this kind is given `key` of
    /// other kinds (a shape's `color`: "…; a shape's inside is 'fill'");
    /// default nil (none).
    static func hint(forKeyOfOtherKinds key: String) -> String?
    /// Reads the kind's own keys of one overlay (the introducing key is
    /// present); errors go to `validator` at their keys' locations.
    /// - Returns: the overlay's kind, or nil when any of its keys was in error.
    static func read(_ keys: [String: Node.Entry], with validator: inout Validator) -> OverlayKind?
    /// The kind's own mappings by their place in the schema
    /// ("qrcode": `$defs/qrcode`), merged into `Vocabulary.bySchemaPath`;
    /// default none.
    static var sections: [String: Section] { get }
    /// The files this overlay names (`Spec.inputs`), in key order; empty for none.
    var inputFiles: [InputFile] { get }
    /// True for a kind that needs fonts to be laid out (fontconfig's
    /// configuration, which loads on a thread of its own, `FontWarmUp`):
    /// the render starts the photos' decodes without waiting for it and sets
    /// these overlays on that thread meanwhile. Default false.
    static var needsFonts: Bool { get }
}

extension OverlayKindReading {
    static var anchors: [String] { Validator.boxAnchors }
    static func hint(forKeyOfOtherKinds key: String) -> String? { nil }
    static var sections: [String: Section] { [:] }
    var inputFiles: [InputFile] { [] }
    static var needsFonts: Bool { false }
}

extension OverlayKind {
    /// The case's payload (`TextOverlaySpec`, `ImageOverlaySpec`, ...), for
    /// the stages of later modules: CollageLayout reaches its frame stage
    /// (`OverlayFraming`) from it by a cast, so `reading` stays the one
    /// switch over the cases.
    public var payload: any Sendable { reading }

    /// The kind needs fonts to be laid out (`OverlayKindReading.needsFonts`, declared by the kind).
    public var needsFonts: Bool { type(of: reading).needsFonts }

    /// The kind's payload as its reading stage: the one switch over the
    /// cases, one delegating line per kind; every other stage starts here.
    var reading: any OverlayKindReading {
        switch self {
        case .text(let kind): kind
        case .image(let kind): kind
        case .shape(let kind): kind
        case .qrcode(let kind): kind
        }
    }
}

extension OverlayKindName {
    /// The kind's reading stage, by its introducing key.
    var reading: any OverlayKindReading.Type {
        switch self {
        case .text: TextOverlaySpec.self
        case .image: ImageOverlaySpec.self
        case .shape: ShapeOverlaySpec.self
        case .qrcode: QRCodeOverlaySpec.self
        }
    }
}
