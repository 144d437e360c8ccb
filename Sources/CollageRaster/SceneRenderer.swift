import Dispatch

/// Scene -> pixels.
public enum SceneRenderer {
    /// Progress of a render: images drawn so far, images in all.
    public typealias Progress = @Sendable (_ done: Int, _ total: Int) -> Void
    /// Receives canvas rows that are final: `rows` (canvas rows, y down),
    /// whose bytes start at `pixels` (RGBA8 sRGB straight alpha, `width * 4`
    /// bytes a row, no padding). Valid only during the call.
    public typealias FinishedRows = @Sendable (_ rows: Range<Int>, _ pixels: UnsafePointer<UInt8>) -> Void

    /// Draws `scene` on a new canvas. Images are decoded through `images`
    /// (concurrently, each no larger than its draws need) and resampled with
    /// Lanczos-3 in linear light; masks and fills blend in linear light.
    ///
    /// Steps (README "Rules": Rendering): the canvas is filled with
    /// `scene.background` (only where no opaque photo overwrites it; see
    /// `BackgroundFill`); every image some draw shows on the canvas is
    /// decoded once, at least at `scene.minimumDecodeSize(ofImage:)`, on up
    /// to `threads` threads plus one (when `threads` is 2 or more and there
    /// are more images than threads, so the last images share the cores
    /// instead of one being drawn alone), most work first
    /// (`RenderPlan.workEstimate`), and freed as soon as its draws are
    /// resampled (so at most `threads + 1` decoded images exist at once);
    /// then the items are composited in scene order: images source-over with
    /// their `opacity`, clipped to `ImageDraw.clip`; masks as colour x
    /// coverage; fills. Pixels outside the canvas are ignored. Crop windows
    /// (`ImageDraw.source`, oriented source pixels) are mapped into the
    /// decoded pixmap by its actual size ratio; see `ResampleWeights` for
    /// the kernel and the rule at the photo's edges.
    ///
    /// Images are resampled as stored and each output pixel placed upright
    /// (`OrientedResample`), so an EXIF-rotated photo is never copied; an
    /// image with one draw (not a shadow) is asked for as a row stream
    /// (`ImageProvider.stored(image:minimumSize:streaming:)`), which the
    /// resampler consumes top to bottom, so a streamed JPEG is never held
    /// whole (a tilted or rounded print too: `ShapedImageDraw`).
    ///
    /// Memory: the canvas (4 bytes a pixel; a streamed render holds only its
    /// rows not yet consumed, `render(_:images:options:streamingTo:keepingCanvas:)`), per thread one input row and a
    /// ring of linearised input rows (taps x read columns x 12 or 16 bytes,
    /// at most 16 MiB: see `Resampler`)
    /// plus, for images that are not streamed, the decoded image; and, for an image draw that an
    /// earlier item or another image draw overlaps, its resampled pixels
    /// (16 bytes a pixel) until it is composited. Draws that nothing earlier
    /// and no other image overlaps (a grid of photos, tilted or not: a
    /// tilted print's `Footprint` is its coverage's span on each row) are
    /// written by the worker threads straight into the canvas (see
    /// `RenderPlan`); an opaque
    /// photo at opacity 1 is written as sRGB bytes without reading the canvas.
    ///
    /// - Parameter options: threads, fast mode, progress and late items
    ///   (`LateItems`: appended to `scene.items` when they arrive; no row is
    ///   composited before they are there, and the bytes are those of the
    ///   scene with the items). `maxMemory` does not apply: the whole canvas
    ///   is held.
    /// - Returns: the canvas, RGBA8 sRGB straight alpha. Identical bytes for
    ///   any `threads`.
    /// - Throws: `SceneRenderError` for an invalid scene (before any decode;
    ///   for late items, when they arrive, and `.lateItemsCancelled` when they
    ///   were cancelled); otherwise the error `images` threw for the lowest
    ///   image index.
    public static func render(_ scene: Scene, images: any ImageProvider, options: SceneRenderOptions) throws -> Pixmap {
        try run(scene, images: images, options: options, output: nil, keepingCanvas: true)!
    }

