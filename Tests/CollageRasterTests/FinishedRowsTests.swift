import Dispatch
import XCTest
@testable import CollageRaster

/// `SceneRenderer.render(..., streamingTo: .rows(...))`: rows handed over while the
/// render runs are final (equal to the returned canvas), arrive once each,
/// top to bottom, in 16-row bands, and stop at an image that fails.
final class FinishedRowsTests: XCTestCase {
    /// Collects what the renderer hands over: the ranges in call order and a
    /// copy of the bytes as they were at the call.
    final class Collector: @unchecked Sendable {
        let width: Int
        private(set) var ranges: [Range<Int>] = []
        private(set) var bytes: [UInt8] = []
        init(width: Int) { self.width = width }
        func take(_ rows: Range<Int>, _ pixels: UnsafePointer<UInt8>) {
            ranges.append(rows)
            bytes.append(contentsOf: UnsafeBufferPointer(start: pixels, count: rows.count * width * 4))
        }
    }

    /// 150 rows (not a multiple of 16): a grid photo drawn directly, an
    /// opaque photo and a transparent one overlapping each other (both held
    /// for in-order compositing), a translucent fill over the first photo, a
    /// mask spanning most bands, and a colour tile.
    static func overlappingScene() -> (Scene, [Pixmap]) {
        let pixmaps = [
            TestImages.random(width: 90, height: 70, seed: 1),
            TestImages.random(width: 64, height: 80, seed: 2),
            TestImages.random(width: 50, height: 50, seed: 3, opaque: false),
        ]
        let items: [SceneItem] = [
            .image(ImageDraw(image: 0, source: Rect(x: 0.5, y: 1.25, width: 88, height: 66),
                             destination: PixelRect(x: 0, y: 0, width: 60, height: 45))),
            .image(ImageDraw(image: 1, source: Rect(pixmaps[1].size), destination: PixelRect(x: 70, y: 20, width: 50, height: 70))),
            .image(ImageDraw(image: 2, source: Rect(pixmaps[2].size),
                             destination: PixelRect(x: 90, y: 60, width: 40, height: 80), opacity: 0.8)),
            .fill(PixelRect(x: 10, y: 10, width: 30, height: 20), Color(red: 255, green: 0, blue: 0, alpha: 90)),
            .mask(MaskDraw(mask: CoverageMask(width: 100, height: 120, coverage: (0 ..< 12_000).map { UInt8(truncatingIfNeeded: $0 * 7) }),
                           originX: 25, originY: 15, color: Color(red: 0, green: 0, blue: 255, alpha: 200))),
            .tile(ColorTile(width: 4, height: 4, pixels: (0 ..< 64).map { $0 % 4 == 3 ? 0.5 : 0.25 },
                            originX: 2, originY: 140)),
        ]
        let scene = Scene(size: Size(width: 140, height: 150), background: Color(red: 240, green: 230, blue: 200, alpha: 255),
                          images: pixmaps.map { SceneImage(orientedSize: $0.size) }, items: items)
        return (scene, pixmaps)
    }

    func testHandedRowsAreFinalAndCoverTheCanvasOnceInOrder() throws {
        let (scene, pixmaps) = Self.overlappingScene()
        let plan = try RenderPlan(scene)
        XCTAssertEqual(plan.direct, [true, false, false, false, false, false], "one direct draw, two held ones")
        let expected = try SceneRenderer.render(scene, images: MemoryImageProvider(pixmaps), threads: 1)
        for threads in [1, 2, 4] {
            let collector = Collector(width: scene.size.width)
            let canvas = try SceneRenderer.render(scene, images: MemoryImageProvider(pixmaps), options: .init(threads: threads),
                                                  streamingTo: .rows(collector.take), keepingCanvas: threads == 2)
            XCTAssertEqual(canvas, threads == 2 ? expected : nil, "threads \(threads)")
            XCTAssertEqual(collector.bytes, expected.pixels, "rows were final when handed over (threads \(threads))")
            XCTAssertEqual(collector.ranges.first?.lowerBound, 0)
            XCTAssertEqual(collector.ranges.last?.upperBound, 150)
            for (a, b) in zip(collector.ranges, collector.ranges.dropFirst()) {
                XCTAssertEqual(a.upperBound, b.lowerBound, "contiguous, top to bottom")
            }
            for range in collector.ranges.dropLast() {
                XCTAssertEqual(range.upperBound % FinalRows.defaultBandHeight, 0, "whole bands")
            }
        }
    }

