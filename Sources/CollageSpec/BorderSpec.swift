/// `border: {width, color}`: a band drawn inside the photo's cell, over the
/// photo, so the cell's frame stays exact; follows `cornerRadius`.
public struct BorderSpec: Sendable, Hashable {
    /// Band width, canvas pixels (> 0).
    public var width: Double
    /// Default opaque white.
    public var color: RGBA
    public init(width: Double, color: RGBA = .white) { self.width = width; self.color = color }
}
