extension ImageOverlaySpec: OverlayKindReading {
    static let keys = ["image", "width", "height", "shadow", "filter"]
    static func read(_ keys: [String: Node.Entry], with validator: inout Validator) -> OverlayKind? {
        validator.readImageOverlay(keys)
    }
    static let role = "a picture"
    /// The `image` file.
    var inputFiles: [InputFile] { [input] }
}
