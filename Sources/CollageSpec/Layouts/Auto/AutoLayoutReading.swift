/// `kind: auto` (the original app's 1-9 photo rule): no keys of its own.
enum AutoLayoutReading: LayoutKindReading {
    static let keys: [String] = []
    /// A grid's `columns` or `rows` here: the rule chooses them.
    static func notes(forKeyOfOtherKinds key: String) -> [String] {
        ["columns", "rows"].contains(key) ? ["the auto layout chooses its own columns"] : []
    }
    /// More than `Validator.maxAutoPhotos` photos is an error at `kind` (or `photos`).
    static func read(_ keys: [String: Node.Entry], layout: inout LayoutSpec, context: LayoutReadContext,
                     with validator: inout Validator) -> LayoutKind? {
        if let count = context.photoCount, count > Validator.maxAutoPhotos {
            let at = keys["kind"]?.value.location ?? context.photosEntry?.keyLocation ?? validator.documentStart
            validator.report(.outOfRange, at,
                             "the 'auto' layout takes 1 to \(Validator.maxAutoPhotos) photos; this document has \(count)",
                             notes: ["use 'layout: {kind: grid, columns: N}' for more photos"])
        }
        return .auto
    }
}