    /// As `render(_:images:options:)`, handing the canvas rows to `output`
    /// as soon as they are final (`FinishedOutput`: rows top to bottom, or
    /// bands in any order; the calls end before this returns), while later
    /// photos are still drawn.
    ///
    /// Unless `keepingCanvas`, the canvas is not held: its rows live in a
    /// mapping whose pages are committed on first write and given back to
    /// the system as soon as the consumer has had them (`CanvasStorage`),
    /// and the images are admitted within `options.maxMemory`
    /// (`MemoryBudget`: top to bottom when the canvas does not fit), so the
    /// peak memory is about the rows in flight plus the photos in flight.
    /// The bytes handed over are the same either way, for any `threads` and
    /// any budget.
    ///
    /// - Returns: the whole canvas when `keepingCanvas` (for a consumer that
    ///   may need it again, e.g. a PNG whose RGB-or-RGBA guess can be wrong),
    ///   else nil.
    /// - Throws: as `render(_:images:options:)`; and, when `options.maxMemory`
    ///   is set and the canvas is not kept, `SceneRenderError.memoryBudgetTooSmall`
    ///   (before any decode) for the first image that cannot fit the budget alone.
    @discardableResult
    public static func render(_ scene: Scene, images: any ImageProvider, options: SceneRenderOptions,
                              streamingTo output: FinishedOutput, keepingCanvas: Bool = false) throws -> Pixmap? {
        try run(scene, images: images, options: options, output: output, keepingCanvas: keepingCanvas)
    }

