import CollageLayout
import CollageText
import CollageRaster
import CollageSpec
import XCTest

/// The frames and nodes of effects: background image pieces, the blurred
/// letterbox's cover window, filters and blend modes carried to the scene.
final class EffectsLayoutTests: XCTestCase {
    private func background(_ fit: BackgroundImageSpec.Fit, canvas: Size, image: Size,
                            focus: (Double, Double) = (0.5, 0.5)) throws -> (Layout, Scene) {
        var spec = makeSpec(photos: 0, width: canvas.width, height: canvas.height)
        var bg = BackgroundImageSpec(path: "/bg.png", src: "bg.png", srcLocation: at(3, 20))
        bg.fit = fit; bg.focusX = focus.0; bg.focusY = focus.1
        bg.filters = [FilterSpec(.sepia, 0.5)]
        bg.blur = fit == .tile ? 0 : 4
        spec.canvas.image = bg
        let layout = try LayoutEngine.layout(spec, photoSizes: [], backgroundImageSize: image)
        return (layout, try SceneBuilder.build(spec, layout: layout).scene)
    }

    func testTilesRepeatAtNativeSizeFromTheTopLeftCorner() throws {
        let (layout, scene) = try background(.tile, canvas: Size(width: 100, height: 50), image: Size(width: 40, height: 30))
        XCTAssertEqual(layout.images.last?.owner, .background)
        XCTAssertEqual(layout.images.last?.role, "background image")
        let pieces = try XCTUnwrap(layout.background).pieces
        XCTAssertEqual(pieces.map(\.destination), [r(0, 0, 40, 30), r(40, 0, 40, 30), r(80, 0, 20, 30),
                                                   r(0, 30, 40, 20), r(40, 30, 40, 20), r(80, 30, 20, 20)])
        // A cut copy shows the top-left part of the image, at 1:1.
        XCTAssertEqual(pieces[5].source, Rect(x: 0, y: 0, width: 20, height: 20))
        XCTAssertEqual(scene.items.count, 6)
        guard case .image(let draw) = scene.items[2] else { return XCTFail("\(scene.items)") }
        XCTAssertEqual(draw.filters, [.sepia(0.5)])
        XCTAssertEqual(draw.edges, .extended)
    }

    /// A 1 x 1 px tile on a 16384 x 16384 canvas would be 268 million
    /// draws (the render hung, then ran out of memory): more copies than
    /// `BackgroundFrame.maxTileCopies` is an error at the image's `src`
    /// that names the count and the smallest image that fits.
    func testTooManyTileCopiesIsAnErrorAtTheImage() throws {
        XCTAssertThrowsError(try background(.tile, canvas: Size(width: 16384, height: 16384), image: Size(width: 1, height: 1))) { error in
            guard let list = error as? DiagnosticList, let first = list.diagnostics.first else { return XCTFail("\(error)") }
            XCTAssertEqual(list.diagnostics.count, 1)
            XCTAssertEqual(first.kind, .outOfRange)
            XCTAssertEqual(first.location, at(3, 20))
            XCTAssertEqual(first.message, "the tile image 'bg.png' is 1 × 1 px: 268435456 copies would cover the 16384 × 16384 canvas; the most is 65536")
            XCTAssertEqual(first.notes, ["use an image of at least 64 × 64 px, or 'fit: cover'"])
        }
        // 64 x 64 on 16384 x 16384 is exactly the most; 100 x 7 on 300 x 300 is 3 x 43 copies.
        XCTAssertEqual(try background(.tile, canvas: Size(width: 16384, height: 16384), image: Size(width: 64, height: 64)).0
            .background?.pieces.count, 65536)
        XCTAssertEqual(try background(.tile, canvas: Size(width: 300, height: 300), image: Size(width: 100, height: 7)).0
            .background?.pieces.count, 129)
    }

    func testCoverAndContainBackgrounds() throws {
        let (cover, coverScene) = try background(.cover, canvas: Size(width: 200, height: 100), image: Size(width: 400, height: 400),
                                                 focus: (0.5, 0))
        // 400 x 400 covering 200 x 100: a 400 x 200 window at the top (focus y 0).
        XCTAssertEqual(cover.background?.pieces, [.init(source: Rect(x: 0, y: 0, width: 400, height: 200), destination: r(0, 0, 200, 100))])
        guard case .image(let draw) = coverScene.items[0] else { return XCTFail("\(coverScene.items)") }
        XCTAssertEqual(draw.filters, [.sepia(0.5), .blur(4)])   // the filter, then the blur
        let (contain, _) = try background(.contain, canvas: Size(width: 200, height: 100), image: Size(width: 400, height: 400))
        XCTAssertEqual(contain.background?.pieces.map(\.destination), [r(50, 0, 100, 100)])
    }

    /// A tall photo contained in a wide cell: the letterbox leaf covers the
    /// cell with the centred window of the photo, under the photo's filters and
    /// the blur, with a black layer of `dim` over it; the photo's blend is the print group's.
    func testBlurredLetterboxCoversTheCellWithThePhotosFilters() throws {
        var spec = makeSpec(photos: 1, width: 300, height: 200, fit: .contain)
        spec.photos[0].letterbox = .blur(blur: 6, dim: 0.5)
        spec.photos[0].filters = [FilterSpec(.grayscale, 1)]
        spec.photos[0].blend = .multiply
        let layout = try LayoutEngine.layout(spec, photoSizes: [Size(width: 240, height: 480)])
        // Cover 300 x 200 by 240 x 480: scale 1.25, the window 240 x 160 about the centre.
        XCTAssertEqual(layout.photos[0].letterbox, .blur(source: Rect(x: 0, y: 160, width: 240, height: 160), blur: 6, dim: 0.5))
        let scene = try SceneBuilder.build(spec, layout: layout).scene
        guard case .group(let print) = scene.nodes[0] else { return XCTFail("\(scene.nodes)") }
        XCTAssertEqual(print.blend, .multiply)
        guard case .image(let letterbox) = print.children[0], case .path(let dim) = print.children[1],
              case .image(let picture) = print.children[2] else { return XCTFail("\(print.children)") }
        XCTAssertEqual(letterbox.bounds, Rect(x: -150, y: -100, width: 300, height: 200))
        XCTAssertEqual(letterbox.filters, [.grayscale(1), .blur(6)])
        XCTAssertEqual(letterbox.edges, .extended)
        XCTAssertEqual(dim.paint, .solid(Color(red: 0, green: 0, blue: 0, alpha: 128)))
        XCTAssertEqual(picture.filters, [.grayscale(1)])
        XCTAssertEqual(picture.edges, .transparent)
        guard case .beginLayer(let layer) = scene.items[0] else { return XCTFail("\(scene.items)") }
        XCTAssertEqual(layer.blend, .multiply)
    }
}
