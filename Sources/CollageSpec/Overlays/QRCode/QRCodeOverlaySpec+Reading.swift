extension QRCodeOverlaySpec: OverlayKindReading {
    static let keys = ["qrcode", "shadow"]
    static let role = "a QR code"
    static var sections: [String: Section] { ["qrcode": Vocabulary.qrcode] }
    static func read(_ keys: [String: Node.Entry], with validator: inout Validator) -> OverlayKind? {
        validator.readQRCodeOverlay(keys)
    }
}

extension Vocabulary {
    /// The `qrcode` mapping of a QR code overlay (the schema's `$defs/qrcode`).
    static let qrcode = Section(name: "qrcode", phrase: "in 'qrcode'",
        supported: ["text", "level", "size", "module", "margin", "color", "background"], unsupported: [])
}
