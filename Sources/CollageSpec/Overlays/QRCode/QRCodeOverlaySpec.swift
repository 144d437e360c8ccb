/// A QR code overlay's own keys (`qrcode: {text, level, size | module,
/// margin, color, background}`, docs/format.md "QR codes") and its `shadow`.
/// Placement (`anchor`, `offset`, `photo`, `rotation`, `opacity`, `layer`,
/// `blend`) is `OverlaySpec`'s.
public struct QRCodeOverlaySpec: Sendable, Hashable {
    /// `text`: what the symbol encodes (UTF-8), never empty.
    public var text: String
    /// `level`: the error correction; default M.
    public var level: QRCodeLevel
    /// The symbol, encoded by the validator (so a text too long for the level is its error).
    public var symbol: QRCodeSymbol
    /// Canvas pixels a module: `module`, or `size` divided by the modules
    /// across (quiet zone included) rounded down; default 4; at least 1.
    public var module: Int
    /// `margin`: the quiet zone around the symbol, in modules; default 4 (the standard's).
    public var margin: Int
    /// `color`: the dark modules; default black.
    public var color: RGBA
    /// `background`: the light modules and the quiet zone; default white.
    public var background: RGBA
    /// A drop shadow cast by the whole symbol (background included; its
    /// dark modules alone when the background is transparent); default none.
    public var shadow: DropShadow?

    /// Modules across the drawn square: the symbol and its quiet zone on both sides.
    public var modulesAcross: Int { symbol.side + 2 * margin }
    /// The drawn square's side in canvas pixels (whole pixels).
    public var side: Int { modulesAcross * module }

    public init(text: String, level: QRCodeLevel = .M, symbol: QRCodeSymbol, module: Int = 4, margin: Int = 4,
                color: RGBA = .black, background: RGBA = .white, shadow: DropShadow? = nil) {
        self.text = text; self.level = level; self.symbol = symbol; self.module = module; self.margin = margin
        self.color = color; self.background = background; self.shadow = shadow
    }
}
