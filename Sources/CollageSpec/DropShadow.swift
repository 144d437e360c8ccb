/// `shadow: {offset: [x, y], blur, color, spread}` of a photo (cast by its
/// print's shape), or `{offset, blur, color}` of an image overlay (cast by its
/// alpha) or a shape (cast by its fill and stroke), drawn under it.
///
/// A photo's is CSS `box-shadow`: the shape grows by `spread` (its corner
/// radius as CSS grows it), moves by `offset` (+x right, +y down, canvas
/// pixels) and is blurred with a Gaussian of σ = `blur` / 2. An image
/// overlay's or a shape's is CSS `filter: drop-shadow`: `spread` stays 0 (the
/// validator refuses it) and σ = `blur` (issue 31). Ranges (checked by the
/// validator): offsets -100000...100000 px, blur 0...1000 px, spread
/// -10000...10000 px.
public struct DropShadow: Sendable, Hashable {
    public var offsetX: Double
    public var offsetY: Double
    /// Blur in pixels (a photo's σ = blur / 2, a drop shadow's σ = blur); default 0 (a hard edge).
    public var blur: Double
    /// Pixels a photo's shape grows (negative: shrinks) before the blur; default 0 (always, for a drop shadow).
    public var spread: Double
    /// Default black at 50 % alpha (#00000080).
    public var color: RGBA
    public init(offsetX: Double = 0, offsetY: Double = 0, blur: Double = 0, spread: Double = 0,
                color: RGBA = DropShadow.defaultColor) {
        self.offsetX = offsetX; self.offsetY = offsetY; self.blur = blur; self.spread = spread; self.color = color
    }
    /// Black at 50 % alpha (alpha 128).
    public static let defaultColor = RGBA(red: 0, green: 0, blue: 0, alpha: 128)
}

/// `flip` of a photo: mirrors the picture after `crop`, `focus` and `zoom`
/// (which keep the unflipped photo's coordinates) and before `rotation`.
public enum Flip: String, Sendable, Hashable, CaseIterable {
    /// Left and right swap.
    case horizontal
    /// Top and bottom swap.
    case vertical
    /// Both: a half turn of the picture.
    case both
}
