/// The image draws of `SceneRenderer`: each worker decodes one image at a
/// time and resamples its draws, plain, shaped, shadowed or vector.
extension SceneRenderer {
    /// Decodes image `image`, resamples each of its draws, writes the direct
    /// ones to the canvas and hands the others to `work`; the decoded pixels
    /// are released on return. Every draw resamples the stored pixels and
    /// places each output pixel upright (`OrientedResample`), so a photo is
    /// never copied to turn it; an image with a single draw that is not a
    /// shadow is asked for as a row stream, so a JPEG is never held whole.
    /// With `kept`, the plain draws of an image the provider names
    /// (`keptIdentity`) replay their kept resampled rows (`ResampledDrawCache`).
    static func drawImage(_ image: Int, of scene: Scene, plan: RenderPlan, background: BackgroundFill,
                          provider: any ImageProvider, canvas: CanvasPixels, work: RenderWork,
                          kept: ResampledDrawCache? = nil) throws {
        guard let needed = plan.decodeSizes[image] else { return }
        let items = plan.drawsOfImage[image]
        let space = scene.compositing
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
                           space: space, produce: resampling(draw, rows, of: scene), frame: framing(draw, rows, of: scene))
            } else {
                drawPlain(draw, item: items[0], of: scene, plan: plan, background: background, storedSize: size,
                          orientation: stream.orientation, opaqueSource: true, needColumns: stream.needColumns,
                          inputRow: stream.row, canvas: canvas, work: work)
            }
            try stream.finish()
        case .pixels(let stored, let orientation, let knownOpaque):
            guard stored.width > 0, stored.height > 0 else { throw SceneRenderError.emptyDecode(image: image) }
            let opaqueSource = knownOpaque ?? stored.isOpaque
            let identity = kept == nil ? nil : provider.keptIdentity(image: image, minimumSize: needed)
            let keeping = kept.flatMap { cache in identity.map { (cache: cache, identity: $0) } }
            // A window chosen from this decode (`ImageProvider.chosenWindow`) replaces the scene's.
            let moved = provider.chosenWindow(image: image)
            for item in items {
                guard case .image(var draw) = scene.items[item] else { continue }
                if let moved, draw.source == moved.provisional { draw.source = moved.chosen }
                let rowBytes = stored.width * 4
                stored.pixels.withUnsafeBufferPointer { bytes in
                    let base = bytes.baseAddress!
                    guard draw.isShaped else {
                        drawPlain(draw, item: item, of: scene, plan: plan, background: background, storedSize: stored.size,
                                  orientation: orientation, opaqueSource: opaqueSource, inputRow: { base + $0 * rowBytes },
                                  canvas: canvas, work: work, kept: keeping)
                        return
                    }
                    let rows = ShapedImageDraw.StoredRows(size: stored.size, orientation: orientation, opaque: opaqueSource,
                                                          row: { base + $0 * rowBytes })
                    if let shadow = draw.shadow {
                        drawShadow(draw, shadow, item: item, plan: plan, background: background, canvas: canvas,
                                   work: work, space: space, produce: resampling(draw, rows, of: scene))
                    } else {
                        drawShaped(draw, item: item, plan: plan, background: background, canvas: canvas, work: work,
                                   space: space, produce: resampling(draw, rows, of: scene), frame: framing(draw, rows, of: scene))
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
                                   work: work, space: space, produce: produce)
                } else {
                    try drawShaped(draw, item: item, plan: plan, background: background, canvas: canvas, work: work,
                                   space: space, produce: produce, frame: frame)
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
    /// (`ShapedImageDraw` resampling stored rows, or `VectorImageDraw`:
    /// linear light, brought into `space`), written to the canvas (direct)
    /// or handed to `work`. A transformed filtered draw is filtered in its
    /// own frame, from `frame`, then turned (`ShapedImageDraw.filtered`) and held.
    private static func drawShaped(_ draw: ImageDraw, item: Int, plan: RenderPlan, background: BackgroundFill,
                                   canvas: CanvasPixels, work: RenderWork, space: Compositing,
                                   produce: (PixelRect, (Int, UnsafeMutableBufferPointer<Float>) -> Void) throws -> Void,
                                   frame: ShapedImageDraw.FramePixels) rethrows {
        let footprint = plan.footprints[item], region = footprint.region
        let opacity = Float(Swift.min(Swift.max(draw.opacity, 0), 1))
        if !draw.filters.isEmpty, draw.transform != nil {
            let pixels = try ShapedImageDraw.filtered(draw, region: region, space: space, frame: frame)
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
            space.fromLinear(&pixels)
            holdFiltered(draw, pixels: pixels, picture: picture, item: item, region: region, opacity: opacity, work: work,
                         space: space)
            return
        }
        if plan.direct[item] { background.fill(footprint, canvas: canvas) }
        try produce(region) { y, values in
            space.fromLinear(values.baseAddress!, count: region.width)
            if plan.direct[item] {
                // Only the row's span: beside it another draw may own the pixels.
                let columns = footprint.columns(ofRow: y)
                guard !columns.isEmpty else { return }
                Compositor.blend(values.baseAddress! + (columns.lowerBound - region.x) * 4, count: columns.count,
                                 opacity: opacity, onto: canvas.pixel(x: columns.lowerBound, y: y), space: space)
            } else {
                work.append(row: values, of: item, region: region, y: y, opacity: opacity)
            }
        }
    }

    /// The shadow draw `item` (`ImageShadow`): the picture's rows over its
    /// reach from `produce` (as for a shaped draw), whose alpha is spread and
    /// blurred; writes `shadow.color` (in `space`) times that coverage over
    /// the item's region to the canvas (direct) or hands it to `work`.
    private static func drawShadow(_ draw: ImageDraw, _ shadow: ImageShadow, item: Int, plan: RenderPlan,
                                   background: BackgroundFill, canvas: CanvasPixels, work: RenderWork, space: Compositing,
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
        let (red, green, blue, colourAlpha) = space.values(of: colour)
        let linear = (red, green, blue)
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
                                     onto: canvas.pixel(x: region.x, y: region.y + row), space: space)
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
    /// or hands it to `work`, each output pixel placed upright. With
    /// `kept`, the resampler's rows are replayed from the cache when it has
    /// them (else made and offered to it): the same rows either way.
    private static func drawPlain(_ draw: ImageDraw, item: Int, of scene: Scene, plan: RenderPlan,
                                  background: BackgroundFill, storedSize: Size,
                                  orientation: StoredOrientation, opaqueSource: Bool,
                                  needColumns: (Range<Int>) -> Void = { _ in },
                                  inputRow: (Int) -> UnsafePointer<UInt8>, canvas: CanvasPixels, work: RenderWork,
                                  kept: (cache: ResampledDrawCache, identity: String)? = nil) {
        let footprintRegion = plan.footprints[item].region
        // A filtered draw resamples its picture, then filters it over its footprint.
        let region = draw.filters.isEmpty ? footprintRegion
            : draw.pictureReach.intersection(PixelRect(x: 0, y: 0, width: scene.size.width, height: scene.size.height))
        let opacity = Float(Swift.min(Swift.max(draw.opacity, 0), 1))
        let space = scene.compositing
        guard !region.isEmpty else {
            holdFiltered(draw, pixels: [], picture: region, item: item, region: footprintRegion, opacity: opacity, work: work,
                         space: space)
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
        // An opaque direct draw keeps the canvas bytes it wrote (`ResampledDrawCache`):
        // a replay copies them, with neither the resampler's weights nor its floats.
        let bytesKey = plan.direct[item] && opaqueSource && opacity == 1 ? kept.map {
            ResampledDrawCache.Key(image: $0.identity, storedSize: storedSize, orientation: orientation, window: window,
                                   outputSize: Size(width: draw.destination.width, height: draw.destination.height),
                                   region: local, opaqueSource: true, canvasBytes: true)
        } : nil
        if let bytesKey, let rows = kept?.cache.rows(bytesKey) {
            needColumns(rows.columns)
            let step = rows.step.dx + rows.step.dy * canvas.width
            rows.replayPixels { i, bytes in
                let place = rows.places[i]
                Compositor.copyPixels(bytes, count: rows.count,
                                      to: canvas.pixel(x: draw.destination.x + place.x, y: draw.destination.y + place.y),
                                      step: step)
            }
            return
        }
        let oriented = OrientedResample(storedSize: storedSize, orientation: orientation, window: window,
                                        outputSize: Size(width: draw.destination.width, height: draw.destination.height),
                                        region: local)
        let resampler = oriented.resampler
        needColumns(resampler.horizontal.lowest ..< resampler.horizontal.highest)
        let count = resampler.horizontal.outputs.count
        /// The resampler's rows, from the cache or made (and offered to it).
        func produce(_ sink: (Int, UnsafeMutableBufferPointer<Float>) -> Void) {
            guard let kept else {
                resampler.resample(inputRow: inputRow, opaque: opaqueSource, sink: sink)
                return
            }
            let key = ResampledDrawCache.Key(image: kept.identity, storedSize: storedSize, orientation: orientation,
                                             window: window, outputSize: Size(width: draw.destination.width,
                                                                              height: draw.destination.height),
                                             region: local, opaqueSource: opaqueSource, canvasBytes: false)
            if let rows = kept.cache.rows(key) {
                rows.replay(sink)
                return
            }
            var made = ResampledDrawCache.Rows(count: count)
            made.rows.reserveCapacity(resampler.vertical.outputs.count)
            made.values.reserveCapacity(resampler.vertical.outputs.count * count * 4)
            resampler.resample(inputRow: inputRow, opaque: opaqueSource) { row, values in
                made.rows.append(row)
                made.values.append(contentsOf: UnsafeBufferPointer(rebasing: values[0 ..< count * 4]))
                sink(row, values)
            }
            kept.cache.store(key, made)
        }
        let opaque = opaqueSource && opacity == 1 && resampler.coversRegion
        if opaque, let bytesKey, let kept {
            // Kept only when it covers its region (opaque), so a key found above always was.
            var made = ResampledDrawCache.Rows(count: count)
            made.columns = resampler.horizontal.lowest ..< resampler.horizontal.highest
            made.rows.reserveCapacity(resampler.vertical.outputs.count)
            made.places.reserveCapacity(resampler.vertical.outputs.count)
            made.pixels.reserveCapacity(resampler.vertical.outputs.count * count * 4)
            resampler.resample(inputRow: inputRow, opaque: true) { row, values in
                let place = oriented.placement(ofRow: row)
                let target = canvas.pixel(x: draw.destination.x + place.x, y: draw.destination.y + place.y)
                let step = place.dx + place.dy * canvas.width
                Compositor.writeOpaque(values.baseAddress!, count: count, to: target, step: step, space: .linear)
                made.rows.append(row)
                made.places.append((place.x, place.y))
                made.step = (place.dx, place.dy)
                Compositor.gatherPixels(from: target, count: count, step: step, into: &made.pixels)
            }
            kept.cache.store(bytesKey, made)
            return
        }
        if plan.direct[item] {
            if !opaque { background.fill(plan.footprints[item], canvas: canvas) }
            produce { row, values in
                let place = oriented.placement(ofRow: row)
                let target = canvas.pixel(x: draw.destination.x + place.x, y: draw.destination.y + place.y)
                let step = place.dx + place.dy * canvas.width
                if opaque {
                    // The resampled linear pixels, encoded as they are under either space.
                    Compositor.writeOpaque(values.baseAddress!, count: count, to: target, step: step, space: .linear)
                } else {
                    space.fromLinear(values.baseAddress!, count: count)
                    Compositor.blend(values.baseAddress!, count: count, opacity: opacity, onto: target, step: step,
                                     space: space)
                }
            }
        } else {
            // An opaque unfiltered tile stays linear, written as a direct one
            // is (`RenderWork.HeldDraw.opaque`); any other enters the working space.
            let working = !opaque || !draw.filters.isEmpty
            var pixels = [Float](repeating: 0, count: region.width * region.height * 4)
            pixels.withUnsafeMutableBufferPointer { tile in
                produce { row, values in
                    if working { space.fromLinear(values.baseAddress!, count: count) }
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
                             work: work, space: space)
                return
            }
            work.hold(.init(region: region, pixels: pixels, opaque: opaque, opacity: opacity), item: item)
        }
    }

    /// Filters the resampled `pixels` of `picture` (already in `space`;
    /// `ImageFilters`) over the draw's footprint `region` and hands them to `work`.
    private static func holdFiltered(_ draw: ImageDraw, pixels: [Float], picture: PixelRect, item: Int,
                                     region: PixelRect, opacity: Float, work: RenderWork, space: Compositing) {
        let filtered = picture.isEmpty ? [Float](repeating: 0, count: region.width * region.height * 4)
            : ImageFilters.apply(draw.filters, to: pixels, picture: picture, edges: draw.edges, output: region,
                                 space: space)
        work.hold(.init(region: region, pixels: filtered, opaque: false, opacity: opacity), item: item)
    }
}
