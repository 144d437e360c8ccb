/// An image in memory: RGBA8, sRGB-encoded, straight (unpremultiplied) alpha,
/// rows top to bottom, 4 bytes a pixel, no row padding.
public struct Pixmap: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes: R, G, B, A per pixel.
    public var pixels: [UInt8]

    /// A pixmap filled with `color`.
    public init(width: Int, height: Int, color: Color = .transparent) {
        precondition(width >= 0 && height >= 0)
        self.width = width
        self.height = height
        var row = [UInt8](repeating: 0, count: 4)
        row[0] = color.red; row[1] = color.green; row[2] = color.blue; row[3] = color.alpha
        if color == .transparent {
            pixels = [UInt8](repeating: 0, count: width * height * 4)
        } else {
            pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buf, count in
                var i = 0
                while i < width * height * 4 {
                    buf[i] = color.red; buf[i + 1] = color.green; buf[i + 2] = color.blue; buf[i + 3] = color.alpha
                    i += 4
                }
                count = width * height * 4
            }
        }
    }

    /// Wraps existing RGBA8 bytes; `pixels.count` must be `width * height * 4`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "pixel buffer size mismatch")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    public var size: Size { Size(width: width, height: height) }

    /// The pixel at column `x`, row `y` (origin top-left).
    public subscript(x: Int, y: Int) -> Color {
        get {
            let i = (y * width + x) * 4
            return Color(red: pixels[i], green: pixels[i + 1], blue: pixels[i + 2], alpha: pixels[i + 3])
        }
        set {
            let i = (y * width + x) * 4
            pixels[i] = newValue.red; pixels[i + 1] = newValue.green
            pixels[i + 2] = newValue.blue; pixels[i + 3] = newValue.alpha
        }
    }

    /// True when every pixel has alpha 255.
    public var isOpaque: Bool {
        var i = 3
        while i < pixels.count { if pixels[i] != 255 { return false }; i += 4 }
        return true
    }
}
