import CollageRaster
import CollageSpec

extension Color {
    /// The document's colour as a scene colour (both sRGB, straight alpha).
    public init(_ rgba: RGBA) {
        self.init(red: rgba.red, green: rgba.green, blue: rgba.blue, alpha: rgba.alpha)
    }
}
