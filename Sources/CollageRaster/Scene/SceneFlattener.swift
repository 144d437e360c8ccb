/// Scene graph -> device-space draws (README "Rules": Scene graph): each
/// node's transform is composed with its parents', and each leaf becomes
/// `SceneItem`s in canvas pixels.
///
/// - A group is isolated (`SceneItem.beginLayer` ... `.endLayer`) only when
///   it has more than one child and either an opacity below 1 or a clip
///   that is not a pixel-aligned rectangle. Otherwise its opacity passes to
///   its child (or children, at opacity 1), a pixel-aligned rectangular clip
///   narrows the draws' clip, and any other clip of a single child becomes
///   that child's coverage.
/// - A group's shadow (`Shadow`) becomes a coverage mask under its children.
/// - An image leaf whose device transform is an axis-aligned scale (mirrors
///   included) and translation onto whole pixels is a plain `ImageDraw`
///   (separable Lanczos-3); any other is resampled at the node's own scale
///   and mapped through the rest of the transform (`ShapedImageDraw`), its
///   edges anti-aliased by the exact area coverage of its rectangle (grown
///   by the blur's reach when its filters blur with transparent edges: they
///   apply in the picture's own frame, before the transform).
/// - Paths are filled by `PathRasterizer` (a gradient paint becomes a
///   colour tile of the covered pixels); masks and tiles under a
///   non-integer or non-translation transform are resampled bilinearly.
/// Non-finite geometry draws nothing.
public struct SceneFlattener: Sendable {
    /// Canvas size in pixels: the canvas is the outermost clip.
    public let canvas: Size

    public init(canvas: Size) { self.canvas = canvas }

    private var canvasRect: PixelRect { PixelRect(x: 0, y: 0, width: max(0, canvas.width), height: max(0, canvas.height)) }

    /// The device draws of `nodes`, in order.
    public func flatten(_ nodes: [Node]) -> [SceneItem] {
        var items: [SceneItem] = []
        for node in nodes { flatten(node, transform: .identity, opacity: 1, clip: canvasRect, coverage: nil, into: &items) }
        return items
    }

    /// The transform that takes `node`'s local coordinates to canvas pixels
    /// is `transform`; `opacity` and `coverage` (canvas pixels) still apply
    /// to everything it draws, and nothing is drawn outside `clip`.
    private func flatten(_ node: Node, transform: Affine, opacity: Double, clip: PixelRect, coverage: PlacedMask?,
                         into items: inout [SceneItem]) {
        guard transform.isFinite, opacity > 0, !clip.isEmpty else { return }
        switch node {
        case .group(let group):
            flatten(group, parent: transform, opacity: opacity, clip: clip, coverage: coverage, into: &items)
        case .image(let leaf):
            if let draw = imageDraw(leaf, transform: transform, opacity: opacity, clip: clip, coverage: coverage) {
                items.append(.image(draw))
            }
        case .path(let leaf):
            guard var mask = PathRasterizer.fill(leaf.path.transformed(by: transform), rule: leaf.rule, clip: clip)
                    .map({ PlacedMask(mask: $0.mask, x: $0.x, y: $0.y) }) else { return }
            if let coverage { guard let product = mask.multiplied(by: coverage) else { return }; mask = product }
            switch leaf.paint {
            case .solid(let color):
                items.append(.mask(MaskDraw(mask: mask.mask, originX: mask.x, originY: mask.y, color: color.faded(opacity))))
            case .gradient(let gradient):
                if let tile = gradient.tile(under: mask, transform: transform, opacity: opacity) { items.append(.tile(tile)) }
            }
        case .text(let leaf):
            // Exactly the fills as that many path leaves: the glyph run is the PDF's.
            for fill in leaf.fills {
                flatten(.path(fill), transform: transform, opacity: opacity, clip: clip, coverage: coverage, into: &items)
            }
        case .mask(let leaf):
            var placed: PlacedMask?
            let x = transform.tx + leaf.x, y = transform.ty + leaf.y
            if transform.isTranslation, x == x.rounded(), y == y.rounded(), abs(x) < 1e9, abs(y) < 1e9 {
                placed = PlacedMask(mask: leaf.mask, x: Int(x), y: Int(y)).cropped(to: clip)
            } else {
                placed = AffineSampling.mask(leaf.mask, x: leaf.x, y: leaf.y, transform: transform, clip: clip)
            }
            guard var mask = placed else { return }
            if let coverage { guard let product = mask.multiplied(by: coverage) else { return }; mask = product }
            items.append(.mask(MaskDraw(mask: mask.mask, originX: mask.x, originY: mask.y, color: leaf.color.faded(opacity))))
        case .tile(let leaf):
            var tile: ColorTile?
            let x = transform.tx + Double(leaf.originX), y = transform.ty + Double(leaf.originY)
            if transform.isTranslation, x == x.rounded(), y == y.rounded(), abs(x) < 1e9, abs(y) < 1e9 {
                var moved = leaf
                moved.originX = Int(x); moved.originY = Int(y)
                tile = moved.cropped(to: clip)
            } else {
                tile = AffineSampling.tile(leaf, transform: transform, clip: clip)
            }
            guard var out = tile else { return }
            if opacity < 1 || coverage != nil { out = out.scaled(opacity: opacity, coverage: coverage) }
            items.append(.tile(out))
        }
    }

