import Dispatch
import Glibc
import XCTest
@testable import CollageRaster
import CollageTestSupport

/// A streamed render whose canvas is not kept (`CanvasStorage`, `MemoryBudget`):
/// consumed rows go back to the system page by page, images are admitted
/// within the budget, and the bytes stay those of the whole-canvas render.
final class BandedRenderTests: XCTestCase {
    /// Which pages of `storage` are resident (`mincore`), one flag per page.
    private func residentPages(_ storage: CanvasStorage) -> [Bool] {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let count = (storage.width * storage.height * 4 + page - 1) / page
        var flags = [UInt8](repeating: 0, count: count)
        XCTAssertEqual(mincore(UnsafeMutableRawPointer(storage.base), storage.width * storage.height * 4, &flags), 0)
        return flags.map { $0 & 1 == 1 }
    }

    func testConsumedRowsGoBackAsWholePagesOnly() throws {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        // Rows of 1000 pixels (4000 bytes): pages straddle rows.
        let storage = try XCTUnwrap(CanvasStorage(width: 1000, height: 40))
        XCTAssertEqual(residentPages(storage).filter { $0 }.count, 0, "nothing is committed before it is written")
        storage.base.update(repeating: 7, count: 1000 * 40 * 4)
        let pages = (1000 * 40 * 4 + page - 1) / page
        XCTAssertEqual(residentPages(storage), [Bool](repeating: true, count: pages))
        // Row 0 alone: page 0 (bytes 0 ..< 4096) still holds part of row 1.
        storage.release(rows: 0 ..< 1)
        XCTAssertTrue(residentPages(storage)[0])
        XCTAssertEqual(storage.lowestUnreleasedRow, 1)
        // Rows 20 ..< 30 out of order: the pages wholly inside bytes 80000 ..< 120000.
        storage.release(rows: 20 ..< 30)
        let inside = Set((80_000 + page - 1) / page ..< 120_000 / page)
        XCTAssertEqual(Set(residentPages(storage).indices.filter { !residentPages(storage)[$0] }), inside)
        XCTAssertEqual(storage.lowestUnreleasedRow, 1, "rows 1 ..< 20 are not consumed")
        // Rows 1 ..< 20 join the runs: every page below byte 120000 goes, the one straddling row 30 stays.
        storage.release(rows: 1 ..< 20)
        let resident = residentPages(storage)
        XCTAssertEqual(resident.indices.filter { !resident[$0] }, Array(0 ..< 120_000 / page))
        XCTAssertEqual(storage.lowestUnreleasedRow, 30)
        // The rest: the whole mapping, its last partial page included.
        storage.release(rows: 30 ..< 40)
        XCTAssertEqual(residentPages(storage), [Bool](repeating: false, count: pages))
        XCTAssertEqual(storage.lowestUnreleasedRow, 40)
    }

    /// A 4x4 grid of equal photos (direct draws), below it a translucent
    /// photo under a fill drawn before it (so held for in-order compositing),
    /// a fill over the grid and a mask across it; 260 rows of 204 pixels.
    private func posterScene() -> (Scene, [Pixmap]) {
        var pixmaps = (0 ..< 16).map { TestImages.random(width: 60, height: 48, seed: UInt64(40 + $0)) }
        pixmaps.append(TestImages.random(width: 30, height: 30, seed: 99, opaque: false))
        var items: [SceneItem] = (0 ..< 16).map { k in
            .image(ImageDraw(image: k, source: Rect(x: 0.5, y: 0.25, width: 58, height: 46),
                             destination: PixelRect(x: 2 + (k % 4) * 50, y: 3 + (k / 4) * 47, width: 48, height: 45)))
        }
        items.append(.fill(PixelRect(x: 60, y: 205, width: 60, height: 30), Color(red: 200, green: 0, blue: 90, alpha: 255)))
        items.append(.image(ImageDraw(image: 16, source: Rect(pixmaps[16].size),
                                      destination: PixelRect(x: 80, y: 200, width: 40, height: 50), opacity: 0.7)))
        items.append(.fill(PixelRect(x: 5, y: 100, width: 150, height: 9), Color(red: 0, green: 90, blue: 200, alpha: 120)))
        items.append(.mask(MaskDraw(mask: CoverageMask(width: 60, height: 150, coverage: (0 ..< 9000).map { UInt8(truncatingIfNeeded: $0 * 13) }),
                                    originX: 130, originY: 20, color: Color(red: 250, green: 200, blue: 0, alpha: 230))))
        let scene = Scene(size: Size(width: 204, height: 260), background: Color(red: 20, green: 30, blue: 40, alpha: 255),
                          images: pixmaps.map { SceneImage(orientedSize: $0.size) }, items: items)
        return (scene, pixmaps)
    }

