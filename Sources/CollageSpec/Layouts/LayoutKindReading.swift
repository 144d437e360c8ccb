/// The reading stage of one layout kind (`layout.kind`, docs/format.md
/// "Layout rules"): each `LayoutKindName` has a reader in its folder
/// (`Layouts/KIND/`), and `Validator.readLayout` and `checkPhotoKeys`
/// delegate to it in one line (`LayoutKindName.reading`).
protocol LayoutKindReading {
    /// The `layout` keys of this kind alone (beyond `kind`, `gap` and
    /// `padding`): the one registration of the keys. A key of other kinds is
    /// an error naming them ("'rows' applies only to 'kind: grid'").
    static var keys: [String] { get }
    /// The photo keys that apply in this kind alone (`cell`: grid;
    /// `frame`, `anchor`, …: free); in any other kind they are an error.
    static var photoKeys: [String] { get }
    /// Where `photo` gives `photoKeys` (the key read into one value, with
    /// its location), nil when it gives none; default nil.
    static func photoKeysLocation(_ photo: PhotoSpec) -> SourceLocation?
    /// What follows "applies only to 'kind: K'" for this kind's `key`
    /// (justified's `direction`: " (rows, or columns)"); default "".
    static func scope(ofKey key: String) -> String
    /// Notes when `key` of other kinds is given to this kind ("the auto
    /// layout chooses its own columns"); default none.
    static func notes(forKeyOfOtherKinds key: String) -> [String]
    /// Reads the kind's own keys into its `LayoutKind` (the common keys are
    /// in `layout` already); errors go to `validator` at their keys.
    /// - Returns: the kind, or nil when it cannot be used (a grid without `columns`).
    static func read(_ keys: [String: Node.Entry], layout: inout LayoutSpec, context: LayoutReadContext,
                     with validator: inout Validator) -> LayoutKind?
    /// The canvas side ("width" or "height") this kind derives for two or
    /// more photos when the document leaves it out (justified rows: the
    /// height); default nil (none: only a single photo sizes the canvas).
    static func derivedSide(of kind: LayoutKind) -> String?
    /// Checks the photos against the kind after both were read (a free
    /// photo without a frame); default nothing.
    static func check(_ photos: [PhotoSpec], layout: LayoutSpec, with validator: inout Validator)
}

extension LayoutKindReading {
    static var photoKeys: [String] { [] }
    static func photoKeysLocation(_ photo: PhotoSpec) -> SourceLocation? { nil }
    static func scope(ofKey key: String) -> String { "" }
    static func notes(forKeyOfOtherKinds key: String) -> [String] { [] }
    static func check(_ photos: [PhotoSpec], layout: LayoutSpec, with validator: inout Validator) {}
    static func derivedSide(of kind: LayoutKind) -> String? { nil }
}

/// What a layout kind's reader may need beyond its keys.
struct LayoutReadContext {
    /// The `layout` entry (nil when the document has none): where a missing key is reported.
    let entry: Node.Entry?
    /// The photos laid out, when they were read.
    let photoCount: Int?
    let photosEntry: Node.Entry?
}

extension LayoutKindName {
    /// The kind's reading stage: one delegating line per kind.
    var reading: any LayoutKindReading.Type {
        switch self {
        case .auto: AutoLayoutReading.self
        case .grid: GridLayoutReading.self
        case .free: FreeLayoutReading.self
        case .justified: JustifiedLayoutReading.self
        }
    }
}
