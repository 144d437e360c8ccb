import CollageNumerics
/// A block of colour pixels placed on the canvas with its top-left pixel at
/// `originX`, `originY` (canvas pixels): premultiplied linear-light R, G, B,
/// A floats (0...1, colour at most alpha), rows top to bottom, no padding.
/// Used for colour glyphs (emoji), which keep their own colours.
public struct ColorTile: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var pixels: [Float]
    public var originX: Int
    public var originY: Int
    public init(width: Int, height: Int, pixels: [Float], originX: Int, originY: Int) {
        precondition(pixels.count == width * height * 4)
        self.width = width; self.height = height; self.pixels = pixels
        self.originX = originX; self.originY = originY
    }

    /// The tile's alpha as coverage bytes (for shadows cast by colour glyphs).
    public var alphaMask: CoverageMask {
        var coverage = [UInt8](repeating: 0, count: width * height)
        for i in 0..<(width * height) {
            let a = pixels[i * 4 + 3]
            coverage[i] = UInt8(truncatingIfNeeded: Int(checked: min(max(a, 0), 1) * 255 + 0.5))
        }
        return CoverageMask(width: width, height: height, coverage: coverage)
    }
}
