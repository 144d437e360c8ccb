import Dispatch
import XCTest
@testable import CollageRaster

/// `SceneRenderer.render(..., options: .init(slotItems:))`: a scene with
/// reserved slots (`Scene.slots`) whose items arrive while the images are
/// drawn gives the bytes of the scene that held them from the start, slots
/// above and below the images, however the rows are handed over; cancelled
/// or invalid slot items stop the render with an error and hand nothing over.
final class SlotItemsTests: XCTestCase {
    /// `FinishedRowsTests.overlappingScene` (three images, then a fill, a
    /// mask and a tile) with its fill moved under the images when `below`.
    private func wholeScene(below: Bool) -> (Scene, [Pixmap]) {
        var (whole, pixmaps) = FinishedRowsTests.overlappingScene()
        if below { whole.items = [whole.items[3]] + whole.items[0..<3] + whole.items[4...] }
        return (whole, pixmaps)
    }

    /// `whole` with `slotted` (ranges of its items, in order) left to slots.
    private func reserving(_ whole: Scene, _ slotted: [Range<Int>]) -> (base: Scene, items: [[SceneItem]]) {
        var base = Scene(size: whole.size, background: whole.background, images: whole.images)
        var next = 0
        for range in slotted {
            base.items += whole.items[next..<range.lowerBound]
            base.reserveSlot()
            next = range.upperBound
        }
        base.items += whole.items[next...]
        return (base, slotted.map { Array(whole.items[$0]) })
    }

    /// A provider that delivers `items` (or cancels) from another thread
    /// once the first image has been asked for, so they arrive while images are drawn.
    private func provider(_ pixmaps: [Pixmap], delivering slots: SlotItems, _ items: [[SceneItem]]?,
                          failing: Set<Int> = []) -> MemoryImageProvider {
        final class Once: @unchecked Sendable { var done = false; let lock = DispatchQueue(label: "once") }
        let once = Once()
        return MemoryImageProvider(failing: failing) { index, _ in
            let first = once.lock.sync { () -> Bool in defer { once.done = true }; return !once.done }
            if first {
                DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(5)) {
                    if let items { slots.deliver(items) } else { slots.cancel() }
                }
            }
            return pixmaps[index]
        }
    }

    /// Slots after the images (the fill; the mask and tile in a second
    /// slot) and a slot under them (the fill): the bytes of the whole scene.
    func testSlotItemsGiveTheBytesOfTheWholeScene() throws {
        for (below, slotted) in [(false, [3..<4, 4..<6]), (false, [3..<6]), (true, [0..<1]), (true, [0..<1, 4..<6])] {
            let (whole, pixmaps) = wholeScene(below: below)
            let (base, items) = reserving(whole, slotted)
            XCTAssertEqual(base.slotsFollowImages, !below)
            XCTAssertEqual(base.filled(items: items).items.count, 6)
            let expected = try SceneRenderer.render(whole, images: MemoryImageProvider(pixmaps), threads: 1)
            for threads in [1, 2, 4] {
                for mode in ["none", "rows", "bands"] {
                    let slots = SlotItems()
                    let rows = FinishedRowsTests.Collector(width: whole.size.width)
                    let bands = FinishedBandsTests.Collector(width: whole.size.width, height: whole.size.height, bandHeight: 32)
                    // Above or under the images, the slots arrive only once an image is asked
                    // for: the images decode while the slots are laid out (no wait for them).
                    let images = provider(pixmaps, delivering: slots, items)
                    let options = SceneRenderOptions(threads: threads, slotItems: slots)
                    let label = "below \(below) slots \(slotted) threads \(threads) \(mode)"
                    if mode == "none" {
                        XCTAssertEqual(try SceneRenderer.render(base, images: images, options: options), expected, label)
                    } else {
                        XCTAssertNil(try SceneRenderer.render(base, images: images, options: options,
                                                              streamingTo: mode == "rows" ? .rows(rows.take) : .bands(bands.bands)))
                    }
                    if mode == "rows" { XCTAssertEqual(rows.bytes, expected.pixels, label) }
                    if mode == "bands" { XCTAssertEqual((0 ..< 5).flatMap { bands.bytes[$0]! }, expected.pixels, label) }
                }
            }
        }
    }

    func testCancelledSlotItemsStopTheRenderAndHandNothingOver() throws {
        for below in [false, true] {
            let (whole, pixmaps) = wholeScene(below: below)
            let (base, _) = reserving(whole, below ? [0..<1] : [3..<6])
            for threads in [1, 2] {
                let slots = SlotItems()
                let bands = FinishedBandsTests.Collector(width: whole.size.width, height: whole.size.height, bandHeight: 32)
                XCTAssertThrowsError(try SceneRenderer.render(base, images: provider(pixmaps, delivering: slots, nil),
                                                              options: .init(threads: threads, slotItems: slots),
                                                              streamingTo: .bands(bands.bands))) { error in
                    XCTAssertEqual(error as? SceneRenderError, .slotsCancelled)
                }
                XCTAssertEqual(bands.calls, [:], "no band is composited without the slots' items")
            }
        }
    }

    /// An image that fails is the error, whatever the slot items do.
    func testAFailingImageIsTheErrorBeforeSlotItems() throws {
        let (whole, pixmaps) = wholeScene(below: false)
        let (base, items) = reserving(whole, [3..<6])
        let slots = SlotItems()
        XCTAssertThrowsError(try SceneRenderer.render(base, images: provider(pixmaps, delivering: slots, items, failing: [1]),
                                                      options: .init(threads: 2, slotItems: slots))) { error in
            XCTAssertEqual(error as? TestDecodeError, TestDecodeError(image: 1))
        }
    }

    /// An image among a slot's items is an error at its item in the filled
    /// scene, above the images and below them; a scene with slots needs `SlotItems`.
    func testAnImageInASlotIsAnError() throws {
        for below in [false, true] {
            let (whole, pixmaps) = wholeScene(below: below)
            let (base, _) = reserving(whole, below ? [0..<1] : [3..<6])
            let slots = SlotItems()
            let image = base.items.first { if case .image = $0 { true } else { false } }!
            slots.deliver([[.fill(PixelRect(x: 0, y: 0, width: 5, height: 5), .white), image]])
            XCTAssertThrowsError(try SceneRenderer.render(base, images: MemoryImageProvider(pixmaps),
                                                          options: .init(threads: 2, slotItems: slots))) { error in
                XCTAssertEqual(error as? SceneRenderError, .imageInSlot(item: below ? 1 : 4))
            }
            XCTAssertThrowsError(try SceneRenderer.render(base, images: MemoryImageProvider(pixmaps), threads: 1)) { error in
                XCTAssertEqual(error as? SceneRenderError, .unfilledSlots)
            }
        }
    }
}