    /// The bytes each image of `scene` needs alone (`MemoryBudget.neededAlone`).
    private func needs(_ scene: Scene, _ provider: any ImageProvider) throws -> [Int] {
        let plan = try RenderPlan(scene)
        let rows = MemoryBudget(bytes: 0, isExplicit: false, rowBytes: scene.size.width * 4)
        return plan.costs(scene: scene, provider: provider).map(rows.neededAlone)
    }

    /// Counts the decodes running at once.
    final class Concurrency: @unchecked Sendable {
        private let lock = DispatchQueue(label: "test.concurrency")
        private var now = 0
        private(set) var most = 0
        func enter() { lock.sync { now += 1; most = Swift.max(most, now) } }
        var current: Int { lock.sync { now } }
        func leave() { lock.sync { now -= 1 } }
    }

    func testASmallBudgetAdmitsOneImageAtATimeAndKeepsTheBytes() throws {
        let (scene, pixmaps) = posterScene()
        let expected = try SceneRenderer.render(scene, images: MemoryImageProvider(pixmaps), threads: 1)
        let plan = try RenderPlan(scene)
        XCTAssertEqual(plan.direct.filter { $0 }.count, 16, "the grid is direct, the last photo held")
        let needs = try needs(scene, MemoryImageProvider(pixmaps))
        let budget = needs.max()!
        XCTAssertGreaterThan(scene.size.width * scene.size.height * 4, budget, "the canvas does not fit: admission is on")
        // Two photos of the top row together (their rows and both working sets) exceed it.
        let working = plan.costs(scene: scene, provider: MemoryImageProvider(pixmaps)).map(\.workingBytes)
        XCTAssertGreaterThan(plan.rowsOfImage(0).upperBound * scene.size.width * 4 + working[0] + working[1], budget)
        for threads in [1, 3] {
            for bandHeight in [7, 13] {
                let concurrency = Concurrency()
                let provider = MemoryImageProvider { index, _ in
                    concurrency.enter()
                    usleep(2000)
                    concurrency.leave()
                    return pixmaps[index]
                }
                let bands = BandCollector(width: scene.size.width, height: scene.size.height, bandHeight: bandHeight)
                let canvas = try SceneRenderer.render(scene, images: provider, options: .init(threads: threads, maxMemory: budget),
                                                      streamingTo: .bands(FinishedBands(height: bandHeight, consume: bands.take)))
                XCTAssertNil(canvas, "a streamed canvas is not kept")
                XCTAssertEqual(bands.joined, expected.pixels, "threads \(threads), bands of \(bandHeight)")
                XCTAssertEqual(concurrency.most, 1, "threads \(threads): one image in flight within the budget")
                // Top to bottom: by the first row each image touches.
                let tops = provider.requests.map { image in
                    scene.items.compactMap { item -> Int? in
                        if case .image(let draw) = item, draw.image == image.image { return draw.destination.y }
                        return nil
                    }.min()!
                }
                XCTAssertEqual(tops, tops.sorted(), "threads \(threads)")
            }
            let rows = BandCollector(width: scene.size.width, height: scene.size.height, bandHeight: 1)
            try SceneRenderer.render(scene, images: MemoryImageProvider(pixmaps), options: .init(threads: threads, maxMemory: budget),
                                     streamingTo: .rows(rows.takeRows, order: .topFirst))
            XCTAssertEqual(rows.joined, expected.pixels, "threads \(threads), rows")
        }
    }

    func testAnImageThatCannotFitAloneIsAnErrorBeforeAnyDecode() throws {
        let (scene, pixmaps) = posterScene()
        let provider = MemoryImageProvider(pixmaps)
        let needs = try needs(scene, provider)
        let budget = needs[0] - 1
        let bands = BandCollector(width: scene.size.width, height: scene.size.height, bandHeight: 16)
        XCTAssertThrowsError(try SceneRenderer.render(scene, images: provider, options: .init(threads: 2, maxMemory: budget),
                                                      streamingTo: .bands(FinishedBands(height: 16, consume: bands.take)))) { error in
            XCTAssertEqual(error as? SceneRenderError, .memoryBudgetTooSmall(image: 0, needed: needs[0], budget: budget))
        }
        XCTAssertTrue(provider.requests.isEmpty, "nothing was decoded")
        // The default budget is a target, never an error; a kept canvas ignores the budget.
        XCTAssertNotNil(try SceneRenderer.render(scene, images: provider, options: .init(maxMemory: budget),
                                                 streamingTo: .bands(FinishedBands(height: 16) { _, _ in }), keepingCanvas: true))
    }

