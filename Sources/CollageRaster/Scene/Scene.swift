/// What to draw: the canvas, its background, the source images and the
/// scene graph (`nodes`, see `Node`), with the device-space draws the
/// renderer executes (`items`, flattened from the nodes by
/// `SceneFlattener`). Canvas pixels, origin top-left, y down.
/// Built by `CollageLayout.SceneBuilder`, drawn by `SceneRenderer`.
public struct Scene: Sendable {
    /// Canvas size in pixels.
    public var size: Size
    /// Fills the whole canvas before anything is drawn.
    public var background: Color
    /// The space coverage, opacity, alpha, blends and blurs composite in
    /// (`canvas.compositing`). Default `.css` (sRGB-encoded values, as browsers).
    public var compositing: Compositing = .css
    /// The source images the items refer to by index; each is decoded once.
    public var images: [SceneImage]
    /// The scene graph the items were flattened from (empty for a scene
    /// built from device-space items directly).
    public var nodes: [Node]
    /// Device-space draws, in order, later over earlier.
    public var items: [SceneItem]
    /// Reserved z-order slots, in order: where the draws of kinds laid out
    /// later (they need fonts, `OverlayKindReading.needsFonts`) go, filled
    /// by `fill(items:nodes:)` or, while the scene renders, from
    /// `SlotItems`. Empty for a complete scene (the default).
    public var slots: [SceneSlot] = []

    /// A scene of device-space draws (tests, debug outlines).
    public init(size: Size, background: Color, images: [SceneImage] = [], items: [SceneItem] = [],
                compositing: Compositing = .css) {
        self.size = size; self.background = background; self.images = images; self.items = items; nodes = []
        self.compositing = compositing
    }

    /// A scene of nodes, flattened into `items` (`SceneFlattener`).
    public init(size: Size, background: Color, images: [SceneImage] = [], nodes: [Node], compositing: Compositing = .css) {
        self.size = size; self.background = background; self.images = images; self.nodes = nodes
        self.compositing = compositing
        items = SceneFlattener(canvas: size).flatten(nodes)
    }

    /// Appends `nodes` and their draws.
    public mutating func append(_ more: [Node]) {
        nodes += more
        items += SceneFlattener(canvas: size).flatten(more)
    }

    /// Reserves a slot after the draws and nodes so far (`slots`).
    public mutating func reserveSlot() {
        slots.append(SceneSlot(item: items.count, node: nodes.count))
    }

    /// True when every slot lies after every image draw; otherwise the image
    /// draws after the first slot are composited in scene order, not written
    /// straight to the canvas (`RenderPlan`).
    public var slotsFollowImages: Bool {
        guard let first = slots.first?.item else { return true }
        return !items[first...].contains { if case .image = $0 { true } else { false } }
    }

    /// The scene with each slot's draws (and nodes, when given: as many
    /// lists as slots) put in its place; no slots left. The items equal
    /// those of the scene built with the nodes in place (flattening is per node).
    /// - Precondition: one list of items per slot.
    public func filled(items slotItems: [[SceneItem]], nodes slotNodes: [[Node]]? = nil) -> Scene {
        precondition(slotItems.count == slots.count && (slotNodes?.count ?? slots.count) == slots.count,
                     "one list of draws per reserved slot")
        var whole = self
        whole.slots = []
        whole.items = items.splicing(slotItems, at: slots.map(\.item))
        if let slotNodes { whole.nodes = nodes.splicing(slotNodes, at: slots.map(\.node)) }
        return whole
    }

}

/// A source image known by its header: the size after EXIF orientation is
/// applied ("oriented size"), in source pixels. Crop windows refer to it.
public struct SceneImage: Sendable, Hashable {
    public var orientedSize: Size
    public init(orientedSize: Size) { self.orientedSize = orientedSize }
}

/// One device-space draw (canvas pixels), the renderer's unit of work.
public enum SceneItem: Sendable {
    /// Draw part of a source image into a canvas rectangle (resampled).
    case image(ImageDraw)
    /// Fill canvas pixels with `color` where `mask` covers them (text, shapes).
    case mask(MaskDraw)
    /// Fill a rectangle with a colour (blended in the scene's `compositing` space).
    case fill(PixelRect, Color)
    /// Composite colour pixels (premultiplied linear light: gradients, colour
    /// glyphs) source-over in the scene's `compositing` space.
    case tile(ColorTile)
    /// The items up to the matching `endLayer` draw into an isolated,
    /// transparent layer (premultiplied linear floats) over `region`, which
    /// is then multiplied by its clip and composited with its opacity.
    case beginLayer(LayerDraw)
    case endLayer
}

