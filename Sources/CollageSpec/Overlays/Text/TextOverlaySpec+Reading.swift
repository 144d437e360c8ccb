extension TextOverlaySpec: OverlayKindReading {
    static let keys = ["text", "font", "color", "stroke", "shadow", "maxWidth", "maxHeight", "fit", "align", "lineHeight",
                       "letterSpacing", "maxLines", "background", "direction", "tabSize", "lang", "lineBreak", "width",
                       "height", "verticalAlign", "hyphens", "textOrientation", "textCombineUpright"]
    static let role = "the text to draw"
    /// Text is set in its fonts.
    static let needsFonts = true
    /// Every anchor, the baseline anchors included.
    static var anchors: [String] { Anchor.allCases.map(\.rawValue) }
    static func read(_ keys: [String: Node.Entry], with validator: inout Validator) -> OverlayKind? {
        validator.readTextOverlay(keys)
    }
    /// The font `file` of the overlay, then its spans'.
    var inputFiles: [InputFile] { ([font] + spans.map(\.font)).compactMap(\.fileInput) }
}
