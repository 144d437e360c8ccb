/// One node of the scene graph (README "Rules": Scene graph): a group or a
/// leaf. Coordinates are the node's local ones; the transforms of the
/// groups above map them to canvas pixels (origin top-left, y down).
/// `Scene(size:background:images:nodes:)` flattens a tree into device-space
/// draws (`SceneItem`) with `SceneFlattener`.
public indirect enum Node: Sendable {
    case group(Group)
    /// Part of a source image, resampled onto a local rectangle.
    case image(ImageLeaf)
    /// A filled path.
    case path(PathLeaf)
    /// A coverage mask in one colour (rasterised glyphs).
    case mask(MaskLeaf)
    /// Colour pixels (colour glyphs); its origin is local.
    case tile(ColorTile)
    /// Text: its outline fills for the raster, its glyph run for a PDF.
    case text(TextLeaf)
}

/// Children drawn in order under one transform, opacity, clip and shadow.
public struct Group: Sendable {
    /// Maps the children's coordinates into the parent's; default identity.
    public var transform: Affine
    /// 0...1: fades the group as a whole (an isolated layer when it covers
    /// more than one drawing child); default 1.
    public var opacity: Double
    /// Only what lies inside this path (local coordinates, non-zero) shows; default none.
    public var clip: Path?
    /// Drawn under the children; default none.
    public var shadow: Shadow?
    /// How the group mixes with what is drawn below it; default `.normal`.
    /// Any other mode makes the group an isolated layer, blended as a whole.
    public var blend: BlendMode
    public var children: [Node]
    /// Draws the group's shadow alone, not its children (what a PDF
    /// rasterises under a component whose shadow its children's alpha casts,
    /// the children themselves staying vectors and text over it); default false.
    public var shadowOnly = false

    public init(transform: Affine = .identity, opacity: Double = 1, clip: Path? = nil, shadow: Shadow? = nil,
                blend: BlendMode = .normal, children: [Node]) {
        self.transform = transform; self.opacity = opacity; self.clip = clip; self.shadow = shadow
        self.blend = blend; self.children = children
    }
}

/// A shadow cast by `caster`, moved by the offset, blurred with a Gaussian
/// of `sigma` (box-shadow: blur radius / 2; drop-shadow: its length), in
/// `color`. A `.shape` shadow with a `knockout` is CSS box-shadow (the shape
/// already grown by the spread, hidden under the caster itself, so a
/// translucent print does not show its own shadow), one without is CSS
/// `filter: drop-shadow` under an opaque shape; an `.alpha` shadow is CSS
/// `filter: drop-shadow` (cast by the alpha of the group's image leaves,
/// which it shows under where they are translucent), optionally spread.
public struct Shadow: Sendable {
    /// What casts a shadow.
    public enum Caster: Sendable {
        /// A shape in the group's local coordinates, spread included (a photo's print, a shape overlay).
        case shape(Path)
        /// The alpha of the image leaves under the group, as the group draws
        /// them (rotation included), grown by `spread` canvas pixels
        /// (negative: shrunk) before the blur (an image overlay); with the
        /// coverage of its path leaves and glyph masks (a component).
        case alpha(spread: Double)
    }
    public var caster: Caster
    /// Canvas pixels (+x right, +y down): the light does not turn with the caster.
    public var offsetX: Double, offsetY: Double
    /// Gaussian standard deviation, canvas pixels; 0 is a sharp shadow.
    public var sigma: Double
    public var color: Color
    /// Where the shadow is not drawn (local coordinates); nil: nowhere.
    public var knockout: Path?

    public init(shape: Path, offsetX: Double, offsetY: Double, sigma: Double, color: Color, knockout: Path? = nil) {
        self.init(caster: .shape(shape), offsetX: offsetX, offsetY: offsetY, sigma: sigma, color: color, knockout: knockout)
    }

    public init(caster: Caster, offsetX: Double, offsetY: Double, sigma: Double, color: Color, knockout: Path? = nil) {
        self.caster = caster; self.offsetX = offsetX; self.offsetY = offsetY; self.sigma = sigma
        self.color = color; self.knockout = knockout
    }
}

/// The fractional crop window `source` of scene image `image` (oriented
/// source pixels) drawn onto the local rectangle `bounds`, its pixels then
/// passed through `filters` (`ImageFilters`).
public struct ImageLeaf: Sendable, Hashable {
    /// Index into `Scene.images`.
    public var image: Int
    public var source: Rect
    public var bounds: Rect
    /// Applied in order to the drawn pixels; default none.
    public var filters: [Filter]
    /// What a `blur` filter reads beyond the picture: `.transparent` (CSS
    /// `blur()`, the blur spreads out over its surroundings) or `.extended`
    /// (the edge pixels repeated: the picture stays opaque to its edges and
    /// the blur stays inside them); default `.transparent`.
    public var edges: GaussianBlur.Edges
    public init(image: Int, source: Rect, bounds: Rect, filters: [Filter] = [], edges: GaussianBlur.Edges = .transparent) {
        self.image = image; self.source = source; self.bounds = bounds; self.filters = filters; self.edges = edges
    }
}

/// `path` (local coordinates) filled with `paint` under `rule`.
public struct PathLeaf: Sendable, Hashable {
    public var path: Path
    public var paint: Paint
    public var rule: FillRule
    /// When `path` is a stroke's outline: the centre line and style it was
    /// stroked from, for a backend that strokes natively (PDF); nil for a
    /// fill. The raster draws `path` either way.
    public var stroke: PathStroke?
    public init(path: Path, paint: Paint, rule: FillRule = .nonZero, stroke: PathStroke? = nil) {
        self.path = path; self.paint = paint; self.rule = rule; self.stroke = stroke
    }
}

/// A coverage mask with its top-left corner at local (`x`, `y`), in `color`.
public struct MaskLeaf: Sendable, Equatable {
    public var mask: CoverageMask
    public var x: Double, y: Double
    public var color: Color
    public init(mask: CoverageMask, x: Double, y: Double, color: Color) {
        self.mask = mask; self.x = x; self.y = y; self.color = color
    }
}
