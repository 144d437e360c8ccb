/// The largest canvas collage renders, for documents (`canvas`) and for
/// canvases built in code (`collage grid`) alike: refused before any
/// pixel is allocated.
public enum CanvasLimits {
    /// Largest canvas side, pixels (32768).
    public static let maxSide = 32768
    /// Largest canvas area, pixels (16384 x 16384 = 268435456, 1 GiB of RGBA8).
    public static let maxArea = 268_435_456
}
