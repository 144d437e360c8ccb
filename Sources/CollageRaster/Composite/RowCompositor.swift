/// The composite stage of a render (`SceneRenderer`): the items not drawn
/// straight to the canvas (`RenderPlan.direct`), composited in scene order
/// into canvas rows once they are final, over the background around the
/// direct draws; the rows then go to the output: top to bottom from a
/// finisher thread, bands in any order from the finisher and from workers
/// with no image left, or, with no output, the whole canvas once the
/// workers are done.
struct RowCompositor: Sendable {
    private let planned: PlannedRender
    private let work: RenderWork
    private let storage: CanvasStorage?
    private let canvas: CanvasPixels

    /// - Parameter storage: the streamed canvas whose rows are given back once handed over, if any.
    init(_ planned: PlannedRender, work: RenderWork, storage: CanvasStorage?, canvas: CanvasPixels) {
        self.planned = planned
        self.work = work
        self.storage = storage
        self.canvas = canvas
    }

    /// Starts the finisher thread when rows or bands are handed over while
    /// the workers draw; nil otherwise (or when no thread could start).
    func startFinisher() -> JoinableThread? {
        if let finalRows = planned.finalRows, let finishedRows = planned.finishedRows {
            return JoinableThread.start { finishRows(finalRows, to: finishedRows) }
        } else if planned.finishedBands != nil {
            return JoinableThread.start { compositeReadyBands(wait: true) }
        }
        return nil
    }

    /// Composites and hands over the bands that are ready (waiting for the
    /// next one until all are done when `wait`); nothing unless bands are
    /// handed over.
    func compositeReadyBands(wait: Bool) {
        guard let finalRows = planned.finalRows, let finishedBands = planned.finishedBands else { return }
        while let band = finalRows.takeReadyBand(wait: wait) {
            guard case .success(let whole) = planned.filled() else { finalRows.fail(); return }
            let rows = finalRows.rows(ofBand: band)
            planned.background.fill(rows: rows, canvas: canvas)
            Self.compositeInOrder(whole.scene, plan: whole.plan, canvas: canvas, work: work, rows: rows)
            finishedBands.consume(band, UnsafePointer(canvas.pixel(x: 0, y: rows.lowerBound)))
            released(rows)
        }
    }

    /// After the workers: the rest of the rows or bands (joining `finisher`),
    /// or the whole canvas when nothing is handed over and no image failed.
    func finish(joining finisher: JoinableThread?) {
        if let finalRows = planned.finalRows, let finishedRows = planned.finishedRows {
            if let finisher {
                finisher.join()
            } else {
                finishRows(finalRows, to: finishedRows)
            }
        } else if planned.finishedBands != nil {
            finisher?.join()
            compositeReadyBands(wait: true)
        } else if work.firstError == nil, case .success(let whole) = planned.filled() {
            let rows = 0 ..< planned.scene.size.height
            planned.background.fill(rows: rows, canvas: canvas)
            Self.compositeInOrder(whole.scene, plan: whole.plan, canvas: canvas, work: work, rows: rows)
        }
    }

    /// Rows the consumer has had: their pages go back to the system.
    private func released(_ rows: Range<Int>) {
        guard let storage else { return }
        storage.release(rows: rows)
        work.rowsReleased()
    }

