/// The display list: what to draw on the canvas, in order, with every
/// position resolved to canvas pixels (origin top-left, y down).
/// Built by `CollageLayout.SceneBuilder`, drawn by `SceneRenderer`.
public struct Scene: Sendable {
    /// Canvas size in pixels.
    public var size: Size
    /// Fills the whole canvas before anything is drawn.
    public var background: Color
    /// The source images the items refer to by index; each is decoded once.
    public var images: [SceneImage]
    /// Drawn in order, later items over earlier ones.
    public var items: [SceneItem]

    public init(size: Size, background: Color, images: [SceneImage] = [], items: [SceneItem] = []) {
        self.size = size; self.background = background; self.images = images; self.items = items
    }
}

/// A source image known by its header: the size after EXIF orientation is
/// applied ("oriented size"), in source pixels. Crop windows refer to it.
public struct SceneImage: Sendable, Hashable {
    public var orientedSize: Size
    public init(orientedSize: Size) { self.orientedSize = orientedSize }
}

public enum SceneItem: Sendable {
    /// Draw part of a source image into a canvas rectangle (resampled).
    case image(ImageDraw)
    /// Fill canvas pixels with `color` where `mask` covers them (text, shapes).
    case mask(MaskDraw)
    /// Fill a rectangle with a colour (blended in linear light).
    case fill(PixelRect, Color)
    /// Composite colour pixels source-over in linear light (colour glyphs).
    case tile(ColorTile)
}

/// Resample `source` (a fractional window of the oriented image, in its
/// source pixels) into `destination` (canvas pixels), clipped to `clip`.
public struct ImageDraw: Sendable, Hashable {
    /// Index into `Scene.images`.
    public var image: Int
    /// Crop window in oriented source pixels; never rounded.
    public var source: Rect
    /// Where the window lands on the canvas.
    public var destination: PixelRect
    /// Pixels outside `clip` are not touched (the photo's cell).
    public var clip: PixelRect
    /// 0...1, multiplies the image's alpha.
    public var opacity: Double
    /// Degrees clockwise (y down) about the centre of `clip`; the rotated
    /// image is still clipped to `clip`. Default 0. See `ShapedImageDraw`.
    public var rotation: Double
    /// Radius of the rounded corners, canvas pixels, anti-aliased; default 0
    /// (square). They round `destination ∩ clip` (the visible image), or
    /// `clip` when the draw is rotated. See `RoundedRect`.
    public var cornerRadius: Double
    public init(image: Int, source: Rect, destination: PixelRect, clip: PixelRect? = nil, opacity: Double = 1,
                rotation: Double = 0, cornerRadius: Double = 0) {
        self.image = image; self.source = source; self.destination = destination
        self.clip = clip ?? destination; self.opacity = opacity
        self.rotation = rotation; self.cornerRadius = cornerRadius
    }

    /// True when the draw needs `ShapedImageDraw` (rotation or rounded corners).
    var isShaped: Bool { rotation.truncatingRemainder(dividingBy: 360) != 0 || cornerRadius > 0 }
}

/// A coverage mask placed with its top-left pixel at `origin` (canvas pixels).
public struct MaskDraw: Sendable, Equatable {
    public var mask: CoverageMask
    public var originX: Int
    public var originY: Int
    public var color: Color
    public init(mask: CoverageMask, originX: Int, originY: Int, color: Color) {
        self.mask = mask; self.originX = originX; self.originY = originY; self.color = color
    }
}