    /// `MemoryImageProvider` whose decodes report `coefficientBytes` of
    /// whole-image coefficients (a multi-scan JPEG) or none.
    final class CoefficientProvider: ImageProvider, @unchecked Sendable {
        let inner: MemoryImageProvider
        let coefficientBytes: Int
        init(_ inner: MemoryImageProvider, coefficientBytes: Int) {
            self.inner = inner
            self.coefficientBytes = coefficientBytes
        }
        func decode(image index: Int, minimumSize: Size) throws -> Pixmap { try inner.decode(image: index, minimumSize: minimumSize) }
        func decodeMemory(image index: Int, minimumSize: Size, streaming: Bool) -> DecodeMemory? {
            DecodeMemory(bytes: 60 * 48 * 4 + coefficientBytes, coefficientBytes: coefficientBytes)
        }
    }

    /// Decodes of multi-scan files hold their whole coefficients: at most one
    /// per thread runs at once, although the render runs one worker more
    /// than threads; other decodes still take the extra worker. Same bytes.
    func testAtMostOneMultiScanDecodePerThread() throws {
        let (scene, pixmaps) = posterScene()
        let expected = try SceneRenderer.render(scene, images: MemoryImageProvider(pixmaps), threads: 1)
        for (coefficients, most) in [(1 << 20, 2), (0, 3)] {
            let concurrency = Concurrency()
            let memory = MemoryImageProvider { index, _ in
                concurrency.enter()
                // Wait (at most 2 s) for a third decode to join this one.
                for _ in 0 ..< (coefficients > 0 ? 25 : 1000) where concurrency.current < 3 { usleep(2000) }
                concurrency.leave()
                return pixmaps[index]
            }
            let canvas = try SceneRenderer.render(scene, images: CoefficientProvider(memory, coefficientBytes: coefficients),
                                                  threads: 2)
            XCTAssertEqual(canvas.pixels, expected.pixels)
            XCTAssertEqual(concurrency.most, most, "coefficients \(coefficients): decodes at once")
        }
    }

    /// Within the rows already started, the image with the most work goes
    /// first, not the topmost: photo 1, moved 10 rows down and decoded from
    /// a larger pixmap, is taken right after photo 0 (top to bottom would
    /// take photos 2 and 3 first, which start higher).
    func testWithinTheStartedRowsTheLargestWorkGoesFirst() throws {
        var (scene, pixmaps) = posterScene()
        pixmaps[1] = TestImages.random(width: 240, height: 192, seed: 7)
        scene.images[1] = SceneImage(orientedSize: pixmaps[1].size)
        guard case .image(var draw) = scene.items[1] else { return XCTFail("item 1 is photo 1") }
        draw.source = Rect(pixmaps[1].size)
        draw.destination.y += 10
        scene.items[1] = .image(draw)
        let plan = try RenderPlan(scene)
        XCTAssertEqual(plan.decodeOrder.first, 1)
        let expected = try SceneRenderer.render(scene, images: MemoryImageProvider(pixmaps), threads: 1)
        // Room for the rows down to photo 1's bottom and photo 1, not for the whole canvas.
        let costs = plan.costs(scene: scene, provider: MemoryImageProvider(pixmaps))
        let budget = costs[1].rows.upperBound * scene.size.width * 4 + costs[1].workingBytes
        XCTAssertFalse(MemoryBudget(bytes: budget, isExplicit: true, rowBytes: scene.size.width * 4)
            .fitsWhole(height: scene.size.height, costs: costs, inFlight: 2, coefficientLimit: 1), "admission is on")
        let provider = MemoryImageProvider(pixmaps)
        let bands = BandCollector(width: scene.size.width, height: scene.size.height, bandHeight: 16)
        try SceneRenderer.render(scene, images: provider, options: .init(threads: 1, maxMemory: budget),
                                 streamingTo: .bands(FinishedBands(height: 16, consume: bands.take)))
        XCTAssertEqual(bands.joined, expected.pixels)
        XCTAssertEqual(provider.requests.prefix(4).map(\.image), [0, 1, 2, 3])
    }
}
