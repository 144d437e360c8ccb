import XCTest
@testable import CollageRaster

/// Decode sizes, parallelism, determinism and errors of `SceneRenderer`.
final class SceneRendererTests: XCTestCase {
    // MARK: decode sizes (README "Rules": Resampler: at least 2x the target size)

    func testMinimumDecodeSizeIsTwiceTheTargetCappedAtFullSize() {
        let full = Size(width: 4000, height: 3000)
        func scene(_ window: Rect, _ destination: PixelRect) -> Scene {
            Scene.single(canvas: Size(width: 2048, height: 2048), image: full, window: window, destination: destination)
        }
        // Whole photo into 500x375: 2 * 4000 * 500 / 4000 = 1000, 2 * 3000 * 375 / 3000 = 750.
        XCTAssertEqual(scene(Rect(full), PixelRect(x: 0, y: 0, width: 500, height: 375)).minimumDecodeSize(ofImage: 0),
                       Size(width: 1000, height: 750))
        // Cover crop 2250x3000 into 300x400: ceil(2 * 4000 * 300 / 2250) = 1067, 2 * 3000 * 400 / 3000 = 800.
        XCTAssertEqual(scene(Rect(x: 875.5, y: 0, width: 2250, height: 3000), PixelRect(x: 8, y: 8, width: 300, height: 400))
                        .minimumDecodeSize(ofImage: 0), Size(width: 1067, height: 800))
        // A small window enlarged: capped at the oriented size.
        XCTAssertEqual(scene(Rect(x: 0, y: 0, width: 400, height: 300), PixelRect(x: 0, y: 0, width: 500, height: 375))
                        .minimumDecodeSize(ofImage: 0), full)
    }

    func testMinimumDecodeSizeTakesTheMaximumOverDrawsAndSkipsInvisibleOnes() {
        let full = Size(width: 1000, height: 1000)
        let window = Rect(full)
        let scene = Scene(size: Size(width: 500, height: 500), background: .white,
                          images: [SceneImage(orientedSize: full), SceneImage(orientedSize: full)], items: [
            .image(ImageDraw(image: 0, source: window, destination: PixelRect(x: 0, y: 0, width: 100, height: 50))),
            .image(ImageDraw(image: 0, source: window, destination: PixelRect(x: 0, y: 0, width: 60, height: 120))),
            // Off the canvas: does not count.
            .image(ImageDraw(image: 0, source: window, destination: PixelRect(x: 600, y: 0, width: 400, height: 400))),
            .image(ImageDraw(image: 1, source: window, destination: PixelRect(x: -300, y: 0, width: 200, height: 200))),
        ])
        XCTAssertEqual(scene.minimumDecodeSize(ofImage: 0), Size(width: 200, height: 240))
        XCTAssertNil(scene.minimumDecodeSize(ofImage: 1))
        XCTAssertNil(scene.minimumDecodeSize(ofImage: 2))
    }

    func testProviderIsAskedForTheMinimumSizeAndUndrawnImagesAreNotDecoded() throws {
        let full = Size(width: 1000, height: 1000)
        let scene = Scene(size: Size(width: 500, height: 500), background: .white,
                          images: [SceneImage(orientedSize: full), SceneImage(orientedSize: full)], items: [
            .image(ImageDraw(image: 0, source: Rect(full), destination: PixelRect(x: 0, y: 0, width: 100, height: 50))),
            .image(ImageDraw(image: 1, source: Rect(full), destination: PixelRect(x: 0, y: 600, width: 100, height: 50))),
        ])
        let provider = MemoryImageProvider { _, _ in Pixmap(width: 1000, height: 1000, color: .black) }
        _ = try SceneRenderer.render(scene, images: provider, threads: 2)
        XCTAssertEqual(provider.requests.map(\.image), [0])
        XCTAssertEqual(provider.requests.map(\.minimumSize), [Size(width: 200, height: 100)])
    }

