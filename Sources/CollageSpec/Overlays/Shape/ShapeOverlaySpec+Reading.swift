extension ShapeOverlaySpec: OverlayKindReading {
    static let keys = ["shape", "width", "height", "cornerRadius", "points", "d", "fill", "stroke", "shadow"]
    static let role = "a vector shape"
    /// A text's `color` given to a shape points at `fill` and `stroke: {color}`.
    static func hint(forKeyOfOtherKinds key: String) -> String? {
        key == "color" ? "a shape's inside is 'fill' (did you mean 'fill'?), its outline 'stroke: {color}'" : nil
    }
    static func read(_ keys: [String: Node.Entry], with validator: inout Validator) -> OverlayKind? {
        validator.readShapeOverlay(keys)
    }
}
