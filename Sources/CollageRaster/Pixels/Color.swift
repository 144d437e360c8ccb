/// An sRGB-encoded colour with straight (unpremultiplied) 8-bit alpha.
public struct Color: Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    public static let white = Color(red: 255, green: 255, blue: 255)
    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let transparent = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public var isOpaque: Bool { alpha == 255 }
}
