/// An image overlay's own keys (`image: logo.png`), drawn with its alpha over
/// the photos. Placed like a text overlay (its `OverlaySpec` holds `anchor`,
/// `offset`, `photo`, `rotation` and `opacity`): the anchor point of the canvas (or, with `photo: ID`, of that
/// photo's cell) and the same point of the image's
/// box meet, then the box moves by `offset` (+x right, +y down). Percentages
/// in `offset`, `width` and `height` refer to that box's width (x, width) or
/// height (y, height). Sizes and positions are rounded to whole pixels, half
/// away from zero.
public struct ImageOverlaySpec: Sendable, Hashable {
    /// The schema path of `image`, the key that names the image file.
    public static let imageKey = "overlay.image"
    /// The image file (`image`), as `Spec.inputs` lists it.
    public var input: InputFile
    /// Absolute path of the image file.
    public var path: String { input.path }
    /// The path as written (for messages).
    public var src: String { input.src }
    /// Location of the `image` value.
    public var srcLocation: SourceLocation { input.location }
    /// Box width; nil = from `height` and the image's aspect, or its native width.
    public var width: Length?
    /// Box height; nil = from `width` and the image's aspect, or its native height.
    public var height: Length?
    /// A drop shadow cast by the image's alpha; default none.
    public var shadow: DropShadow?
    /// CSS filter functions applied in order to the image; default none.
    public var filters: [FilterSpec] = []
    public init(input: InputFile, width: Length? = nil, height: Length? = nil, shadow: DropShadow? = nil) {
        self.input = input; self.width = width; self.height = height; self.shadow = shadow
    }
    /// An image overlay of the file at `path` (absolute), written `src` at `srcLocation`.
    public init(path: String, src: String, srcLocation: SourceLocation, width: Length? = nil, height: Length? = nil,
                shadow: DropShadow? = nil) {
        self.init(input: InputFile(path: path, src: src, key: Self.imageKey, location: srcLocation),
                  width: width, height: height, shadow: shadow)
    }
}