    /// The pixel of a decode of `decoded` pixels standing for `full` oriented
    /// pixels: a smooth colour gradient sampled at the pixel's centre, as a
    /// DCT-scaled decode would average it.
    private static func gradient(full: Size, decoded: Size) -> Pixmap {
        TestImages.make(width: decoded.width, height: decoded.height) { x, y in
            let u = (Double(x) + 0.5) * Double(full.width) / Double(decoded.width) / Double(full.width)
            let v = (Double(y) + 0.5) * Double(full.height) / Double(decoded.height) / Double(full.height)
            return Color(red: UInt8(30 + 190 * u), green: UInt8(200 - 150 * v), blue: UInt8(60 + 60 * u * v))
        }
    }

    func testReducedDecodeMapsByItsActualSizeRatio() throws {
        // 1836x1224 at 1/8 is 230x153 (ratio 230/1836, not 1/8).
        let full = Size(width: 1836, height: 1224)
        let window = Rect(x: 300.5, y: 100.25, width: 1200, height: 900)
        let destination = PixelRect(x: 0, y: 0, width: 60, height: 45)
        let scene = Scene.single(canvas: Size(width: 60, height: 45), image: full, window: window, destination: destination)
        let reduced = MemoryImageProvider { _, _ in Self.gradient(full: full, decoded: Size(width: 230, height: 153)) }
        let fullSize = MemoryImageProvider { _, _ in Self.gradient(full: full, decoded: full) }
        let fromReduced = try SceneRenderer.render(scene, images: reduced, threads: 1)
        let fromFull = try SceneRenderer.render(scene, images: fullSize, threads: 1)
        // ceil(2 * 1836 * 60 / 1200) = 184, ceil(2 * 1224 * 45 / 900) = 123.
        XCTAssertEqual(reduced.requests.first?.minimumSize, Size(width: 184, height: 123))
        for y in 0..<45 {
            for x in 0..<60 {
                let a = fromReduced[x, y], b = fromFull[x, y]
                for (p, q) in [(a.red, b.red), (a.green, b.green), (a.blue, b.blue)] {
                    XCTAssertLessThanOrEqual(abs(Int(p) - Int(q)), 2, "pixel \(x),\(y): \(a) vs \(b)")
                }
            }
        }
        // And the picture is the gradient at the window's place: the centre
        // of output pixel (0, 0) is source (310.5, 110.25).
        XCTAssertEqual(Int(fromFull[0, 0].red), 30 + Int(190 * 310.5 / 1836), accuracy: 2)
        XCTAssertEqual(Int(fromFull[0, 0].green), 200 - Int(150 * 110.25 / 1224), accuracy: 2)
    }

    func testReducedConstantDecodeGivesTheExactColour() throws {
        let color = Color(red: 12, green: 150, blue: 240)
        let full = Size(width: 4000, height: 3000)
        let scene = Scene.single(canvas: Size(width: 120, height: 90), image: full, window: Rect(x: 100, y: 50, width: 3200, height: 2400),
                                 destination: PixelRect(x: 0, y: 0, width: 120, height: 90))
        let provider = MemoryImageProvider { _, _ in Pixmap(width: 500, height: 375, color: color) }
        let canvas = try SceneRenderer.render(scene, images: provider, threads: 1)
        XCTAssertEqual(canvas, Pixmap(width: 120, height: 90, color: color))
    }

    // MARK: parallelism and determinism

    /// Six images (some with alpha), overlapping and separate draws, opacity,
    /// a fill and a mask: every path of the renderer.
    private func busyScene() -> (Scene, [Pixmap]) {
        let pixmaps = (0..<6).map { i in
            TestImages.random(width: 40 + 17 * i, height: 90 - 9 * i, seed: UInt64(i + 1), opaque: i % 2 == 0)
        }
        var items: [SceneItem] = []
        for (i, p) in pixmaps.enumerated() {
            let destination = PixelRect(x: (i % 3) * 70, y: (i / 3) * 70, width: 64, height: 64)
            items.append(.image(ImageDraw(image: i, source: Rect(x: 1.5, y: 2.25, width: Double(p.width) - 3, height: Double(p.height) - 5),
                                          destination: destination, opacity: i == 4 ? 0.6 : 1)))
        }
        items.append(.fill(PixelRect(x: 10, y: 10, width: 30, height: 100), Color(red: 255, green: 0, blue: 0, alpha: 100)))
        items.append(.image(ImageDraw(image: 2, source: Rect(x: 0, y: 0, width: 20, height: 20),
                                      destination: PixelRect(x: 50, y: 50, width: 50, height: 50),
                                      clip: PixelRect(x: 55, y: 55, width: 60, height: 30))))
        items.append(.mask(MaskDraw(mask: CoverageMask(width: 80, height: 3, coverage: (0..<240).map { UInt8($0) }),
                                    originX: 100, originY: 60, color: .white)))
        let scene = Scene(size: Size(width: 210, height: 140), background: Color(red: 20, green: 30, blue: 40, alpha: 200),
                          images: pixmaps.map { SceneImage(orientedSize: $0.size) }, items: items)
        return (scene, pixmaps)
    }

