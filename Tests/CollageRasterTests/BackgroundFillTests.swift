import XCTest
@testable import CollageRaster

/// The canvas background is written only where no opaque direct draw
/// overwrites it (`BackgroundFill`): every other pixel must still read as
/// if the whole canvas had been filled first.
final class BackgroundFillTests: XCTestCase {
    /// Not black, not white, half transparent: a pixel that was never
    /// written, or was blended instead of set, cannot pass for it.
    private let background = Color(red: 10, green: 200, blue: 30, alpha: 128)

    func testDirectOpaqueDrawCoversItsRegionAndTheBackgroundIsExactElsewhere() throws {
        let photo = TestImages.random(width: 50, height: 40, seed: 7)
        let cell = PixelRect(x: 5, y: 7, width: 30, height: 20)
        let draw = SceneItem.image(ImageDraw(image: 0, source: Rect(x: 4.5, y: 2.25, width: 40, height: 30), destination: cell))
        let scene = Scene(size: Size(width: 60, height: 40), background: background,
                          images: [SceneImage(orientedSize: photo.size)], items: [draw])
        XCTAssertEqual(try RenderPlan(scene).direct, [true])
        let canvas = try SceneRenderer.render(scene, images: MemoryImageProvider([photo]), threads: 2)
        // The same draw composited in order, onto a canvas filled first.
        let inOrder = try SceneRenderer.render(forcedInOrder(scene), images: MemoryImageProvider([photo]), threads: 2)
        assertSamePixels(canvas, inOrder)
        var backgroundPixels = 0
        for y in 0 ..< 40 {
            for x in 0 ..< 60 {
                let inside = x >= cell.x && x < cell.maxX && y >= cell.y && y < cell.maxY
                if inside {
                    XCTAssertEqual(canvas[x, y].alpha, 255, "(\(x), \(y))")
                } else {
                    XCTAssertEqual(canvas[x, y], background, "(\(x), \(y))")
                    backgroundPixels += 1
                }
            }
        }
        XCTAssertEqual(backgroundPixels, 60 * 40 - 30 * 20)
    }

    func testDirectDrawsThatBlendHaveTheBackgroundUnderThem() throws {
        let opaque = TestImages.random(width: 50, height: 40, seed: 11)
        let transparent = TestImages.random(width: 50, height: 40, seed: 12, opaque: false)
        let clear = Pixmap(width: 50, height: 40)    // every pixel transparent
        let whole = Rect(x: 0, y: 0, width: 50, height: 40)
        func cell(_ i: Int) -> PixelRect { PixelRect(x: 2 + (i % 3) * 26, y: 2 + (i / 3) * 22, width: 24, height: 20) }
        /// The whole opaque photo as a print in `rect`, turned and rounded.
        func shaped(_ rect: PixelRect, degrees: Double, radius: Double) -> ImageDraw {
            let bounds = Rect(x: -Double(rect.width) / 2, y: -Double(rect.height) / 2,
                              width: Double(rect.width), height: Double(rect.height))
            let leaf = Node.image(ImageLeaf(image: 0, source: whole, bounds: bounds))
            let node = Node.group(Group(transform: Affine.rotation(degrees: degrees)
                .then(.translation(Double(rect.x) + bounds.width / 2, Double(rect.y) + bounds.height / 2)),
                clip: radius > 0 ? .roundedRect(bounds, radius: radius) : nil, children: [leaf]))
            guard case .image(let draw) = SceneFlattener(canvas: Size(width: 80, height: 46)).flatten([node])[0]
            else { fatalError("an image draw") }
            return draw
        }
        let draws: [ImageDraw] = [
            ImageDraw(image: 1, source: whole, destination: cell(0)),                         // transparent pixels
            ImageDraw(image: 0, source: whole, destination: cell(1), opacity: 0.5),           // opacity below 1
            shaped(cell(2), degrees: 0, radius: 6),                                           // rounded
            shaped(PixelRect(x: cell(3).x + 6, y: cell(3).y + 5, width: 12, height: 10), degrees: 30, radius: 0), // rotated, within its cell
            ImageDraw(image: 2, source: whole, destination: cell(4)),                         // nothing opaque at all
            // A window mostly off the photo, a destination partly off the canvas.
            ImageDraw(image: 0, source: Rect(x: 45, y: -30, width: 40, height: 40),
                      destination: PixelRect(x: 60, y: 30, width: 24, height: 20)),
        ]
        let scene = Scene(size: Size(width: 80, height: 46), background: background,
                          images: [opaque, transparent, clear].map { SceneImage(orientedSize: $0.size) },
                          items: draws.map { .image($0) })
        XCTAssertEqual(try RenderPlan(scene).direct, Array(repeating: true, count: draws.count))
        let provider = { MemoryImageProvider([opaque, transparent, clear]) }
        let inOrder = try SceneRenderer.render(forcedInOrder(scene), images: provider(), threads: 1)
        for threads in [1, 3] {
            assertSamePixels(try SceneRenderer.render(scene, images: provider(), threads: threads), inOrder, "threads \(threads)")
        }
        // The transparent photo leaves the background as it was; so do the
        // gaps, the corners the rounded and rotated draws leave, and the
        // part of the canvas no draw reaches.
        for y in cell(4).y ..< cell(4).maxY { for x in cell(4).x ..< cell(4).maxX { XCTAssertEqual(inOrder[x, y], background) } }
        for (x, y) in [(0, 0), (1, 30), (26, 10), (79, 45), (cell(2).x, cell(2).y), (cell(3).x, cell(3).y)] {
            XCTAssertEqual(inOrder[x, y], background, "(\(x), \(y))")
        }
    }

