/// What `SceneRenderer` does with a validated scene: the canvas pixels each
/// item touches, which image draws are written to the canvas by the worker
/// threads as soon as they are resampled ("direct"), and which wait to be
/// composited in scene order afterwards.
///
/// A draw is direct when no earlier item and no other image draw touches its
/// pixels (their `Footprint`s do not meet): at its turn in scene order its pixels then hold only the
/// background, later masks and fills over it are composited afterwards
/// anyway, and no two threads write the same pixel. The result is the same
/// as drawing every item in order, for any number of threads, and a grid of
/// photos never holds more than the photos being worked on.
struct RenderPlan {
    /// The canvas pixels each item may change (an empty region: the item is skipped).
    let footprints: [Footprint]
    /// For each item: true when it is an image draw written directly.
    let direct: [Bool]
    /// For each image: the items that draw it, in scene order.
    let drawsOfImage: [[Int]]
    /// In a plan of a filled scene (`filled(_:with:)`): for each item, its
    /// index in the scene the workers draw (the one with empty slots), -1
    /// for a slot's item; nil when the two are the same scene.
    let workItems: [Int]?
    /// For each image: the decode size its draws need (nil: not drawn).
    let decodeSizes: [Size?]
    /// Images to decode, most work first (ties by index): see `workEstimate`.
    let decodeOrder: [Int]

    /// Validates `scene` and plans it; `decodeMargin` is passed to
    /// `Scene.minimumDecodeSize(ofImage:margin:)` (2, or 1 in fast mode).
    /// - Throws: `SceneRenderError` for an invalid canvas, image or draw.
    init(_ scene: Scene, decodeMargin: Double = 2, decodedSize: (_ image: Int, _ minimumSize: Size) -> Size? = { _, _ in nil }) throws {
        let canvasSize = scene.size
        guard canvasSize.width >= 0, canvasSize.height >= 0,
              !canvasSize.width.multipliedReportingOverflow(by: canvasSize.height).overflow,
              !(canvasSize.width * canvasSize.height).multipliedReportingOverflow(by: 4).overflow
        else { throw SceneRenderError.invalidCanvasSize(canvasSize) }
        let canvas = PixelRect(x: 0, y: 0, width: canvasSize.width, height: canvasSize.height)
        for (index, image) in scene.images.enumerated()
        where image.orientedSize.width <= 0 || image.orientedSize.height <= 0 {
            throw SceneRenderError.emptyImage(image: index)
        }
        var drawsOfImage = [[Int]](repeating: [], count: scene.images.count)
        let regions = try Self.regions(of: scene.items, first: 0, scene: scene, canvas: canvas) { image, item in
            drawsOfImage[image].append(item)
        }
        let footprints = scene.items.indices.map { Self.footprint(of: scene.items[$0], region: regions[$0]) }
        var direct = [Bool](repeating: false, count: scene.items.count)
        let buckets = RegionBuckets(regions, canvas: canvas)
        // An unfilled slot's draws may lie under any pixel: a draw after one is composited in order.
        let firstSlot = scene.slots.first?.item ?? scene.items.count
        for (index, item) in scene.items.enumerated() where index < firstSlot {
            // A filtered draw is filtered whole before it is composited in order.
            guard case .image(let draw) = item, !regions[index].isEmpty, draw.filters.isEmpty else { continue }
            direct[index] = !buckets.contains(near: index) { other in
                guard footprints[other].intersects(footprints[index]) else { return false }
                if other < index { return true }
                if case .image = scene.items[other] { return true }
                return false
            }
        }
        let decodeSizes = scene.images.indices.map { drawsOfImage[$0].isEmpty ? nil : scene.minimumDecodeSize(ofImage: $0, margin: decodeMargin) }
        self.footprints = footprints
        self.direct = direct
        self.drawsOfImage = drawsOfImage
        self.workItems = nil
        self.decodeSizes = decodeSizes
        let work = scene.images.indices.map { image in
            decodeSizes[image].map {
                RenderPlan.workEstimate(stored: scene.images[image].orientedSize, decoded: decodedSize(image, $0) ?? $0)
            } ?? 0
        }
        self.decodeOrder = scene.images.indices.filter { decodeSizes[$0] != nil }.sorted { a, b in
            work[a] != work[b] ? work[a] > work[b] : a < b
        }
    }

    /// The plan of `scene` with its slots filled by `slotItems`
    /// (`Scene.filled(items:nodes:)`), made from this plan of `scene`: the
    /// image draws, their direct writes, decode sizes and order stay as
    /// planned (a draw after a slot was planned as composited in order, as
    /// the slot's draws could lie under it); only the slots' items get
    /// footprints, each composited in its place (`workItems` maps the items
    /// back to the workers' scene).
    /// - Throws: `SceneRenderError` for an invalid slot item (an image among them).
    func filled(_ scene: Scene, with slotItems: [[SceneItem]]) throws -> RenderPlan {
        precondition(slotItems.count == scene.slots.count && workItems == nil)
        let canvas = PixelRect(x: 0, y: 0, width: scene.size.width, height: scene.size.height)
        var slotFootprints: [[Footprint]] = []
        var first = 0  // the slot's first item in the filled scene
        for (slot, items) in zip(scene.slots, slotItems) {
            let regions = try Self.regions(of: items, first: slot.item + first, scene: scene, canvas: canvas) { _, item in
                throw SceneRenderError.imageInSlot(item: item)
            }
            slotFootprints.append(zip(items, regions).map { Self.footprint(of: $0, region: $1) })
            first += items.count
        }
        let positions = scene.slots.map(\.item)
        return RenderPlan(footprints: footprints.splicing(slotFootprints, at: positions),
                          direct: direct.splicing(slotFootprints.map { $0.map { _ in false } }, at: positions),
                          drawsOfImage: drawsOfImage,
                          workItems: Array(footprints.indices).splicing(slotFootprints.map { $0.map { _ in -1 } }, at: positions),
                          decodeSizes: decodeSizes, decodeOrder: decodeOrder)
    }