/// An isolated layer (`SceneItem.beginLayer`).
public struct LayerDraw: Sendable, Equatable {
    /// The canvas pixels the layer's items may change (inside the canvas).
    public var region: PixelRect
    /// 0...1.
    public var opacity: Double
    /// Coverage multiplying the layer before it is composited; nil: none.
    public var clip: PlacedMask?
    /// How the layer mixes with what lies below it (`Compositor+Blend.swift`).
    public var blend: BlendMode
    public init(region: PixelRect, opacity: Double, clip: PlacedMask? = nil, blend: BlendMode = .normal) {
        self.region = region; self.opacity = opacity; self.clip = clip; self.blend = blend
    }
}

/// A coverage mask with its top-left pixel at canvas pixel (`x`, `y`).
public struct PlacedMask: Sendable, Equatable {
    public var mask: CoverageMask
    public var x: Int, y: Int
    public init(mask: CoverageMask, x: Int, y: Int) { self.mask = mask; self.x = x; self.y = y }
    public var rect: PixelRect { PixelRect(x: x, y: y, width: mask.width, height: mask.height) }
}

/// Resample `source` (a fractional window of the oriented image, in its
/// source pixels) into `destination` (canvas pixels), clipped to `clip`.
public struct ImageDraw: Sendable, Equatable {
    /// Index into `Scene.images`.
    public var image: Int
    /// Crop window in oriented source pixels; never rounded.
    public var source: Rect
    /// Where the window lands on the canvas; for a `transform`ed draw only
    /// its size counts (the resampled picture's pixels, at the node's scale).
    public var destination: PixelRect
    /// Pixels outside `clip` are not touched.
    public var clip: PixelRect
    /// 0...1, multiplies the image's alpha.
    public var opacity: Double
    /// Mirror the picture within `destination` (left-right, top-bottom).
    public var flipsX: Bool, flipsY: Bool
    /// nil: axis-aligned at `destination`. Otherwise maps the resampled
    /// picture's pixel coordinates (0...destination.width, 0...height,
    /// pixel edges at integers) to canvas pixels (any rotation or shear).
    public var transform: Affine?
    /// Coverage multiplying every pixel (rounded corners, the anti-aliased
    /// edges of a transformed picture; for a transformed draw whose blur
    /// filters spread with transparent edges, the edges of the picture grown
    /// by their reach); its rectangle is then the draw's region. Required for
    /// a `transform`ed draw.
    public var coverage: PlacedMask?
    /// Paint the shadow the picture's alpha casts instead of the picture
    /// (`ImageShadow`); nil: the picture.
    public var shadow: ImageShadow?
    /// Applied in order to the resampled pixels before they are composited
    /// (`ImageFilters`), in the picture's own frame before `transform`
    /// (`ShapedImageDraw+Filters.swift`); a filtered draw is never written directly.
    public var filters: [Filter]
    /// What a blur reads beyond the picture (`ImageLeaf.edges`).
    public var edges: GaussianBlur.Edges

    public init(image: Int, source: Rect, destination: PixelRect, clip: PixelRect? = nil, opacity: Double = 1,
                flipsX: Bool = false, flipsY: Bool = false, transform: Affine? = nil, coverage: PlacedMask? = nil,
                shadow: ImageShadow? = nil, filters: [Filter] = [], edges: GaussianBlur.Edges = .transparent) {
        self.image = image; self.source = source; self.destination = destination
        self.clip = clip ?? destination; self.opacity = opacity
        self.flipsX = flipsX; self.flipsY = flipsY; self.transform = transform; self.coverage = coverage
        self.shadow = shadow; self.filters = filters; self.edges = edges
    }

    /// True when the draw needs `ShapedImageDraw` (a transform, a coverage
    /// mask or a shadow).
    var isShaped: Bool { transform != nil || coverage != nil || shadow != nil }

    /// The canvas pixels the picture covers, before the canvas clips them.
    var pictureReach: PixelRect {
        if let coverage { return coverage.rect.intersection(clip) }
        return destination.intersection(clip)
    }

    /// The canvas pixels the draw may change, before the canvas clips them:
    /// the picture's (grown by its blur filters' reach inside `clip` when
    /// the blur spreads out; a transformed draw's coverage already covers
    /// that spread, `SceneFlattener`), or for a shadow the picture's grown
    /// by the shadow's margin inside the shadow's clip.
    var reach: PixelRect {
        let picture = pictureReach
        guard let shadow else {
            let margin = edges == .transparent && transform == nil ? filters.blurReach : 0
            guard margin > 0, !picture.isEmpty else { return picture }
            return PixelRect(x: picture.x - margin, y: picture.y - margin,
                             width: picture.width + 2 * margin, height: picture.height + 2 * margin).intersection(clip)
        }
        guard !picture.isEmpty else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let margin = shadow.margin
        return PixelRect(x: picture.x - margin, y: picture.y - margin,
                         width: picture.width + 2 * margin, height: picture.height + 2 * margin).intersection(shadow.clip)
    }
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
