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
        pixels.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return true }
            // Eight bytes (two pixels) at a time: AND of all alpha bytes.
            let words = raw.count / 8
            var all: UInt64 = ~0
            var i = 0
            while i < words {
                all &= base.loadUnaligned(fromByteOffset: i &* 8, as: UInt64.self)
                if i & 1023 == 1023 && all | 0x00FF_FFFF_00FF_FFFF != ~0 { return false }
                i &+= 1
            }
            var j = words * 8 + 3
            while j < raw.count { if raw[j] != 255 { return false }; j += 4 }
            return all | 0x00FF_FFFF_00FF_FFFF == ~0
        }
    }
}