    func testSameBytesForAnyThreadCount() throws {
        let (scene, pixmaps) = busyScene()
        let one = try SceneRenderer.render(scene, images: MemoryImageProvider(pixmaps), threads: 1)
        for threads in [2, 4, 9] {
            let many = try SceneRenderer.render(scene, images: MemoryImageProvider(pixmaps), threads: threads)
            XCTAssertEqual(many, one, "threads \(threads)")
        }
        XCTAssertNotEqual(one[5, 5], scene.background)
    }

    func testDirectAndInOrderCompositingAgree() throws {
        // Alone, each draw is written straight to the canvas by its worker;
        // an earlier transparent fill over everything forces the in-order
        // path. The pixels must not change.
        for opaque in [true, false] {
            let photo = TestImages.random(width: 50, height: 40, seed: 99, opaque: opaque)
            let draw = SceneItem.image(ImageDraw(image: 0, source: Rect(x: 3.5, y: 1.25, width: 41, height: 33),
                                                 destination: PixelRect(x: 4, y: 6, width: 30, height: 25), opacity: 0.75))
            let drawFull = SceneItem.image(ImageDraw(image: 0, source: Rect(x: 3.5, y: 1.25, width: 41, height: 33),
                                                     destination: PixelRect(x: 4, y: 40, width: 30, height: 25)))
            let images = [SceneImage(orientedSize: photo.size)]
            let direct = Scene(size: Size(width: 40, height: 70), background: .white, images: images, items: [draw, drawFull])
            let inOrder = Scene(size: Size(width: 40, height: 70), background: .white, images: images,
                                items: [.fill(PixelRect(x: 0, y: 0, width: 40, height: 70), .transparent), draw, drawFull])
            XCTAssertEqual(try RenderPlan(direct).direct, [true, true])
            XCTAssertEqual(try RenderPlan(inOrder).direct, [false, false, false])
            XCTAssertEqual(try SceneRenderer.render(direct, images: MemoryImageProvider([photo]), threads: 2),
                           try SceneRenderer.render(inOrder, images: MemoryImageProvider([photo]), threads: 2))
        }
    }

    func testLargestDecodeFirst() throws {
        let sizes = [Size(width: 100, height: 100), Size(width: 400, height: 300), Size(width: 200, height: 200), Size(width: 400, height: 300)]
        let items = sizes.indices.map { i in
            SceneItem.image(ImageDraw(image: i, source: Rect(sizes[i]),
                                      destination: PixelRect(x: 0, y: i * 10, width: sizes[i].width / 2, height: sizes[i].height / 2)))
        }
        let scene = Scene(size: Size(width: 300, height: 300), background: .white,
                          images: sizes.map { SceneImage(orientedSize: $0) }, items: items)
        let provider = MemoryImageProvider { i, _ in Pixmap(width: sizes[i].width, height: sizes[i].height, color: .black) }
        _ = try SceneRenderer.render(scene, images: provider, threads: 1)
        XCTAssertEqual(provider.requests.map(\.image), [1, 3, 2, 0])
    }