    /// Both entries: the whole-canvas render (`output` nil) and the streamed one.
    private static func run(_ scene: Scene, images: any ImageProvider, options: SceneRenderOptions,
                            output: FinishedOutput?, keepingCanvas: Bool) throws -> Pixmap? {
        let threads = options.threads, fast = options.fast, progress = options.progress, lateItems = options.lateItems
        let finishedRows: FinishedRows?, finishedBands: FinishedBands?, rowsOrder: FinishedRowsOrder
        switch output {
        case .rows(let rows, let order): (finishedRows, finishedBands, rowsOrder) = (rows, nil, order)
        case .bands(let bands): (finishedRows, finishedBands, rowsOrder) = (nil, bands, .largestFirst)
        case nil: (finishedRows, finishedBands, rowsOrder) = (nil, nil, .largestFirst)
        }
        let margin: Double = fast ? 1 : 2
        let plan = try RenderPlan(scene, decodeMargin: margin) { images.decodedSize(image: $0, minimumSize: $1) }
        let composite = CompositeScene(scene, plan: plan, late: lateItems) { whole in
            try RenderPlan(whole, decodeMargin: margin) { images.decodedSize(image: $0, minimumSize: $1) }
        }
        let finalRows = finishedRows.map { _ in FinalRows(plan: plan, height: scene.size.height) }
            ?? finishedBands.map { FinalRows(plan: plan, height: scene.size.height, bandHeight: $0.height) }
        let background = BackgroundFill(scene.background, plan: plan)
        let workers = Swift.min(Swift.max(threads, 1), plan.decodeOrder.count)
        // A streamed canvas whose consumed rows go back to the system, and the budget its images are admitted in.
        let storage = output != nil && !keepingCanvas
            ? CanvasStorage(width: scene.size.width, height: scene.size.height) : nil
        let costs = plan.costs(scene: scene, provider: images)
        // At most one multi-scan decode per thread: each holds its whole
        // coefficients, and one more than the cores only adds memory.
        let coefficientLimit = Swift.max(1, workers)
        var admission: (budget: MemoryBudget, canvas: CanvasStorage)?
        if let storage {
            let budget = MemoryBudget(bytes: options.maxMemory ?? MemoryBudget.defaultBytes,
                                      isExplicit: options.maxMemory != nil, rowBytes: scene.size.width * 4)
            if budget.isExplicit, let problem = budget.problem(costs: costs, images: plan.decodeOrder) { throw problem }
            if budget.fitsWhole(height: scene.size.height, costs: costs, inFlight: workers + 1,
                                coefficientLimit: coefficientLimit) {
                storage.adviseHugePages()
            } else {
                admission = (budget, storage)
            }
        }
        let order = admission != nil ? FinishedRowsOrder.topFirst.order(plan.decodeOrder, plan: plan, workers: workers)
            : finishedRows == nil ? plan.decodeOrder : rowsOrder.order(plan.decodeOrder, plan: plan, workers: workers)
        var consumerReady: (@Sendable (Int) -> Bool)?
        if let finalRows { consumerReady = { finalRows.isReady(row: $0) } }
        let work = RenderWork(order: order, progress: progress, costs: costs, coefficientLimit: coefficientLimit,
                              admission: admission, consumerReady: consumerReady)
        /// The render into the canvas at `pixels`.
        func draw(_ pixels: CanvasPixels) {
            /// Rows the consumer has had: their pages go back to the system.
            @Sendable func released(_ rows: Range<Int>) {
                guard let storage else { return }
                storage.release(rows: rows)
                work.rowsReleased()
            }
            @Sendable func finishBands(wait: Bool) {
                guard let finalRows, let finishedBands else { return }
                while let band = finalRows.takeReadyBand(wait: wait) {
                    guard case .success(let whole) = composite.resolve() else { finalRows.fail(); return }
                    let rows = finalRows.rows(ofBand: band)
                    background.fill(rows: rows, canvas: pixels)
                    compositeInOrder(whole.scene, plan: whole.plan, canvas: pixels, work: work, rows: rows)
                    finishedBands.consume(band, UnsafePointer(pixels.pixel(x: 0, y: rows.lowerBound)))
                    released(rows)
                }
            }
            var finisher: JoinableThread?
            if let finalRows, let finishedRows {
                finisher = JoinableThread.start {
                    finish(composite, background: background, canvas: pixels, work: work, rows: finalRows,
                           to: finishedRows, released: released)
                }
            } else if finishedBands != nil {
                finisher = JoinableThread.start { finishBands(wait: true) }
            }
            @Sendable func drawImages() {
                while lateItems?.isCancelled != true, let image = work.takeImage() {
                    do {
                        try options.deadline?.check()
                        try drawImage(image, of: scene, plan: plan, background: background, provider: images,
                                      canvas: pixels, work: work)
                        work.imageFinished(image)
                        finalRows?.imageDrawn(image)
                    } catch {
                        work.fail(image: image, error: error)
                        finalRows?.fail()
                    }
                }
                // Cancelled late items: no more rows will be final.
                if lateItems?.isCancelled == true { finalRows?.fail() }
                // No image left: help with the bands that are ready.
                finishBands(wait: false)
                // Then let the provider drop what it keeps for decodes to
                // come, while the last images are still being drawn.
                if work.firstToStop() { images.noMoreImagesToDecode() }
            }
            // One worker more than `threads` (when there are more images than
            // threads): a decode cannot be split, so with exactly `threads`
            // workers the last image is often drawn alone while the other
            // cores wait; with one more, the images in flight share the cores
            // and finish closer together.
            let extra = workers >= 2 && plan.decodeOrder.count > workers ? JoinableThread.start(drawImages) : nil
            if workers > 0 {
                DispatchQueue.concurrentPerform(iterations: workers) { _ in drawImages() }
            }
            extra?.join()
            if let finalRows, let finishedRows {
                if let finisher {
                    finisher.join()
                } else {
                    finish(composite, background: background, canvas: pixels, work: work, rows: finalRows,
                           to: finishedRows, released: released)
                }
            } else if finishedBands != nil {
                finisher?.join()
                finishBands(wait: true)
            } else if work.firstError == nil, case .success(let whole) = composite.resolve() {
                background.fill(rows: 0 ..< scene.size.height, canvas: pixels)
                compositeInOrder(whole.scene, plan: whole.plan, canvas: pixels, work: work, rows: 0 ..< scene.size.height)
            }
        }
        var canvas: Pixmap?
        if let storage {
            draw(storage.pixels)
        } else {
            var whole = Pixmap(unfilledWidth: scene.size.width, height: scene.size.height)
            whole.pixels.withUnsafeMutableBufferPointer { bytes in
                guard let base = bytes.baseAddress else { return }
                draw(CanvasPixels(base: base, width: scene.size.width, height: scene.size.height))
            }
            canvas = whole
        }
        if let error = work.firstError { throw error }
        if case .failure(let error) = composite.resolve() { throw error }
        return canvas
    }

    /// `render(_:images:options:)` with `threads` and `fast` only.
    public static func render(_ scene: Scene, images: any ImageProvider, threads: Int, fast: Bool = false) throws -> Pixmap {
        try render(scene, images: images, options: SceneRenderOptions(threads: threads, fast: fast))
    }