    private func flatten(_ group: Group, parent: Affine, opacity inherited: Double, clip inheritedClip: PixelRect,
                         coverage inheritedCoverage: PlacedMask?, into items: inout [SceneItem]) {
        let transform = group.transform.then(parent)
        guard transform.isFinite, group.opacity.isFinite else { return }
        let own = min(max(group.opacity, 0), 1)
        guard own > 0 else { return }
        var clip = inheritedClip
        var coverage = inheritedCoverage
        if let path = group.clip {
            let device = path.transformed(by: transform)
            if let rect = device.pixelAlignedRect {
                clip = clip.intersection(rect)
            } else {
                guard let mask = PathRasterizer.fill(device, clip: clip) else { return }
                let placed = PlacedMask(mask: mask.mask, x: mask.x, y: mask.y)
                if let existing = coverage {
                    guard let product = existing.multiplied(by: placed) else { return }
                    coverage = product
                } else {
                    coverage = placed
                }
            }
            if let coverage { clip = clip.intersection(coverage.rect) }
            guard !clip.isEmpty else { return }
        }
        if let shadow = group.shadow {
            switch shadow.caster {
            case .shape(let shape):
                if let item = shadowItem(shadow, shape: shape, transform: transform, opacity: inherited * own,
                                         clip: inheritedClip) {
                    items.append(item)
                }
            case .alpha(let spread):
                alphaShadowItems(shadow, spread: spread, children: group.children, transform: transform,
                                 opacity: inherited * own, clip: inheritedClip, into: &items)
            }
        }
        if group.shadowOnly { return }
        // A text leaf counts as its fills, the path leaves it stands for (a
        // translucent group of two colours' fills is a layer, as before).
        let children = group.children.contains { if case .text = $0 { true } else { false } }
            ? group.children.flatMap { node -> [Node] in
                if case .text(let leaf) = node { leaf.fills.map { .path($0) } } else { [node] }
            }
            : group.children
        // A blend mode other than normal mixes the group as a whole: always a layer.
        if group.blend == .normal, children.count <= 1 || (inherited * own == 1 && coverage == nil) {
            for child in children {
                flatten(child, transform: transform, opacity: inherited * own, clip: clip, coverage: coverage, into: &items)
            }
            return
        }
        var inner: [SceneItem] = []
        for child in children { flatten(child, transform: transform, opacity: 1, clip: clip, coverage: nil, into: &inner) }
        var region: PixelRect?
        for item in inner {
            guard let reach = item.reach, !reach.isEmpty else { continue }
            region = region.map { $0.union(reach) } ?? reach
        }
        guard var layer = region?.intersection(clip), !layer.isEmpty else { return }
        if let coverage { layer = layer.intersection(coverage.rect) }
        guard !layer.isEmpty else { return }
        items.append(.beginLayer(LayerDraw(region: layer, opacity: inherited * own, clip: coverage, blend: group.blend)))
        items += inner
        items.append(.endLayer)
    }