    /// The provider hears once per render that no image is left to decode
    /// (`ImageProvider.noMoreImagesToDecode`: the JPEG decoder then drops
    /// the coefficient pages it keeps for the next decode). With one thread
    /// that is after every decode was asked for; with more, after every
    /// image was taken, so at most the other workers' last decodes can still
    /// be unasked.
    func testTheProviderHearsOnceThatNoImageIsLeft() throws {
        let count = 7
        let items = (0 ..< count).map { i in
            SceneItem.image(ImageDraw(image: i, source: Rect(x: 0, y: 0, width: 40, height: 30),
                                      destination: PixelRect(x: i * 20, y: 0, width: 20, height: 15)))
        }
        let scene = Scene(size: Size(width: 140, height: 15), background: .white,
                          images: (0 ..< count).map { _ in SceneImage(orientedSize: Size(width: 40, height: 30)) }, items: items)
        for threads in [1, 2, 3] {
            let provider = MemoryImageProvider { _, _ in Pixmap(width: 40, height: 30, color: .black) }
            _ = try SceneRenderer.render(scene, images: provider, threads: threads)
            XCTAssertEqual(provider.requests.count, count, "\(threads) threads")
            XCTAssertEqual(provider.noMoreImagesCalls.count, 1, "\(threads) threads: calls")
            let asked = try XCTUnwrap(provider.noMoreImagesCalls.first)
            if threads == 1 {
                XCTAssertEqual(asked, count)
            } else {
                // Workers: one more than the threads (SceneRenderer's extra one).
                XCTAssertGreaterThanOrEqual(asked, count - threads, "\(threads) threads")
            }
        }
        // A failing decode still ends the render's decodes with the call.
        let failing = MemoryImageProvider(failing: [2]) { _, _ in Pixmap(width: 40, height: 30, color: .black) }
        XCTAssertThrowsError(try SceneRenderer.render(scene, images: failing, threads: 1))
        XCTAssertEqual(failing.noMoreImagesCalls, [count])
    }

    func testEqualCellsGoLargestStoredPhotoFirst() throws {
        // A grid of equal cells: every photo needs the same 200x200 decode,
        // so the stored pixel count (entropy decoding) decides; 12 MP ties go by index.
        let sizes = [Size(width: 1000, height: 1000), Size(width: 4000, height: 3000), Size(width: 2000, height: 2000),
                     Size(width: 3000, height: 4000)]
        let items = sizes.indices.map { i in
            SceneItem.image(ImageDraw(image: i, source: Rect(sizes[i]), destination: PixelRect(x: i * 100, y: 0, width: 100, height: 100)))
        }
        let scene = Scene(size: Size(width: 400, height: 100), background: .white,
                          images: sizes.map { SceneImage(orientedSize: $0) }, items: items)
        XCTAssertEqual(try RenderPlan(scene).decodeSizes, Array(repeating: Size(width: 200, height: 200), count: 4))
        XCTAssertEqual(try RenderPlan(scene).decodeOrder, [1, 3, 2, 0])
        XCTAssertEqual(RenderPlan.workEstimate(stored: Size(width: 4000, height: 3000), decoded: Size(width: 1000, height: 750)),
                       13_500_000)
    }

    func testAFullSizeDecodeTheProviderForeseesGoesFirst() throws {
        // Same cells and stored sizes within 20%; the provider says photo 0
        // decodes at full size (no DCT step fits) and the others at 1/4, so
        // photo 0 is the most work although it is the smallest file.
        let sizes = [Size(width: 1000, height: 800), Size(width: 1200, height: 800), Size(width: 1100, height: 800)]
        let items = sizes.indices.map { i in
            SceneItem.image(ImageDraw(image: i, source: Rect(sizes[i]), destination: PixelRect(x: i * 100, y: 0, width: 100, height: 80)))
        }
        let scene = Scene(size: Size(width: 300, height: 80), background: .white,
                          images: sizes.map { SceneImage(orientedSize: $0) }, items: items)
        XCTAssertEqual(try RenderPlan(scene).decodeOrder, [1, 2, 0])
        let foreseen = try RenderPlan(scene) { image, _ in
            image == 0 ? sizes[0] : Size(width: sizes[image].width / 4, height: sizes[image].height / 4)
        }
        XCTAssertEqual(foreseen.decodeOrder, [0, 1, 2])
    }

    // MARK: errors

    func testProviderErrorOfTheLowestImageIsRethrown() {
        let (scene, pixmaps) = busyScene()
        for threads in [1, 3] {
            let provider = MemoryImageProvider(pixmaps, failing: [3, 1, 5])
            XCTAssertThrowsError(try SceneRenderer.render(scene, images: provider, threads: threads)) { error in
                XCTAssertEqual(error as? TestDecodeError, TestDecodeError(image: 1))
            }
        }
    }