    /// Decodes image `image`, resamples each of its draws, writes the direct
    /// ones to the canvas and hands the others to `work`; the decoded pixels
    /// are released on return. Every draw resamples the stored pixels and
    /// places each output pixel upright (`OrientedResample`), so a photo is
    /// never copied to turn it; an image with a single draw that is not a
    /// shadow is asked for as a row stream, so a JPEG is never held whole.
    private static func drawImage(_ image: Int, of scene: Scene, plan: RenderPlan, background: BackgroundFill,
                                  provider: any ImageProvider, canvas: CanvasPixels, work: RenderWork) throws {
        guard let needed = plan.decodeSizes[image] else { return }
        let items = plan.drawsOfImage[image]
        let streaming = plan.streamsImage(image, of: scene)
        switch try provider.stored(image: image, minimumSize: needed, streaming: streaming) {
        case .rows(let stream):
            guard streaming else {
                try? stream.finish()
                throw SceneRenderError.unrequestedRowStream(image: image)
            }
            let size = stream.size
            guard size.width > 0, size.height > 0, case .image(let draw) = scene.items[items[0]] else {
                try? stream.finish()
                throw SceneRenderError.emptyDecode(image: image)
            }
            if draw.isShaped {
                let rows = ShapedImageDraw.StoredRows(size: size, orientation: stream.orientation, opaque: true,
                                                      needColumns: stream.needColumns, row: stream.row)
                drawShaped(draw, item: items[0], plan: plan, background: background, canvas: canvas, work: work,
                           produce: resampling(draw, rows, of: scene), frame: framing(draw, rows, of: scene))
            } else {
                drawPlain(draw, item: items[0], of: scene, plan: plan, background: background, storedSize: size,
                          orientation: stream.orientation, opaqueSource: true, needColumns: stream.needColumns,
                          inputRow: stream.row, canvas: canvas, work: work)
            }
            try stream.finish()
        case .pixels(let stored, let orientation, let knownOpaque):
            guard stored.width > 0, stored.height > 0 else { throw SceneRenderError.emptyDecode(image: image) }
            let opaqueSource = knownOpaque ?? stored.isOpaque
            for item in items {
                guard case .image(let draw) = scene.items[item] else { continue }
                let rowBytes = stored.width * 4
                stored.pixels.withUnsafeBufferPointer { bytes in
                    let base = bytes.baseAddress!
                    guard draw.isShaped else {
                        drawPlain(draw, item: item, of: scene, plan: plan, background: background, storedSize: stored.size,
                                  orientation: orientation, opaqueSource: opaqueSource, inputRow: { base + $0 * rowBytes },
                                  canvas: canvas, work: work)
                        return
                    }
                    let rows = ShapedImageDraw.StoredRows(size: stored.size, orientation: orientation, opaque: opaqueSource,
                                                          row: { base + $0 * rowBytes })
                    if let shadow = draw.shadow {
                        drawShadow(draw, shadow, item: item, plan: plan, background: background, canvas: canvas,
                                   work: work, produce: resampling(draw, rows, of: scene))
                    } else {
                        drawShaped(draw, item: item, plan: plan, background: background, canvas: canvas, work: work,
                                   produce: resampling(draw, rows, of: scene), frame: framing(draw, rows, of: scene))
                    }
                }
            }
        case .vector(let picture):
            // Every draw, plain or shaped, is the picture drawn at its own
            // device transform (`VectorImageDraw`), then composited like a
            // shaped draw.
            let viewport = scene.images[image].orientedSize
            for item in items {
                guard case .image(let draw) = scene.items[item] else { continue }
                let produce = { (region: PixelRect, sink: (Int, UnsafeMutableBufferPointer<Float>) -> Void) throws in
                    try VectorImageDraw(draw: draw, viewport: viewport, region: region).render(picture, sink: sink)
                }
                // The picture in its own frame (for a transformed filtered draw):
                // drawn at the frame's scale, unturned and unmasked.
                let frame = { (part: PixelRect) throws -> [Float] in
                    var local = draw
                    local.transform = .identity
                    local.coverage = nil
                    var pixels = [Float](repeating: 0, count: part.width * part.height * 4)
                    try pixels.withUnsafeMutableBufferPointer { tile in
                        try VectorImageDraw(draw: local, viewport: viewport, region: part).render(picture) { y, values in
                            (tile.baseAddress! + (y - part.y) * part.width * 4)
                                .update(from: values.baseAddress!, count: part.width * 4)
                        }
                    }
                    return pixels
                }
                if let shadow = draw.shadow {
                    try drawShadow(draw, shadow, item: item, plan: plan, background: background, canvas: canvas,
                                   work: work, produce: produce)
                } else {
                    try drawShaped(draw, item: item, plan: plan, background: background, canvas: canvas, work: work,
                                   produce: produce, frame: frame)
                }
            }
        }
    }