    func testBandsBecomeReadyWhenTheirImagesAreDrawn() throws {
        let (scene, _) = Self.overlappingScene()
        let rows = FinalRows(plan: try RenderPlan(scene), height: 150)
        // Image 0 covers rows 0..<45 (bands 0-2), image 1 rows 20..<90
        // (bands 1-5), image 2 rows 60..<140 (bands 3-8); band 9 has no image.
        rows.imageDrawn(0)
        XCTAssertEqual(rows.waitForReadyRows(from: 0), 16)
        rows.imageDrawn(1)
        XCTAssertEqual(rows.waitForReadyRows(from: 16), 48)
        rows.imageDrawn(2)
        XCTAssertEqual(rows.waitForReadyRows(from: 48), 150)
        rows.fail()
        XCTAssertNil(rows.waitForReadyRows(from: 144))
    }

    func testRowsOrderMovesLowImagesLast() throws {
        let tops = [100, 0, 50, 0, 100]
        let scene = Scene(size: Size(width: 200, height: 200), background: .white,
                          images: tops.map { _ in SceneImage(orientedSize: Size(width: 10, height: 10)) },
                          items: tops.enumerated().map { i, y in
                              .image(ImageDraw(image: i, source: Rect(x: 0, y: 0, width: 10, height: 10),
                                               destination: PixelRect(x: i * 20, y: y, width: 10, height: 10)))
                          })
        let plan = try RenderPlan(scene)
        let taken = [0, 1, 2, 3, 4]
        XCTAssertEqual(FinishedRowsOrder.largestFirst.order(taken, plan: plan, workers: 2), [0, 1, 3, 2, 4],
                       "only the last workers + 1 go by their top row")
        XCTAssertEqual(FinishedRowsOrder.largestFirst.order(taken, plan: plan, workers: 9), [1, 3, 2, 0, 4])
        XCTAssertEqual(FinishedRowsOrder.topFirst.order(taken, plan: plan, workers: 2), [1, 3, 2, 0, 4],
                       "top to bottom, ties in the order given")
        XCTAssertEqual(FinishedRowsOrder.topFirst.order([4, 3, 2, 1, 0], plan: plan, workers: 1), [3, 1, 2, 4, 0])
        // The order changes timing only.
        let pixmaps = tops.indices.map { TestImages.random(width: 10, height: 10, seed: UInt64($0 + 7)) }
        let expected = try SceneRenderer.render(scene, images: MemoryImageProvider(pixmaps), threads: 2)
        for rowsOrder in [FinishedRowsOrder.largestFirst, .topFirst] {
            let provider = MemoryImageProvider(pixmaps)
            let collector = Collector(width: 200)
            XCTAssertNil(try SceneRenderer.render(scene, images: provider, options: .init(), streamingTo: .rows(collector.take, order: rowsOrder)))
            XCTAssertEqual(provider.requests.map(\.image),
                           rowsOrder.order(try RenderPlan(scene).decodeOrder, plan: plan, workers: 1))
            XCTAssertEqual(collector.bytes, expected.pixels)
        }
    }

    /// An image that fails stops the handing over before its rows: the
    /// render throws, and nothing below the failed image's first band was
    /// handed over.
    func testNoRowsOfAFailedImageAreHandedOver() throws {
        let (scene, pixmaps) = Self.overlappingScene()
        for threads in [1, 2] {
            let collector = Collector(width: scene.size.width)
            XCTAssertThrowsError(try SceneRenderer.render(scene, images: MemoryImageProvider(pixmaps, failing: [2]),
                                                          options: .init(threads: threads), streamingTo: .rows(collector.take))) { error in
                XCTAssertEqual(error as? TestDecodeError, TestDecodeError(image: 2))
            }
            XCTAssertLessThanOrEqual(collector.ranges.last?.upperBound ?? 0, 48, "image 2 starts in band 3 (row 48)")
        }
    }
}