    func testInvalidScenesThrowInsteadOfTrapping() {
        let provider = MemoryImageProvider([Pixmap(width: 4, height: 4, color: .black)])
        let image = [SceneImage(orientedSize: Size(width: 4, height: 4))]
        func draw(_ index: Int, _ window: Rect, opacity: Double = 1) -> SceneItem {
            .image(ImageDraw(image: index, source: window, destination: PixelRect(x: 0, y: 0, width: 4, height: 4), opacity: opacity))
        }
        let cases: [(Scene, SceneRenderError)] = [
            (Scene(size: Size(width: -1, height: 4), background: .white), .invalidCanvasSize(Size(width: -1, height: 4))),
            (Scene(size: Size(width: Int.max, height: 2), background: .white), .invalidCanvasSize(Size(width: Int.max, height: 2))),
            (Scene(size: Size(width: 4, height: 4), background: .white, images: image, items: [draw(1, Rect(x: 0, y: 0, width: 4, height: 4))]),
             .imageIndexOutOfRange(item: 0, image: 1)),
            (Scene(size: Size(width: 4, height: 4), background: .white, images: image,
                   items: [.fill(PixelRect(x: 0, y: 0, width: 1, height: 1), .black), draw(0, Rect(x: 0, y: 0, width: 0, height: 4))]),
             .invalidDraw(item: 1)),
            (Scene(size: Size(width: 4, height: 4), background: .white, images: image, items: [draw(0, Rect(x: .nan, y: 0, width: 4, height: 4))]),
             .invalidDraw(item: 0)),
            (Scene(size: Size(width: 4, height: 4), background: .white, images: image,
                   items: [draw(0, Rect(x: 0, y: 0, width: 4, height: 4), opacity: .infinity)]), .invalidDraw(item: 0)),
            (Scene(size: Size(width: 4, height: 4), background: .white, images: [SceneImage(orientedSize: Size(width: 0, height: 3))]),
             .emptyImage(image: 0)),
        ]
        for (scene, expected) in cases {
            XCTAssertThrowsError(try SceneRenderer.render(scene, images: provider, threads: 2)) { error in
                XCTAssertEqual(error as? SceneRenderError, expected)
            }
        }
        let empty = MemoryImageProvider([Pixmap(width: 0, height: 0)])
        let scene = Scene(size: Size(width: 4, height: 4), background: .white, images: image, items: [draw(0, Rect(x: 0, y: 0, width: 4, height: 4))])
        XCTAssertThrowsError(try SceneRenderer.render(scene, images: empty, threads: 1)) { error in
            XCTAssertEqual(error as? SceneRenderError, .emptyDecode(image: 0))
        }
    }

    func testFarOffWindowsAndHugeDestinationsDoNotTrap() throws {
        let photo = Pixmap(width: 8, height: 8, color: .black)
        let scene = Scene(size: Size(width: 16, height: 16), background: .white,
                          images: [SceneImage(orientedSize: photo.size)], items: [
            .image(ImageDraw(image: 0, source: Rect(x: 1e300, y: -1e300, width: 4, height: 4),
                             destination: PixelRect(x: 0, y: 0, width: 8, height: 8))),
            .image(ImageDraw(image: 0, source: Rect(x: 0, y: 0, width: 8, height: 8),
                             destination: PixelRect(x: 8, y: 8, width: 1 << 40, height: 1 << 40))),
            .image(ImageDraw(image: 0, source: Rect(x: -1e200, y: 0, width: 1e300, height: 1e250),
                             destination: PixelRect(x: 0, y: 12, width: 2, height: 2))),
        ])
        let canvas = try SceneRenderer.render(scene, images: MemoryImageProvider([photo]), threads: 2)
        XCTAssertEqual(canvas[12, 12], .black)
        XCTAssertEqual(canvas[3, 12], .white)
        // Kernels that miss the photo entirely give transparent output:
        // the far-off windows draw nothing.
        for y in 0..<8 { for x in 0..<8 { XCTAssertEqual(canvas[x, y], .white) } }
        XCTAssertEqual(canvas[1, 13], .white)
    }
}