    /// The rows of `draw` over a region, resampled from stored `rows` (`ShapedImageDraw`).
    private static func resampling(_ draw: ImageDraw, _ rows: ShapedImageDraw.StoredRows, of scene: Scene)
        -> (PixelRect, (Int, UnsafeMutableBufferPointer<Float>) -> Void) -> Void {
        let window = sourceWindow(draw, decoded: rows.orientation.uprightSize(ofStored: rows.size), of: scene)
        return { region, sink in ShapedImageDraw(draw: draw, window: window, region: region).resample(rows, sink: sink) }
    }

    /// The pixels of `draw`'s frame over a part of it (its picture at the
    /// node's scale, unturned: `ShapedImageDraw.filtered`), resampled from stored `rows`.
    private static func framing(_ draw: ImageDraw, _ rows: ShapedImageDraw.StoredRows, of scene: Scene)
        -> (PixelRect) -> [Float] {
        let window = sourceWindow(draw, decoded: rows.orientation.uprightSize(ofStored: rows.size), of: scene)
        let size = Size(width: draw.destination.width, height: draw.destination.height)
        return { part in
            let oriented = OrientedResample(storedSize: rows.size, orientation: rows.orientation, window: window,
                                            outputSize: size, region: part)
            return ShapedImageDraw.upright(rows, oriented, part: part)
        }
    }