    /// An image leaf under `transform`: plain when axis-aligned on whole pixels, shaped otherwise.
    private func imageDraw(_ leaf: ImageLeaf, transform: Affine, opacity: Double, clip: PixelRect,
                           coverage: PlacedMask?) -> ImageDraw? {
        let bounds = leaf.bounds
        guard bounds.x.isFinite, bounds.y.isFinite, bounds.width.isFinite, bounds.height.isFinite,
              bounds.width > 0, bounds.height > 0 else { return nil }
        let box = transform.bounds(of: bounds)
        let flipsX = transform.a < 0, flipsY = transform.d < 0
        if transform.isAxisAligned, let destination = box.wholePixels {
            if coverage == nil {
                return ImageDraw(image: leaf.image, source: leaf.source, destination: destination, clip: clip,
                                 opacity: opacity, flipsX: flipsX, flipsY: flipsY, filters: leaf.filters, edges: leaf.edges)
            }
            if !flipsX, !flipsY, let shape = coverage?.cropped(to: destination.intersection(clip)) {
                return ImageDraw(image: leaf.image, source: leaf.source, destination: destination, clip: clip,
                                 opacity: opacity, coverage: shape, filters: leaf.filters, edges: leaf.edges)
            }
        }
        // Resample at the node's own scale, then map through the rest.
        let scales = transform.axisScales
        let width = (bounds.width * scales.x).rounded(), height = (bounds.height * scales.y).rounded()
        guard width.isFinite, height.isFinite, width < 1e6, height < 1e6 else { return nil }
        let w = max(1, Int(width)), h = max(1, Int(height))
        let picture = Affine.scale(bounds.width / Double(w), bounds.height / Double(h))
            .then(.translation(bounds.x, bounds.y)).then(transform)
        // Filters apply in the picture's frame before the transform; a blur
        // with transparent edges spreads the picture beyond the frame by its
        // reach (frame pixels), so the coverage is that of the grown frame.
        let spread = leaf.edges == .transparent ? Double(leaf.filters.blurReach) : 0
        let outline = Path.rect(Rect(x: -spread, y: -spread, width: Double(w) + 2 * spread, height: Double(h) + 2 * spread))
            .transformed(by: picture)
        guard let edge = PathRasterizer.fill(outline, clip: clip) else { return nil }
        var shape = PlacedMask(mask: edge.mask, x: edge.x, y: edge.y)
        if let coverage { guard let product = shape.multiplied(by: coverage) else { return nil }; shape = product }
        return ImageDraw(image: leaf.image, source: leaf.source, destination: PixelRect(x: 0, y: 0, width: w, height: h),
                         clip: clip, opacity: opacity, transform: picture, coverage: shape, filters: leaf.filters,
                         edges: leaf.edges)
    }

    /// The shadow of a group: its shape in canvas pixels, moved, blurred,
    /// knocked out under the caster, in the shadow's colour faded by `opacity`.
    private func shadowItem(_ shadow: Shadow, shape: Path, transform: Affine, opacity: Double, clip: PixelRect) -> SceneItem? {
        guard shadow.sigma.isFinite, shadow.offsetX.isFinite, shadow.offsetY.isFinite, shadow.sigma < 1e4 else { return nil }
        let sigma = max(0, shadow.sigma)
        let radius = GaussianBlur.radius(sigma: sigma)
        let reach = PixelRect(x: clip.x - radius, y: clip.y - radius, width: clip.width + 2 * radius, height: clip.height + 2 * radius)
        let moved = transform.then(.translation(shadow.offsetX, shadow.offsetY))
        guard let cast = PathRasterizer.fill(shape.transformed(by: moved), clip: reach) else { return nil }
        // Blurred only inside the clip.
        guard let blurred = GaussianBlur.blur(cast.mask, sigma: sigma, within: PixelRect(
            x: clip.x - cast.x, y: clip.y - cast.y, width: clip.width, height: clip.height)) else { return nil }
        var mask = PlacedMask(mask: blurred.mask, x: cast.x + blurred.x, y: cast.y + blurred.y)
        if let knockout = shadow.knockout {
            let hole = PathRasterizer.coverage(knockout.transformed(by: transform), area: mask.rect)
            mask = mask.subtracting(PlacedMask(mask: hole, x: mask.x, y: mask.y))
        }
        guard let visible = mask.cropped(to: clip) else { return nil }
        return .mask(MaskDraw(mask: visible.mask, originX: visible.x, originY: visible.y, color: shadow.color.faded(opacity)))
    }
}

