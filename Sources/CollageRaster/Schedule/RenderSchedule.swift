import Dispatch

/// The schedule stage of a render (`SceneRenderer`): how many workers draw
/// the images and in which order (`RenderWork`), admitted within which
/// memory budget (`MemoryBudget`, for a streamed canvas that does not fit),
/// and the rows of a streamed canvas (`CanvasStorage`), given back once
/// their consumer has had them.
struct RenderSchedule: Sendable {
    /// Threads drawing images (`options.threads`, at most one an image).
    let workers: Int
    /// One worker more than `workers` (when there are more images than
    /// workers): a decode cannot be split, so with exactly `workers`
    /// workers the last image is often drawn alone while the other cores
    /// wait; with one more, the images in flight share the cores and
    /// finish closer together.
    let extraWorker: Bool
    /// The canvas of a streamed render (nil when the canvas is kept whole).
    let storage: CanvasStorage?
    let work: RenderWork

    /// - Parameter streamed: the canvas is not kept: its rows are given back
    ///   once handed over, and the images are admitted within `options.maxMemory`.
    /// - Throws: `SceneRenderError.memoryBudgetTooSmall` (before any decode)
    ///   for the first image that cannot fit an explicit budget alone.
    init(_ planned: PlannedRender, images: any ImageProvider, options: SceneRenderOptions, streamed: Bool) throws {
        let scene = planned.scene, plan = planned.plan
        workers = Swift.min(Swift.max(options.threads, 1), plan.decodeOrder.count)
        extraWorker = workers >= 2 && plan.decodeOrder.count > workers
        storage = streamed ? CanvasStorage(width: scene.size.width, height: scene.size.height) : nil
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
            : planned.finishedRows == nil ? plan.decodeOrder
            : planned.rowsOrder.order(plan.decodeOrder, plan: plan, workers: workers)
        var consumerReady: (@Sendable (Int) -> Bool)?
        if let finalRows = planned.finalRows { consumerReady = { finalRows.isReady(row: $0) } }
        work = RenderWork(order: order, progress: options.progress, costs: costs, coefficientLimit: coefficientLimit,
                          admission: admission, consumerReady: consumerReady)
    }

    /// Runs the workers until every image is drawn (`draw(image)`, taken
    /// from `work` in order), one fails, or the late items are cancelled;
    /// returns when all have stopped. A worker with no image left calls
    /// `idle` (to help with the rows that are ready), and the first to stop
    /// lets `images` drop what it keeps for decodes to come, while the last
    /// images are still being drawn.
    func runWorkers(lateItems: LateItems?, finalRows: FinalRows?, images: any ImageProvider,
                    idle: @escaping @Sendable () -> Void, draw: @escaping @Sendable (Int) throws -> Void) {
        let work = work
        @Sendable func drawImages() {
            while lateItems?.isCancelled != true, let image = work.takeImage() {
                do {
                    try draw(image)
                    work.imageFinished(image)
                    finalRows?.imageDrawn(image)
                } catch {
                    work.fail(image: image, error: error)
                    finalRows?.fail()
                }
            }
            // Cancelled late items: no more rows will be final.
            if lateItems?.isCancelled == true { finalRows?.fail() }
            idle()
            if work.firstToStop() { images.noMoreImagesToDecode() }
        }
        let extra = extraWorker ? JoinableThread.start(drawImages) : nil
        if workers > 0 {
            DispatchQueue.concurrentPerform(iterations: workers) { _ in drawImages() }
        }
        extra?.join()
    }
}