    /// Prints tilted by 15° in a row, 4 px apart: their boxes overlap, their
    /// pictures do not, so their footprints (the coverage's span on each
    /// row) keep them direct; each writes only its spans, and the pixels
    /// equal the in-order render for every thread count.
    func testTiltedPrintsWhoseBoxesOverlapStayDirect() throws {
        let photo = TestImages.random(width: 50, height: 40, seed: 21)
        let whole = Rect(x: 0, y: 0, width: 50, height: 40)
        let canvasSize = Size(width: 90, height: 30)
        func tilted(_ i: Int) -> ImageDraw {
            let bounds = Rect(x: -12, y: -10, width: 24, height: 20)
            let leaf = Node.image(ImageLeaf(image: 0, source: whole, bounds: bounds))
            let node = Node.group(Group(transform: Affine.rotation(degrees: 15)
                .then(.translation(Double(4 + i * 28) + 12, 15)), children: [leaf]))
            guard case .image(let draw) = SceneFlattener(canvas: canvasSize).flatten([node])[0]
            else { fatalError("an image draw") }
            return draw
        }
        let scene = Scene(size: canvasSize, background: background, images: [SceneImage(orientedSize: photo.size)],
                          items: (0 ..< 3).map { .image(tilted($0)) })
        let plan = try RenderPlan(scene)
        XCTAssertEqual(plan.direct, [true, true, true])
        XCTAssertFalse(plan.footprints[0].region.intersection(plan.footprints[1].region).isEmpty,
                       "the boxes overlap, so only footprints can keep the prints direct")
        XCTAssertFalse(plan.footprints[1].intersects(plan.footprints[2]))
        let inOrder = try SceneRenderer.render(forcedInOrder(scene), images: MemoryImageProvider([photo]), threads: 1)
        for threads in [1, 2, 3] {
            assertSamePixels(try SceneRenderer.render(scene, images: MemoryImageProvider([photo]), threads: threads),
                             inOrder, "threads \(threads)")
        }
        // Between two prints, on the row through their centres, the background shows.
        XCTAssertEqual(inOrder[30, 15], background)
        // Prints that really overlap are not direct.
        var touching = scene
        touching.items.append(.image(ImageDraw(image: 0, source: whole, destination: PixelRect(x: 40, y: 12, width: 8, height: 6))))
        XCTAssertEqual(try RenderPlan(touching).direct, [true, false, true, false])
    }

