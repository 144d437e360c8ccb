import CollageSpec

extension CollageDocument {
    /// The keys of a QR code overlay (`qrcode: {…}`, docs/format.md "QR codes").
    public struct QRCode: Sendable, Equatable {
        /// `text`: what the code holds; not empty.
        public var text: String
        /// `level`: error correction; default M.
        public var level: QRCodeLevel?
        /// `size`: the drawn square's side at most, pixels (quiet zone included). Not with `module`.
        public var size: Int?
        /// `module`: pixels a module; default 4. Not with `size`.
        public var module: Int?
        /// `margin`: the quiet zone in modules; default 4.
        public var margin: Int?
        /// `color` of the dark modules; default `"#000000"`. `background`: the rest; default `"#ffffff"`.
        public var color: String?, background: String?

        public init(_ text: String, level: QRCodeLevel? = nil, size: Int? = nil, module: Int? = nil, margin: Int? = nil,
                    color: String? = nil, background: String? = nil) {
            self.text = text; self.level = level; self.size = size; self.module = module; self.margin = margin
            self.color = color; self.background = background
        }

        /// The QR code overlay's own key, `qrcode`.
        var members: [(String, JSONText.Value?)] {
            [("qrcode", CollageDocument.object([
                ("text", .string(text)), ("level", level.map { .string($0.rawValue) }), ("size", size.map { .int($0) }),
                ("module", module.map { .int($0) }), ("margin", margin.map { .int($0) }),
                ("color", color.map { .string($0) }), ("background", background.map { .string($0) })]))]
        }
    }
}
