import Dispatch
import XCTest
@testable import CollageRaster

/// `SceneRenderer.render(..., options: .init(lateItems:))`: items that arrive while the
/// images are drawn give the bytes of the scene that held them from the
/// start, however the rows are handed over; cancelled or invalid late items
/// stop the render with an error and hand nothing over.
final class LateItemsTests: XCTestCase {
    /// `FinishedRowsTests.overlappingScene` cut after its images: the fill,
    /// mask and tile come late.
    private func split() -> (whole: Scene, base: Scene, late: [SceneItem], pixmaps: [Pixmap]) {
        let (whole, pixmaps) = FinishedRowsTests.overlappingScene()
        var base = whole
        base.items = Array(whole.items.prefix(3))
        XCTAssertTrue(base.items.allSatisfy { if case .image = $0 { true } else { false } })
        return (whole, base, Array(whole.items.dropFirst(3)), pixmaps)
    }

    /// A provider that delivers `late` from another thread once the first
    /// image has been asked for, so the items arrive while images are drawn.
    private func provider(_ pixmaps: [Pixmap], delivering late: LateItems, _ items: [SceneItem]?,
                          failing: Set<Int> = []) -> MemoryImageProvider {
        final class Once: @unchecked Sendable { var done = false; let lock = DispatchQueue(label: "once") }
        let once = Once()
        return MemoryImageProvider(failing: failing) { index, _ in
            let first = once.lock.sync { () -> Bool in defer { once.done = true }; return !once.done }
            if first {
                DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(5)) {
                    if let items { late.deliver(items) } else { late.cancel() }
                }
            }
            return pixmaps[index]
        }
    }

    func testLateItemsGiveTheBytesOfTheWholeScene() throws {
        let (whole, base, items, pixmaps) = split()
        let expected = try SceneRenderer.render(whole, images: MemoryImageProvider(pixmaps), threads: 1)
        for threads in [1, 2, 4] {
            for mode in ["none", "rows", "bands"] {
                let late = LateItems()
                let rows = FinishedRowsTests.Collector(width: whole.size.width)
                let bands = FinishedBandsTests.Collector(width: whole.size.width, height: whole.size.height, bandHeight: 32)
                let images = provider(pixmaps, delivering: late, items), options = SceneRenderOptions(threads: threads, lateItems: late)
                if mode == "none" {
                    XCTAssertEqual(try SceneRenderer.render(base, images: images, options: options), expected, "threads \(threads)")
                } else {
                    XCTAssertNil(try SceneRenderer.render(base, images: images, options: options,
                                                          streamingTo: mode == "rows" ? .rows(rows.take) : .bands(bands.bands)))
                }
                if mode == "rows" { XCTAssertEqual(rows.bytes, expected.pixels) }
                if mode == "bands" { XCTAssertEqual((0 ..< 5).flatMap { bands.bytes[$0]! }, expected.pixels) }
            }
        }
    }

    func testCancelledLateItemsStopTheRenderAndHandNothingOver() throws {
        let (whole, base, _, pixmaps) = split()
        for threads in [1, 2] {
            let late = LateItems()
            let bands = FinishedBandsTests.Collector(width: whole.size.width, height: whole.size.height, bandHeight: 32)
            XCTAssertThrowsError(try SceneRenderer.render(base, images: provider(pixmaps, delivering: late, nil),
                                                          options: .init(threads: threads, lateItems: late), streamingTo: .bands(bands.bands))) { error in
                XCTAssertEqual(error as? SceneRenderError, .lateItemsCancelled)
            }
            XCTAssertEqual(bands.calls, [:], "no band is composited without the late items")
        }
    }

    /// An image that fails is the error, whatever the late items do.
    func testAFailingImageIsTheErrorBeforeLateItems() throws {
        let (_, base, items, pixmaps) = split()
        let late = LateItems()
        XCTAssertThrowsError(try SceneRenderer.render(base, images: provider(pixmaps, delivering: late, items, failing: [1]),
                                                      options: .init(threads: 2, lateItems: late))) { error in
            XCTAssertEqual(error as? TestDecodeError, TestDecodeError(image: 1))
        }
    }

    func testAnImageAmongLateItemsIsAnError() throws {
        let (_, base, _, pixmaps) = split()
        let late = LateItems()
        late.deliver([.fill(PixelRect(x: 0, y: 0, width: 5, height: 5), .white), base.items[0]])
        XCTAssertThrowsError(try SceneRenderer.render(base, images: MemoryImageProvider(pixmaps), options: .init(threads: 2, lateItems: late))) { error in
            XCTAssertEqual(error as? SceneRenderError, .imageAmongLateItems(item: 4))
        }
    }
}