    /// A tiled background is thousands of draws side by side (issue: a
    /// 16 x 16 px tile on 800 x 800 took 5 s to plan, every pair compared):
    /// the plan compares only draws whose regions share a bucket, and the
    /// flags are the pairwise rule's: 60 x 60 tiles of 4 px, direct except
    /// the four under a later 6 x 6 draw at (10, 10), which is not direct either.
    func testManyTilesAreDirectExceptWhereALaterDrawOverlapsThem() throws {
        let whole = Rect(x: 0, y: 0, width: 4, height: 4)
        var items: [SceneItem] = []
        for y in 0 ..< 60 {
            for x in 0 ..< 60 {
                items.append(.image(ImageDraw(image: 0, source: whole, destination: PixelRect(x: x * 4, y: y * 4, width: 4, height: 4))))
            }
        }
        items.append(.image(ImageDraw(image: 0, source: whole, destination: PixelRect(x: 10, y: 10, width: 6, height: 6))))
        let scene = Scene(size: Size(width: 240, height: 240), background: background,
                          images: [SceneImage(orientedSize: Size(width: 4, height: 4))], items: items)
        let direct = try RenderPlan(scene).direct
        // The later draw covers columns and rows 10..<16: tiles 2 and 3 each way.
        let overlapped = Set([2 * 60 + 2, 2 * 60 + 3, 3 * 60 + 2, 3 * 60 + 3, 3600])
        XCTAssertEqual(direct.indices.filter { !direct[$0] }, overlapped.sorted())
        XCTAssertEqual(direct.count, 3601)
    }

    /// Direct draws are found per band of 32 rows: tiles 5 x 7 px with a
    /// 1 px gap, many across band edges (rows 32, 64, 96), leave exactly the
    /// gaps to the background, as the in-order render does.
    func testBackgroundShowsInTheGapsOfManyTilesAcrossBands() throws {
        let photo = TestImages.random(width: 5, height: 7, seed: 31)
        let whole = Rect(x: 0, y: 0, width: 5, height: 7)
        var items: [SceneItem] = []
        for y in stride(from: 0, to: 120, by: 8) {
            for x in stride(from: 0, to: 100, by: 6) {
                items.append(.image(ImageDraw(image: 0, source: whole, destination: PixelRect(x: x, y: y, width: 5, height: 7))))
            }
        }
        let scene = Scene(size: Size(width: 100, height: 120), background: background,
                          images: [SceneImage(orientedSize: photo.size)], items: items)
        XCTAssertEqual(try RenderPlan(scene).direct, Array(repeating: true, count: items.count))
        let canvas = try SceneRenderer.render(scene, images: MemoryImageProvider([photo]), threads: 2)
        assertSamePixels(canvas, try SceneRenderer.render(forcedInOrder(scene), images: MemoryImageProvider([photo]), threads: 2))
        for y in 0 ..< 120 {
            for x in 0 ..< 100 where x % 6 == 5 || y % 8 == 7 {
                XCTAssertEqual(canvas[x, y], background, "(\(x), \(y))")
            }
        }
        XCTAssertEqual(canvas[6, 32].alpha, 255)   // a tile's pixel on a band's first row
    }

    /// Equal pixmaps, or a failure naming the first differing pixel and how many differ.
    private func assertSamePixels(_ actual: Pixmap, _ expected: Pixmap, _ message: String = "",
                                  file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(actual.size, expected.size, message, file: file, line: line)
        guard actual.size == expected.size else { return }
        var differing: [(Int, Int)] = []
        for y in 0 ..< actual.height { for x in 0 ..< actual.width where actual[x, y] != expected[x, y] { differing.append((x, y)) } }
        if let (x, y) = differing.first {
            XCTFail("\(message): \(differing.count) pixels differ, first (\(x), \(y)): \(actual[x, y]) instead of \(expected[x, y])",
                    file: file, line: line)
        }
    }

    /// `scene` with a transparent fill over the whole canvas first, so that
    /// no image draw is direct and the background is filled everywhere
    /// before anything is composited.
    private func forcedInOrder(_ scene: Scene) throws -> Scene {
        var inOrder = scene
        inOrder.items.insert(.fill(PixelRect(x: 0, y: 0, width: scene.size.width, height: scene.size.height), .transparent),
                             at: 0)
        XCTAssertEqual(try RenderPlan(inOrder).direct, [false] + Array(repeating: false, count: scene.items.count))
        return inOrder
    }
}
