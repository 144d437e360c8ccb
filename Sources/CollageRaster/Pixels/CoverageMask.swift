/// An 8-bit coverage mask (0 = outside, 255 = fully covered), e.g. rasterised
/// glyphs. Rows top to bottom, one byte a pixel, no padding.
public struct CoverageMask: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var coverage: [UInt8]
    public init(width: Int, height: Int, coverage: [UInt8]) {
        precondition(coverage.count == width * height)
        self.width = width; self.height = height; self.coverage = coverage
    }
    public init(width: Int, height: Int) {
        self.init(width: width, height: height, coverage: [UInt8](repeating: 0, count: width * height))
    }
}
