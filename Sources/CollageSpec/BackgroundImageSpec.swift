/// `letterbox` of a `fit: contain` photo (docs/format.md "photos"): what
/// fills the cell around the contained picture.
public enum LetterboxSpec: Sendable, Hashable {
    /// A colour.
    case color(RGBA)
    /// The photo itself scaled to cover the cell, blurred (σ `blur` canvas
    /// pixels, its edges extended), darkened by a black layer of opacity `dim` (0...1).
    case blur(blur: Double, dim: Double)
}

/// `canvas.background: {image, fit, focus, blur, filter, color}`
/// (docs/format.md "canvas"): an image behind everything, decoded and
/// oriented like a photo.
public struct BackgroundImageSpec: Sendable, Hashable {
    /// How the image fills the canvas.
    public enum Fit: String, Sendable, Hashable, CaseIterable {
        /// Scaled to cover the canvas, cropped about `focus` (the default).
        case cover
        /// Scaled to fit inside the canvas, centred on `color`.
        case contain
        /// Repeated at its native size from the canvas's top-left corner.
        case tile
    }

    /// The schema path of `image`, the key that names the image file.
    public static let imageKey = "backgroundImage.image"
    /// The image file (`image`), as `Spec.inputs` lists it.
    public var input: InputFile
    /// Absolute path of the image file.
    public var path: String { input.path }
    /// The path as written, and where (for messages).
    public var src: String { input.src }
    public var srcLocation: SourceLocation { input.location }
    public var fit: Fit = .cover
    /// The point of the image (fractions) the cover crop centres on; default (0.5, 0.5).
    /// With a `focusStrategy`, the centre of the window the strategy chose (set before the final layout).
    public var focusX: Double = 0.5, focusY: Double = 0.5
    /// `focus: auto` or `faces` (`cover` only): the window chosen from the
    /// image's pixels, as a photo's is (docs/format.md "focus: auto and faces"); nil for a point.
    public var focusStrategy: FocusStrategy?
    /// Where the strategy was written, for its errors (opencv-data missing).
    public var focusLocation: SourceLocation?
    /// CSS `blur()`: Gaussian σ in canvas pixels, the image's edge pixels
    /// extended so it stays opaque to its edges; default 0.
    public var blur: Double = 0
    /// Applied in order before `blur`; default none.
    public var filters: [FilterSpec] = []
    /// Under the image (a `contain` image's bars, a transparent image's
    /// pixels); default opaque white.
    public var color: RGBA = .white

    public init(input: InputFile) {
        self.input = input
    }
    /// A background of the image at `path` (absolute), written `src` at `srcLocation`.
    public init(path: String, src: String, srcLocation: SourceLocation) {
        self.init(input: InputFile(path: path, src: src, key: Self.imageKey, location: srcLocation))
    }
}