extension SceneFlattener {
    /// The shadow draws of an `.alpha` caster: every image leaf under
    /// `children` (through nested groups' transforms), drawn as the group
    /// draws it and moved by the offset (canvas pixels), becomes an image
    /// draw marked `ImageShadow`, sampled over `clip` widened by the
    /// shadow's reach so that alpha just outside still blurs in. The path
    /// leaves' coverage (fill rule, paint ignored) and the glyph masks
    /// (`MaskLeaf.coverage`) are united into one mask, blurred once and
    /// drawn in the shadow's colour (a component's `shadow`).
    fileprivate func alphaShadowItems(_ shadow: Shadow, spread: Double, children: [Node], transform: Affine,
                                      opacity: Double, clip: PixelRect, into items: inout [SceneItem]) {
        guard shadow.sigma.isFinite, shadow.offsetX.isFinite, shadow.offsetY.isFinite, spread.isFinite,
              shadow.sigma < 1e4, abs(spread) <= 1e4 else { return }
        let marker = ImageShadow(spread: spread, sigma: max(0, shadow.sigma), color: shadow.color, clip: clip)
        let margin = marker.margin
        let sampled = PixelRect(x: clip.x - margin, y: clip.y - margin,
                                width: clip.width + 2 * margin, height: clip.height + 2 * margin)
        let moved = transform.then(.translation(shadow.offsetX, shadow.offsetY))
        // The other leaves' coverage, moved, as one mask over `sampled` (overlaps counted once).
        var cast: CoverageMask?
        func add(_ coverage: CoverageMask) {
            guard var union = cast else { cast = coverage; return }
            for i in union.coverage.indices {
                let a = Int(union.coverage[i]), b = Int(coverage.coverage[i])
                union.coverage[i] = UInt8(a + b - (a * b + 127) / 255)
            }
            cast = union
        }
        func visit(_ nodes: [Node], _ transform: Affine) {
            for node in nodes {
                switch node {
                case .group(let group): visit(group.children, group.transform.then(transform))
                case .image(var leaf):
                    // The shadow is cast by the unfiltered picture.
                    leaf.filters = []
                    guard var draw = imageDraw(leaf, transform: transform, opacity: opacity, clip: sampled, coverage: nil),
                          !draw.flipsX, !draw.flipsY else { continue }
                    draw.shadow = marker
                    items.append(.image(draw))
                case .path(let leaf):
                    add(PathRasterizer.coverage(leaf.path.transformed(by: transform), rule: leaf.rule, area: sampled))
                case .mask(let leaf): add(leaf.coverage(under: transform, in: sampled))
                case .text(let leaf):
                    for fill in leaf.fills {
                        add(PathRasterizer.coverage(fill.path.transformed(by: transform), rule: fill.rule, area: sampled))
                    }
                case .tile: continue
                }
            }
        }
        visit(children, moved)
        guard let cast, let blurred = GaussianBlur.blur(cast, sigma: max(0, shadow.sigma), within: PixelRect(
            x: clip.x - sampled.x, y: clip.y - sampled.y, width: clip.width, height: clip.height)) else { return }
        let mask = PlacedMask(mask: blurred.mask, x: sampled.x + blurred.x, y: sampled.y + blurred.y)
        guard let visible = mask.cropped(to: clip) else { return }
        items.append(.mask(MaskDraw(mask: visible.mask, originX: visible.x, originY: visible.y, color: shadow.color.faded(opacity))))
    }
}