    private init(footprints: [Footprint], direct: [Bool], drawsOfImage: [[Int]], workItems: [Int],
                 decodeSizes: [Size?], decodeOrder: [Int]) {
        self.footprints = footprints; self.direct = direct; self.drawsOfImage = drawsOfImage; self.workItems = workItems
        self.decodeSizes = decodeSizes; self.decodeOrder = decodeOrder
    }

    /// The canvas pixels each of `items` may change (empty: skipped),
    /// `items[0]` being the scene's item `first`; validates each item and
    /// calls `drawn(image, item)` for each image draw that shows.
    /// - Throws: `SceneRenderError` for an invalid draw or unbalanced layers.
    private static func regions(of items: [SceneItem], first: Int, scene: Scene, canvas: PixelRect,
                                drawn: (_ image: Int, _ item: Int) throws -> Void) throws -> [PixelRect] {
        var regions: [PixelRect] = []
        var openLayers: [Int] = []
        for (offset, item) in items.enumerated() {
            let index = first + offset
            switch item {
            case .image(let draw):
                guard scene.images.indices.contains(draw.image) else {
                    throw SceneRenderError.imageIndexOutOfRange(item: index, image: draw.image)
                }
                let w = draw.source
                guard w.x.isFinite, w.y.isFinite, w.width.isFinite, w.height.isFinite,
                      w.width > 0, w.height > 0, draw.opacity.isFinite
                else { throw SceneRenderError.invalidDraw(item: index) }
                if let shadow = draw.shadow {
                    guard shadow.sigma.isFinite, shadow.sigma >= 0, shadow.sigma < 1e4, shadow.spread.isFinite,
                          abs(shadow.spread) <= 1e4, !draw.flipsX, !draw.flipsY
                    else { throw SceneRenderError.invalidDraw(item: index) }
                }
                guard draw.filters.allSatisfy(\.isValid) else { throw SceneRenderError.invalidDraw(item: index) }
                if let transform = draw.transform {
                    guard transform.isFinite, transform.inverted != nil, draw.coverage != nil
                    else { throw SceneRenderError.invalidDraw(item: index) }
                }
                let region = draw.reach.intersection(canvas)
                regions.append(draw.opacity > 0 ? region : PixelRect(x: 0, y: 0, width: 0, height: 0))
                if !regions[offset].isEmpty { try drawn(draw.image, index) }
            case .mask(let mask):
                let placed = PixelRect(x: mask.originX, y: mask.originY, width: mask.mask.width, height: mask.mask.height)
                regions.append(placed.intersection(canvas))
            case .fill(let rect, _):
                regions.append(rect.intersection(canvas))
            case .tile(let tile):
                regions.append(PixelRect(x: tile.originX, y: tile.originY, width: tile.width, height: tile.height)
                    .intersection(canvas))
            case .beginLayer(let layer):
                guard layer.opacity.isFinite else { throw SceneRenderError.invalidDraw(item: index) }
                openLayers.append(offset)
                regions.append(layer.region.intersection(canvas))
            case .endLayer:
                // The matching layer's region: its end composites there.
                guard let begin = openLayers.popLast() else { throw SceneRenderError.invalidDraw(item: index) }
                regions.append(regions[begin])
            }
        }
        guard openLayers.isEmpty else { throw SceneRenderError.invalidDraw(item: first + openLayers[0]) }
        return regions
    }

    /// An item's footprint: its region, narrowed to its coverage for a
    /// shaped image draw (not a shadow).
    private static func footprint(of item: SceneItem, region: PixelRect) -> Footprint {
        if case .image(let draw) = item, draw.shadow == nil, let coverage = draw.coverage, !region.isEmpty {
            return Footprint(region: region, coverage: coverage)
        }
        return Footprint(region: region)
    }

    /// True when image `image` is asked for as a row stream: it has one
    /// draw and that draw is not a shadow (the resampler then reads it once,
    /// top to bottom).
    func streamsImage(_ image: Int, of scene: Scene) -> Bool {
        let items = drawsOfImage[image]
        guard items.count == 1, case .image(let draw) = scene.items[items[0]] else { return false }
        return draw.shadow == nil
    }

    /// The relative cost of decoding and drawing an image of `stored`
    /// (oriented) pixels decoded to `decoded` pixels (the DCT-scaled size
    /// when the provider knows it, else the size the draws need): the
    /// stored pixel count (entropy decoding reads every coefficient whatever
    /// the DCT scale) plus twice the decoded pixel count (inverse DCT, colour
    /// conversion and resampling). The weights are a least-squares fit of
    /// the per-photo times of the benchmark's nine camera JPEGs in both modes
    /// (3.2 ms per stored and 5.9 ms per decoded megapixel on the
    /// benchmark machine; a decode at full size is the expensive case).
    /// Images are taken in decreasing order of it (the "longest processing
    /// time first" rule for scheduling jobs on identical machines), so the
    /// threads finish close together instead of one waiting on a large
    /// photo taken last; each image is drawn independently, so the order
    /// never changes the output.
    static func workEstimate(stored: Size, decoded: Size) -> Double {
        Double(stored.width) * Double(stored.height) + 2 * Double(decoded.width) * Double(decoded.height)
    }
}
