/// `border: {width, color}`: a band drawn inside the photo's cell, over the
/// photo, so the cell's frame stays exact; follows `cornerRadius`.
public struct BorderSpec: Sendable, Hashable {
    /// Band width: pixels, or a percentage of the cell's shorter side (>= 0).
    public var width: Length
    /// Default opaque white.
    public var color: RGBA
    public init(width: Length, color: RGBA = .white) { self.width = width; self.color = color }
}
