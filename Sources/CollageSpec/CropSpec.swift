/// A manual crop: `crop: {x, y, width, height}` as fractions of the oriented
/// photo (0,0 top-left, 1,1 bottom-right). The photo is treated as this
/// window only: `cover`, `contain`, `focus` and `zoom` work inside it.
public struct CropSpec: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
}