    /// The shaped draw `item`'s rows over its region, from `produce`
    /// (`ShapedImageDraw` resampling stored rows, or `VectorImageDraw`),
    /// written to the canvas (direct) or handed to `work`. A transformed
    /// filtered draw is filtered in its own frame, from `frame`, then turned
    /// (`ShapedImageDraw.filtered`) and held.
    private static func drawShaped(_ draw: ImageDraw, item: Int, plan: RenderPlan, background: BackgroundFill,
                                   canvas: CanvasPixels, work: RenderWork,
                                   produce: (PixelRect, (Int, UnsafeMutableBufferPointer<Float>) -> Void) throws -> Void,
                                   frame: ShapedImageDraw.FramePixels) rethrows {
        let footprint = plan.footprints[item], region = footprint.region
        let opacity = Float(Swift.min(Swift.max(draw.opacity, 0), 1))
        if !draw.filters.isEmpty, draw.transform != nil {
            let pixels = try ShapedImageDraw.filtered(draw, region: region, frame: frame)
            work.hold(.init(region: region, pixels: pixels, opaque: false, opacity: opacity), item: item)
            return
        }
        if !draw.filters.isEmpty {
            // Produced whole over the picture, filtered, then held.
            let picture = draw.pictureReach.intersection(PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height))
            var pixels = [Float](repeating: 0, count: Swift.max(0, picture.width * picture.height) * 4)
            if !picture.isEmpty {
                try pixels.withUnsafeMutableBufferPointer { tile in
                    try produce(picture) { y, values in
                        (tile.baseAddress! + (y - picture.y) * picture.width * 4)
                            .update(from: values.baseAddress!, count: picture.width * 4)
                    }
                }
            }
            holdFiltered(draw, pixels: pixels, picture: picture, item: item, region: region, opacity: opacity, work: work)
            return
        }
        if plan.direct[item] { background.fill(footprint, canvas: canvas) }
        try produce(region) { y, values in
            if plan.direct[item] {
                // Only the row's span: beside it another draw may own the pixels.
                let columns = footprint.columns(ofRow: y)
                guard !columns.isEmpty else { return }
                Compositor.blend(values.baseAddress! + (columns.lowerBound - region.x) * 4, count: columns.count,
                                 opacity: opacity, onto: canvas.pixel(x: columns.lowerBound, y: y))
            } else {
                work.append(row: values, of: item, region: region, y: y, opacity: opacity)
            }
        }
    }

    /// The shadow draw `item` (`ImageShadow`): the picture's rows over its
    /// reach from `produce` (as for a shaped draw), whose alpha is spread and
    /// blurred; writes `shadow.color` times that coverage over the item's
    /// region to the canvas (direct) or hands it to `work`.
    private static func drawShadow(_ draw: ImageDraw, _ shadow: ImageShadow, item: Int, plan: RenderPlan,
                                   background: BackgroundFill, canvas: CanvasPixels, work: RenderWork,
                                   produce: (PixelRect, (Int, UnsafeMutableBufferPointer<Float>) -> Void) throws -> Void) rethrows {
        let region = plan.footprints[item].region
        let picture = draw.pictureReach
        var alpha = CoverageMask(width: Swift.max(0, picture.width), height: Swift.max(0, picture.height))
        if !picture.isEmpty {
            try alpha.coverage.withUnsafeMutableBufferPointer { out in
                try produce(picture) { y, values in
                    let row = (y - picture.y) * picture.width
                    for k in 0 ..< picture.width {
                        let a = values[k * 4 + 3]
                        out[row + k] = a >= 1 ? 255 : (a <= 0 ? 0 : UInt8(truncatingIfNeeded: Int(checked: a * 255 + 0.5)))
                    }
                }
            }
        }
        let coverage = shadow.coverage(ofAlpha: PlacedMask(mask: alpha, x: picture.x, y: picture.y), over: region)
        let colour = shadow.color
        let linear = (SRGBTransfer.decode(colour.red), SRGBTransfer.decode(colour.green), SRGBTransfer.decode(colour.blue))
        let colourAlpha = SRGBTransfer.alphaTable[Int(colour.alpha)]
        var pixels = [Float](repeating: 0, count: region.width * region.height * 4)
        for (index, value) in coverage.coverage.enumerated() where value != 0 {
            let a = SRGBTransfer.alphaTable[Int(value)] * colourAlpha
            pixels[index * 4] = linear.0 * a; pixels[index * 4 + 1] = linear.1 * a
            pixels[index * 4 + 2] = linear.2 * a; pixels[index * 4 + 3] = a
        }
        let opacity = Float(Swift.min(Swift.max(draw.opacity, 0), 1))
        if plan.direct[item] {
            background.fill(plan.footprints[item], canvas: canvas)
            pixels.withUnsafeBufferPointer { tile in
                for row in 0 ..< region.height {
                    Compositor.blend(tile.baseAddress! + row * region.width * 4, count: region.width, opacity: opacity,
                                     onto: canvas.pixel(x: region.x, y: region.y + row))
                }
            }
        } else {
            work.hold(.init(region: region, pixels: pixels, opaque: false, opacity: opacity), item: item)
        }
    }

    /// The crop window of `draw` (oriented source pixels) in the pixels of
    /// an upright decode of `decoded` pixels: by the actual size ratio.
    private static func sourceWindow(_ draw: ImageDraw, decoded: Size, of scene: Scene) -> Rect {
        let full = scene.images[draw.image].orientedSize
        let ratioX = Double(decoded.width) / Double(full.width)
        let ratioY = Double(decoded.height) / Double(full.height)
        return Rect(x: draw.source.x * ratioX, y: draw.source.y * ratioY,
                    width: draw.source.width * ratioX, height: draw.source.height * ratioY)
    }

    /// Resamples the plain (unshaped) draw `item` from stored rows
    /// (`inputRow(y)`, increasing `y`; `needColumns` hears first which
    /// columns will be read) and writes it to the canvas (direct)
    /// or hands it to `work`, each output pixel placed upright.
    private static func drawPlain(_ draw: ImageDraw, item: Int, of scene: Scene, plan: RenderPlan,
                                  background: BackgroundFill, storedSize: Size,
                                  orientation: StoredOrientation, opaqueSource: Bool,
                                  needColumns: (Range<Int>) -> Void = { _ in },
                                  inputRow: (Int) -> UnsafePointer<UInt8>, canvas: CanvasPixels, work: RenderWork) {
        let footprintRegion = plan.footprints[item].region
        // A filtered draw resamples its picture, then filters it over its footprint.
        let region = draw.filters.isEmpty ? footprintRegion
            : draw.pictureReach.intersection(PixelRect(x: 0, y: 0, width: scene.size.width, height: scene.size.height))
        let opacity = Float(Swift.min(Swift.max(draw.opacity, 0), 1))
        guard !region.isEmpty else {
            holdFiltered(draw, pixels: [], picture: region, item: item, region: footprintRegion, opacity: opacity, work: work)
            return
        }
        let upright = orientation.uprightSize(ofStored: storedSize)
        var window = sourceWindow(draw, decoded: upright, of: scene)
        // A mirrored draw resamples the mirrored picture: the same stored
        // pixels under the mirrored orientation, the window mirrored in it.
        if draw.flipsX { window.x = Double(upright.width) - window.x - window.width }
        if draw.flipsY { window.y = Double(upright.height) - window.y - window.height }
        let orientation = orientation.mirrored(horizontally: draw.flipsX, vertically: draw.flipsY)
        let local = PixelRect(x: region.x - draw.destination.x, y: region.y - draw.destination.y,
                              width: region.width, height: region.height)
        let oriented = OrientedResample(storedSize: storedSize, orientation: orientation, window: window,
                                        outputSize: Size(width: draw.destination.width, height: draw.destination.height),
                                        region: local)
        let resampler = oriented.resampler
        needColumns(resampler.horizontal.lowest ..< resampler.horizontal.highest)
        let count = resampler.horizontal.outputs.count
        let opaque = opaqueSource && opacity == 1 && resampler.coversRegion
        if plan.direct[item] {
            if !opaque { background.fill(plan.footprints[item], canvas: canvas) }
            resampler.resample(inputRow: inputRow, opaque: opaqueSource) { row, values in
                let place = oriented.placement(ofRow: row)
                let target = canvas.pixel(x: draw.destination.x + place.x, y: draw.destination.y + place.y)
                let step = place.dx + place.dy * canvas.width
                if opaque {
                    Compositor.writeOpaque(values.baseAddress!, count: count, to: target, step: step)
                } else {
                    Compositor.blend(values.baseAddress!, count: count, opacity: opacity, onto: target, step: step)
                }
            }
        } else {
            var pixels = [Float](repeating: 0, count: region.width * region.height * 4)
            pixels.withUnsafeMutableBufferPointer { tile in
                resampler.resample(inputRow: inputRow, opaque: opaqueSource) { row, values in
                    let place = oriented.placement(ofRow: row)
                    var start = ((place.y - local.y) * region.width + (place.x - local.x)) * 4
                    let step = (place.dx + place.dy * region.width) * 4
                    for k in 0..<count {
                        let p = k * 4
                        tile[start] = values[p]; tile[start + 1] = values[p + 1]
                        tile[start + 2] = values[p + 2]; tile[start + 3] = values[p + 3]
                        start += step
                    }
                }
            }
            guard draw.filters.isEmpty else {
                holdFiltered(draw, pixels: pixels, picture: region, item: item, region: footprintRegion, opacity: opacity,
                             work: work)
                return
            }
            work.hold(.init(region: region, pixels: pixels, opaque: opaque, opacity: opacity), item: item)
        }
    }

    /// Filters the resampled `pixels` of `picture` (`ImageFilters`) over the
    /// draw's footprint `region` and hands them to `work`.
    private static func holdFiltered(_ draw: ImageDraw, pixels: [Float], picture: PixelRect, item: Int,
                                     region: PixelRect, opacity: Float, work: RenderWork) {
        let filtered = picture.isEmpty ? [Float](repeating: 0, count: region.width * region.height * 4)
            : ImageFilters.apply(draw.filters, to: pixels, picture: picture, edges: draw.edges, output: region)
        work.hold(.init(region: region, pixels: filtered, opaque: false, opacity: opacity), item: item)
    }

    /// The finisher: waits for bands to become ready, composites them and
    /// hands them to `consumer`, top to bottom, until every row is final or
    /// an image fails; each run of rows handed over goes to `released`.
    private static func finish(_ composite: CompositeScene, background: BackgroundFill, canvas: CanvasPixels,
                               work: RenderWork, rows: FinalRows, to consumer: FinishedRows,
                               released: (Range<Int>) -> Void) {
        guard case .success(let (scene, plan)) = composite.resolve() else { return rows.fail() }
        // At most about 4 MiB of rows at a time: rows that turn final
        // together (all those below the last image when it is drawn, the
        // whole canvas when nothing is drawn) are filled, composited, handed
        // over and released a slice at a time, so the pages they touch stay
        // few. The bytes do not depend on the slicing.
        let slice = Swift.max(1, (4 << 20) / Swift.max(1, canvas.width * 4))
        var next = 0
        while next < rows.height, let ready = rows.waitForReadyRows(from: next) {
            let end = Swift.min(ready, next + slice)
            // The background outside direct draws: no worker writes there.
            background.fill(rows: next ..< end, canvas: canvas)
            compositeInOrder(scene, plan: plan, canvas: canvas, work: work, rows: next ..< end)
            consumer(next ..< end, UnsafePointer(canvas.pixel(x: 0, y: next)))
            released(next ..< end)
            next = end
        }
    }

    /// Composites every item not drawn directly, in scene order, into canvas
    /// `rows` (a held draw is freed once all of its rows are composited,
    /// in whatever order the bands come). Items inside an isolated layer
    /// composite into the layer's float pixels for these rows, which are
    /// composited at the layer's end.
    private static func compositeInOrder(_ scene: Scene, plan: RenderPlan, canvas: CanvasPixels, work: RenderWork,
                                         rows: Range<Int>) {
        var layers: [LayerBuffer] = []
        for (index, item) in scene.items.enumerated() where !plan.direct[index] && !plan.footprints[index].region.isEmpty {
            let region = plan.footprints[index].region
            let first = Swift.max(region.y, rows.lowerBound) - region.y
            let end = Swift.min(region.y + region.height, rows.upperBound) - region.y
            guard first < end else { continue }
            let lines = first ..< end
            let layer = layers.last
            switch item {
            case .beginLayer(let draw):
                layers.append(LayerBuffer(draw, region: region, rows: region.y + first ..< region.y + end))
            case .endLayer:
                let top = layers.removeLast()
                top.composite(onto: layers.last, canvas: canvas)
            case .image:
                guard let held = work.heldDraw(item: index) else { continue }
                defer { work.composited(rows: lines.count, ofHeldDraw: index) }
                held.pixels.withUnsafeBufferPointer { tile in
                    for y in lines {
                        let source = tile.baseAddress! + y * region.width * 4
                        if let layer {
                            layer.withPixel(x: region.x, y: region.y + y) {
                                FloatCompositor.over(source, count: region.width, opacity: held.opacity, onto: $0)
                            }
                            continue
                        }
                        let target = canvas.pixel(x: region.x, y: region.y + y)
                        if held.opaque {
                            Compositor.writeOpaque(source, count: region.width, to: target)
                        } else {
                            Compositor.blend(source, count: region.width, opacity: held.opacity, onto: target)
                        }
                    }
                }
            case .mask(let draw):
                draw.mask.coverage.withUnsafeBufferPointer { coverage in
                    for y in lines {
                        let source = coverage.baseAddress! + (region.y + y - draw.originY) * draw.mask.width
                            + (region.x - draw.originX)
                        if let layer {
                            layer.withPixel(x: region.x, y: region.y + y) {
                                FloatCompositor.over(draw.color, coverage: source, count: region.width, onto: $0)
                            }
                        } else {
                            Compositor.blend(draw.color, coverage: source, count: region.width,
                                             onto: canvas.pixel(x: region.x, y: region.y + y))
                        }
                    }
                }
            case .fill(_, let color):
                for y in lines {
                    if let layer {
                        layer.withPixel(x: region.x, y: region.y + y) {
                            FloatCompositor.over(color, coverage: nil, count: region.width, onto: $0)
                        }
                    } else {
                        Compositor.fill(color, count: region.width, onto: canvas.pixel(x: region.x, y: region.y + y))
                    }
                }
            case .tile(let tile):
                tile.pixels.withUnsafeBufferPointer { pixels in
                    for y in lines {
                        let source = pixels.baseAddress! + ((region.y + y - tile.originY) * tile.width
                            + (region.x - tile.originX)) * 4
                        if let layer {
                            layer.withPixel(x: region.x, y: region.y + y) {
                                FloatCompositor.over(source, count: region.width, opacity: 1, onto: $0)
                            }
                        } else {
                            Compositor.blend(source, count: region.width, opacity: 1,
                                             onto: canvas.pixel(x: region.x, y: region.y + y))
                        }
                    }
                }
            }
        }
    }
}