extension SceneItem {
    /// The canvas pixels the item may change before the canvas clips it;
    /// nil for a layer's end.
    var reach: PixelRect? {
        switch self {
        case .image(let draw): return draw.reach
        case .mask(let draw): return PixelRect(x: draw.originX, y: draw.originY, width: draw.mask.width, height: draw.mask.height)
        case .fill(let rect, _): return rect
        case .tile(let tile): return PixelRect(x: tile.originX, y: tile.originY, width: tile.width, height: tile.height)
        case .beginLayer(let layer): return layer.region
        case .endLayer: return nil
        }
    }
}

extension PixelRect {
    /// The smallest rectangle holding both (an empty one is ignored).
    func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return PixelRect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }
}

extension Rect {
    /// The rectangle as whole pixels when all four edges are integers (within 1e-9).
    var wholePixels: PixelRect? {
        func whole(_ v: Double) -> Int? {
            let r = v.rounded()
            return abs(v - r) < 1e-9 && abs(r) < 1e9 ? Int(r) : nil
        }
        guard let x0 = whole(x), let y0 = whole(y), let x1 = whole(maxX), let y1 = whole(maxY), x1 > x0, y1 > y0 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

extension Path {
    /// The path as whole pixels when it is one axis-aligned rectangle with integer corners.
    var pixelAlignedRect: PixelRect? {
        var points: [(Double, Double)] = []
        for element in elements {
            switch element {
            case .move(let x, let y), .line(let x, let y): points.append((x, y))
            case .close: break
            default: return nil
            }
        }
        if points.count == 5, points[0] == points[4] { points.removeLast() }
        guard points.count == 4, let bounds = controlBounds, let rect = bounds.wholePixels else { return nil }
        for (x, y) in points where !((x == bounds.x || x == bounds.maxX) && (y == bounds.y || y == bounds.maxY)) { return nil }
        let xs = Set(points.map(\.0)), ys = Set(points.map(\.1))
        return xs.count == 2 && ys.count == 2 ? rect : nil
    }
}

extension Color {
    /// The colour with its alpha multiplied by `opacity` (0...1), rounded.
    func faded(_ opacity: Double) -> Color {
        guard opacity < 1 else { return self }
        var color = self
        color.alpha = UInt8((Double(alpha) * max(0, opacity)).rounded())
        return color
    }
}

extension ColorTile {
    /// The part of the tile inside `clip`; nil when none is.
    func cropped(to clip: PixelRect) -> ColorTile? {
        let rect = PixelRect(x: originX, y: originY, width: width, height: height)
        let area = rect.intersection(clip)
        guard !area.isEmpty else { return nil }
        if area == rect { return self }
        var out = [Float](repeating: 0, count: area.width * area.height * 4)
        for row in 0 ..< area.height {
            let source = ((area.y + row - originY) * width + (area.x - originX)) * 4
            for k in 0 ..< area.width * 4 { out[row * area.width * 4 + k] = pixels[source + k] }
        }
        return ColorTile(width: area.width, height: area.height, pixels: out, originX: area.x, originY: area.y)
    }

    /// Every pixel times `opacity` and the coverage of `coverage` there (0 outside it).
    func scaled(opacity: Double, coverage: PlacedMask?) -> ColorTile {
        var out = self
        let o = Float(opacity)
        for row in 0 ..< height {
            for column in 0 ..< width {
                var factor = o
                if let coverage {
                    let cx = originX + column - coverage.x, cy = originY + row - coverage.y
                    factor *= cx >= 0 && cy >= 0 && cx < coverage.mask.width && cy < coverage.mask.height
                        ? Float(coverage.mask.coverage[cy * coverage.mask.width + cx]) / 255 : 0
                }
                let p = (row * width + column) * 4
                for channel in 0 ..< 4 { out.pixels[p + channel] *= factor }
            }
        }
        return out
    }
}