    /// The finisher of rows top to bottom: waits for bands to become ready,
    /// composites them and hands them to `consumer`, top to bottom, until
    /// every row is final or an image fails; each run of rows handed over is
    /// released.
    private func finishRows(_ rows: FinalRows, to consumer: SceneRenderer.FinishedRows) {
        guard case .success(let (scene, plan)) = planned.filled() else { return rows.fail() }
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
            planned.background.fill(rows: next ..< end, canvas: canvas)
            Self.compositeInOrder(scene, plan: plan, canvas: canvas, work: work, rows: next ..< end)
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
        let space = scene.compositing
        // A row of linear pixels (a tile: gradients, glyphs; an opaque held
        // image in a layer) brought into the working space.
        var tileRow: [Float] = []
        for (index, item) in scene.items.enumerated() where !plan.direct[index] && !plan.footprints[index].region.isEmpty {
            let region = plan.footprints[index].region
            let first = Swift.max(region.y, rows.lowerBound) - region.y
            let end = Swift.min(region.y + region.height, rows.upperBound) - region.y
            guard first < end else { continue }
            let lines = first ..< end
            let layer = layers.last
            switch item {
            case .beginLayer(let draw):
                layers.append(LayerBuffer(draw, space: space, region: region, rows: region.y + first ..< region.y + end))
            case .endLayer:
                let top = layers.removeLast()
                top.composite(onto: layers.last, canvas: canvas)
            case .image:
                // The workers hold the draw under its index in their scene (slots still empty).
                let drawn = plan.workItems?[index] ?? index
                guard let held = work.heldDraw(item: drawn) else { continue }
                defer { work.composited(rows: lines.count, ofHeldDraw: drawn) }
                // An opaque held tile is linear (`RenderWork.HeldDraw.opaque`):
                // in a layer, its rows enter the working space first.
                let converts = held.opaque && layer != nil && space != .linear
                if converts, tileRow.count < region.width * 4 {
                    tileRow = [Float](repeating: 0, count: region.width * 4)
                }
                held.pixels.withUnsafeBufferPointer { tile in
                tileRow.withUnsafeMutableBufferPointer { scratch in
                    for y in lines {
                        var source = tile.baseAddress! + y * region.width * 4
                        if let layer {
                            if converts { source = space.fromLinear(source, count: region.width, into: scratch.baseAddress!) }
                            layer.withPixel(x: region.x, y: region.y + y) {
                                FloatCompositor.over(source, count: region.width, opacity: held.opacity, onto: $0)
                            }
                            continue
                        }
                        let target = canvas.pixel(x: region.x, y: region.y + y)
                        if held.opaque {
                            Compositor.writeOpaque(source, count: region.width, to: target, space: .linear)
                        } else {
                            Compositor.blend(source, count: region.width, opacity: held.opacity, onto: target, space: space)
                        }
                    }
                }}
            case .mask(let draw):
                draw.mask.coverage.withUnsafeBufferPointer { coverage in
                    for y in lines {
                        let source = coverage.baseAddress! + (region.y + y - draw.originY) * draw.mask.width
                            + (region.x - draw.originX)
                        if let layer {
                            layer.withPixel(x: region.x, y: region.y + y) {
                                FloatCompositor.over(draw.color, coverage: source, count: region.width, onto: $0, space: space)
                            }
                        } else {
                            Compositor.blend(draw.color, coverage: source, count: region.width,
                                             onto: canvas.pixel(x: region.x, y: region.y + y), space: space)
                        }
                    }
                }
            case .fill(_, let color):
                for y in lines {
                    if let layer {
                        layer.withPixel(x: region.x, y: region.y + y) {
                            FloatCompositor.over(color, coverage: nil, count: region.width, onto: $0, space: space)
                        }
                    } else {
                        Compositor.fill(color, count: region.width, onto: canvas.pixel(x: region.x, y: region.y + y),
                                        space: space)
                    }
                }
            case .tile(let tile):
                if space != .linear, tileRow.count < region.width * 4 {
                    tileRow = [Float](repeating: 0, count: region.width * 4)
                }
                tile.pixels.withUnsafeBufferPointer { pixels in
                tileRow.withUnsafeMutableBufferPointer { scratch in
                    for y in lines {
                        var source = pixels.baseAddress! + ((region.y + y - tile.originY) * tile.width
                            + (region.x - tile.originX)) * 4
                        if space != .linear { source = space.fromLinear(source, count: region.width, into: scratch.baseAddress!) }
                        if let layer {
                            layer.withPixel(x: region.x, y: region.y + y) {
                                FloatCompositor.over(source, count: region.width, opacity: 1, onto: $0)
                            }
                        } else {
                            Compositor.blend(source, count: region.width, opacity: 1,
                                             onto: canvas.pixel(x: region.x, y: region.y + y), space: space)
                        }
                    }
                }}
            }
        }
    }
}
