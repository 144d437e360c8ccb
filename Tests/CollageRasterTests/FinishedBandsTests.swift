import Dispatch
import XCTest
@testable import CollageRaster
import CollageTestSupport

/// `SceneRenderer.render(..., streamingTo: .bands(...))`: bands handed over in any
/// order, from several threads, are final (equal to the returned canvas),
/// each arrives once, and none arrives that an image failing leaves unfinished.
final class FinishedBandsTests: XCTestCase {
    /// Collects the bands: how often each came and a copy of its bytes at the call.
    typealias Collector = BandCollector

    func testHandedBandsAreFinalAndCoverTheCanvasOnce() throws {
        let (scene, pixmaps) = FinishedRowsTests.overlappingScene()
        let expected = try SceneRenderer.render(scene, images: MemoryImageProvider(pixmaps), threads: 1)
        for bandHeight in [16, 7, 150, 400] {
            for threads in [1, 2, 4] {
                let collector = Collector(width: scene.size.width, height: scene.size.height, bandHeight: bandHeight)
                let keep = bandHeight == 7
                let canvas = try SceneRenderer.render(scene, images: MemoryImageProvider(pixmaps), options: .init(threads: threads),
                                                      streamingTo: .bands(collector.bands), keepingCanvas: keep)
                XCTAssertEqual(canvas, keep ? expected : nil, "band height \(bandHeight), threads \(threads)")
                let count = (150 + bandHeight - 1) / bandHeight
                XCTAssertEqual(collector.calls, Dictionary(uniqueKeysWithValues: (0 ..< count).map { ($0, 1) }),
                               "every band once")
                let joined = (0 ..< count).flatMap { collector.bytes[$0]! }
                XCTAssertEqual(joined, expected.pixels, "band height \(bandHeight), threads \(threads)")
            }
        }
    }

    /// A band is handed over as soon as the images touching it are drawn,
    /// whatever comes above it: here the decode of the top image waits
    /// until the bottom band has been handed over (it would wait forever
    /// if bands went top to bottom).
    func testBandsComeAsSoonAsTheirImagesAreDrawn() throws {
        let pixmaps = [TestImages.random(width: 20, height: 20, seed: 3), TestImages.random(width: 40, height: 40, seed: 4)]
        // Image 0 (less work, so decoded second) on rows 0..<20, image 1 on rows 40..<80.
        let scene = Scene(size: Size(width: 40, height: 80), background: .white,
                          images: pixmaps.map { SceneImage(orientedSize: $0.size) }, items: [
            .image(ImageDraw(image: 0, source: Rect(pixmaps[0].size), destination: PixelRect(x: 0, y: 0, width: 20, height: 20))),
            .image(ImageDraw(image: 1, source: Rect(pixmaps[1].size), destination: PixelRect(x: 0, y: 40, width: 40, height: 40))),
        ])
        XCTAssertEqual(try RenderPlan(scene).decodeOrder, [1, 0])
        let bottomBand = DispatchSemaphore(value: 0)
        final class Flag: @unchecked Sendable { var timedOut = false }
        let flag = Flag()
        let provider = MemoryImageProvider { index, _ in
            if index == 0, bottomBand.wait(timeout: .now() + 10) == .timedOut { flag.timedOut = true }
            return pixmaps[index]
        }
        let collector = Collector(width: 40, height: 80, bandHeight: 20)
        let bands = collector.bands
        try SceneRenderer.render(scene, images: provider, options: .init(), streamingTo: .bands(FinishedBands(height: 20) { index, pixels in
            bands.consume(index, pixels)
            if index == 3 { bottomBand.signal() }
        }))
        XCTAssertFalse(flag.timedOut, "band 3 was handed over before image 0 was drawn")
        XCTAssertEqual((0 ..< 4).flatMap { collector.bytes[$0]! },
                       try SceneRenderer.render(scene, images: MemoryImageProvider(pixmaps), threads: 1).pixels)
        XCTAssertEqual(collector.calls, [0: 1, 1: 1, 2: 1, 3: 1])
    }

    func testNoBandOfAFailedImageIsHandedOver() throws {
        let (scene, pixmaps) = FinishedRowsTests.overlappingScene()
        for threads in [1, 2] {
            let collector = Collector(width: scene.size.width, height: scene.size.height, bandHeight: 16)
            XCTAssertThrowsError(try SceneRenderer.render(scene, images: MemoryImageProvider(pixmaps, failing: [2]),
                                                          options: .init(threads: threads), streamingTo: .bands(collector.bands))) { error in
                XCTAssertEqual(error as? TestDecodeError, TestDecodeError(image: 2))
            }
            // Image 2 covers rows 60..<140: bands 3...8.
            XCTAssertTrue(Set(collector.calls.keys).isDisjoint(with: 3 ... 8), "threads \(threads): \(collector.calls.keys.sorted())")
        }
    }
}

extension BandCollector {
    /// The collector as the renderer's band consumer.
    var bands: FinishedBands { FinishedBands(height: bandHeight, consume: take) }
}
