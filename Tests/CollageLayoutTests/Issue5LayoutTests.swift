@testable import CollageLayout
import CollageText
import CollageRaster
import CollageSpec
import XCTest

/// Exact frames of the issue-5 layouts: grid weights and spans, free
/// frames (both forms), justified breaks, crop/zoom windows, image overlays.
final class Issue5LayoutTests: XCTestCase {
    private let landscape = Size(width: 400, height: 300)

    func testGridWeightsSnapWithTiesToTheRight() throws {
        // 1000 px by weights [1, 1, 1] -> 333, 333, 334; [2, 1, 1] over 1001 -> 500.5, 250.25, 250.25
        // -> 500, 250, 250 and 1 px left to the largest remainder (0.5): the first.
        var spec = makeSpec(photos: 3, width: 1001, height: 100, kind: .grid(columns: 3, rows: 1))
        spec.layout.columnWidths = [2, 1, 1]
        let layout = try LayoutEngine.layout(spec, photoSizes: Array(repeating: landscape, count: 3))
        XCTAssertEqual(layout.photos.map(\.cell), [r(0, 0, 501, 100), r(501, 0, 250, 100), r(751, 0, 250, 100)])
        // Equal remainders: the rightmost part wins (1002 by [1, 2, 1] -> 250.5, 501, 250.5 -> the third gets it).
        XCTAssertEqual(Snapping.split(1002, weights: [1, 2, 1]), [250, 501, 251])
    }

    func testGridSpansIncludeGapsAndOthersFlowAround() throws {
        // 3 x 2 grid, 620 x 420, gap 10, padding 0: columns 200, 200, 200 at 0, 210, 420; rows 205 at 0, 215.
        var spec = makeSpec(photos: 4, width: 620, height: 420, kind: .grid(columns: 3, rows: 2), gap: 10)
        spec.photos[1].cell = GridCellSpec(column: 2, row: 1, columnSpan: 2, rowSpan: 2, location: at(20, 3))
        // 4 photos: the span takes 4 of 6 cells, so only 2 remain: an error at `rows`.
        spec.layout.rowsLocation = at(6, 9)
        assertDiagnostic(.outOfRange, at: at(6, 9)) { () throws(DiagnosticList) in
            try LayoutEngine.layout(spec, photoSizes: Array(repeating: landscape, count: 4))
        }
        spec.photos.removeLast()
        let layout = try LayoutEngine.layout(spec, photoSizes: Array(repeating: landscape, count: 3))
        XCTAssertEqual(layout.photos.map(\.cell), [
            r(0, 0, 200, 205),       // flows into column 1, row 1
            r(210, 0, 410, 420),     // columns 2-3 and rows 1-2 with the gaps they cross
            r(0, 215, 200, 205),     // flows into column 1, row 2
        ])
    }

    func testGridOverlapOutOfRangeAndTooManyPhotos() {
        var spec = makeSpec(photos: 2, width: 600, height: 400, kind: .grid(columns: 2, rows: 2))
        spec.photos[0].cell = GridCellSpec(column: 1, row: 1, columnSpan: 2, location: at(20, 3))
        spec.photos[1].cell = GridCellSpec(column: 2, row: 1, location: at(21, 3))
        assertDiagnostic(.invalidValue, at: at(21, 3)) { () throws(DiagnosticList) in
            try LayoutEngine.layout(spec, photoSizes: [landscape, landscape])
        }
        spec.photos[1].cell = GridCellSpec(column: 3, row: 1, location: at(21, 3))
        assertDiagnostic(.outOfRange, at: at(21, 3)) { () throws(DiagnosticList) in
            try LayoutEngine.layout(spec, photoSizes: [landscape, landscape])
        }
        // A 2 x 2 grid with a 2 x 2 cell leaves no room for a second photo: error at `rows`.
        spec.photos[0].cell = GridCellSpec(column: 1, row: 1, columnSpan: 2, rowSpan: 2, location: at(20, 3))
        spec.photos[1].cell = nil
        spec.layout.rowsLocation = at(6, 9)
        assertDiagnostic(.outOfRange, at: at(6, 9)) { () throws(DiagnosticList) in
            try LayoutEngine.layout(spec, photoSizes: [landscape, landscape])
        }
    }

    func testGridGrowsRowsAroundPlacedCells() throws {
        // rows omitted: a cell in row 3 makes three rows; the flowing photo takes (1, 1).
        var spec = makeSpec(photos: 2, width: 200, height: 300, kind: .grid(columns: 2, rows: nil))
        spec.photos[0].cell = GridCellSpec(column: 2, row: 3, location: at(20, 3))
        let layout = try LayoutEngine.layout(spec, photoSizes: [landscape, landscape])
        XCTAssertEqual(layout.photos.map(\.cell), [r(100, 200, 100, 100), r(0, 0, 100, 100)])
    }

    func testFreeFrameAndAnchoredForms() throws {
        var spec = makeSpec(photos: 3, width: 1000, height: 800, kind: .free)
        // Edges rounded half away from zero: 10.5 -> 11, 10.5 + 99.4 = 109.9 -> 110.
        spec.photos[0].placement = .frame(x: 10.5, y: 20.25, width: 99.4, height: 50)
        // bottomRight at (1000, 800), width 200 keeps 4:3 -> 150 high, moved by (-20, -30).
        spec.photos[1].placement = .anchored(anchor: .bottomRight, offsetX: -20, offsetY: -30, width: 200, height: nil)
        // center, height 100 -> width 133.33: x = 500 - 66.67 = 433.33 -> 433, right 566.67 -> 567.
        spec.photos[2].placement = .anchored(anchor: .center, offsetX: 0, offsetY: 0, width: nil, height: 100)
        let layout = try LayoutEngine.layout(spec, photoSizes: Array(repeating: landscape, count: 3))
        XCTAssertEqual(layout.photos.map(\.cell), [r(11, 20, 99, 50), r(780, 620, 200, 150), r(433, 350, 134, 100)])
    }

    func testJustifiedBreaksByLeastSquares() throws {
        // Width 1000, gap 0, rowHeight 200. Aspects 2, 2, 1, 1, 2 (800x400 or 400x400).
        // Candidate rows: [2,2] -> 250; [2,2,1] -> 200; [1,1,2] as the last row -> 250 capped to 200 (cost 0).
        // [2,2,1] + [1,2] (last, 333.3 capped to 200): cost 0 + 0 = 0, the optimum.
        let sizes = [Size(width: 800, height: 400), Size(width: 800, height: 400), Size(width: 400, height: 400),
                     Size(width: 400, height: 400), Size(width: 800, height: 400)]
        let rows = JustifiedLayout.rows(aspects: sizes.map { Double($0.width) / Double($0.height) },
                                        width: 1000, gap: 0, rowHeight: 200)
        XCTAssertEqual(rows.map(\.photos), [0 ..< 3, 3 ..< 5])
        XCTAssertEqual(rows.map(\.height), [200, 200])
        let spec = makeSpec(photos: 5, width: 1000, height: nil, kind: .justified(rowHeight: 200), gap: 0)
        let layout = try LayoutEngine.layout(spec, photoSizes: sizes)
        // Row 1: widths 400, 400, 200; last row not stretched: 200 + 400 at height 200.
        XCTAssertEqual(layout.photos.map(\.cell), [r(0, 0, 400, 200), r(400, 0, 400, 200), r(800, 0, 200, 200),
                                                   r(0, 200, 200, 200), r(200, 200, 400, 200)])
        XCTAssertEqual(layout.canvas, Size(width: 1000, height: 400))
    }

    func testJustifiedDerivedCanvasHeightIsBounded() {
        // 100 square photos at rowHeight 20000 on a 20000 px wide canvas: one per row, 2 million px high.
        let spec = makeSpec(photos: 100, width: 20000, height: nil, kind: .justified(rowHeight: 20000))
        assertDiagnostic(.outOfRange, at: at(5, 1)) { () throws(DiagnosticList) in
            try LayoutEngine.layout(spec, photoSizes: Array(repeating: Size(width: 10, height: 10), count: 100))
        }
    }

    func testJustifiedNotGreedyAndSnapsWidths() throws {
        // Width 610, gap 10, rowHeight 100, aspects [3, 3, 1]: greedy would take [3, 3] (height 100, cost 0)
        // and leave [1] (last row at 100, cost 0) -- also optimal here, so check the snapping instead:
        // row [3,3]: (610 - 10) / 6 = 100 high, widths 300, 300; last row [1] at 100: width 100.
        let sizes = [Size(width: 300, height: 100), Size(width: 300, height: 100), Size(width: 100, height: 100)]
        let spec = makeSpec(photos: 3, width: 610, height: nil, kind: .justified(rowHeight: 100), gap: 10, padding: 0)
        let layout = try LayoutEngine.layout(spec, photoSizes: sizes)
        XCTAssertEqual(layout.photos.map(\.cell), [r(0, 0, 300, 100), r(310, 0, 300, 100), r(0, 110, 100, 100)])
        XCTAssertEqual(layout.canvas.height, 210)
        // Aspects [1.5, 1.5, 1.5, 1.5], width 400, rowHeight 100: one row of 4 is 66.7 (cost 1111),
        // 2 + 2 gives 133.3 and a last row capped at 100 (cost 1111 + 0); 3 + 1 gives 88.9 + 0 (cost 123): chosen.
        let rows = JustifiedLayout.rows(aspects: [1.5, 1.5, 1.5, 1.5], width: 400, gap: 0, rowHeight: 100)
        XCTAssertEqual(rows.map(\.photos), [0 ..< 3, 3 ..< 4])
        XCTAssertEqual(rows[0].height, 400.0 / 4.5, accuracy: 1e-12)
    }

    func testCropAndZoomWindows() {
        // 400x300 photo, crop the right half (x 0.5, width 0.5 -> 200x300 px at x 200), cover a 100x100 cell:
        // window 200x200 centred on focus 0.5 -> y 50.
        var photo = PhotoSpec(path: "/p.jpg", src: "p.jpg", srcLocation: at(1, 1), id: "p")
        photo.crop = CropSpec(x: 0.5, y: 0, width: 0.5, height: 1)
        let cell = r(0, 0, 100, 100)
        XCTAssertEqual(CropWindow.place(photo, size: landscape, cell: cell).source, Rect(x: 200, y: 50, width: 200, height: 200))
        // zoom 2 halves it about the focus: 100x100 centred at (300, 150).
        photo.zoom = 2
        XCTAssertEqual(CropWindow.place(photo, size: landscape, cell: cell).source, Rect(x: 250, y: 100, width: 100, height: 100))
        // zoom 4 with focus at the crop's top-left corner: 50x50 clamped inside the crop at (200, 0).
        photo.zoom = 4; photo.focusX = 0; photo.focusY = 0
        XCTAssertEqual(CropWindow.place(photo, size: landscape, cell: cell).source, Rect(x: 200, y: 0, width: 50, height: 50))
        // contain of the crop (200x300) in a 300x300 cell: 200x300 centred -> x 50.
        var contain = PhotoSpec(path: "/p.jpg", src: "p.jpg", srcLocation: at(1, 1), id: "p", fit: .contain)
        contain.crop = CropSpec(x: 0.5, y: 0, width: 0.5, height: 1)
        let placed = CropWindow.place(contain, size: landscape, cell: r(0, 0, 300, 300))
        XCTAssertEqual(placed.source, Rect(x: 200, y: 0, width: 200, height: 300))
        XCTAssertEqual(placed.destination, r(50, 0, 200, 300))
    }

    func testImageOverlayBoxes() throws {
        var spec = makeSpec(photos: 2, width: 1000, height: 500, kind: .grid(columns: 2, rows: 1))
        spec.photos[1].id = "second"
        let logo = ImageOverlaySpec(path: "/logo.png", src: "logo.png", srcLocation: at(30, 10), width: .percent(10),
                                    shadow: DropShadow(offsetX: 3, blur: 8))
        var inCell = ImageOverlaySpec(path: "/sticker.png", src: "sticker.png", srcLocation: at(32, 10), height: .pixels(50))
        inCell.shadow = nil
        var cellOverlay = OverlaySpec(kind: .image(inCell), anchor: .topLeft, offsetX: .pixels(-20), offsetY: .percent(-4),
                                      location: at(32, 5))
        cellOverlay.photo = "second"
        cellOverlay.rotation = 30
        cellOverlay.opacity = 0.25
        var caption = OverlaySpec.text("caption", location: at(31, 5))
        caption.photo = "second"
        spec.overlays = [OverlaySpec(kind: .image(logo), anchor: .bottomRight, offsetX: .pixels(-20), offsetY: .percent(-4),
                                     location: at(30, 5)),
                         caption, cellOverlay]
        let layout = try LayoutEngine.layout(spec, photoSizes: [landscape, landscape],
                                             overlayImageSizes: [0: Size(width: 200, height: 100), 2: Size(width: 300, height: 100)])
        let canvas = r(0, 0, 1000, 500), second = r(500, 0, 500, 500)
        XCTAssertEqual(layout.overlays, [
            // 10% of 1000 = 100 wide, 50 high; bottomRight (1000, 500) - box + (-20, -4% of 500 = -20).
            OverlayFrame(overlay: 0, area: canvas, kind: OverlayFrameKind(ImageOverlayFrame(
                image: 2, box: r(880, 430, 100, 50), size: Size(width: 200, height: 100), shadow: DropShadow(offsetX: 3, blur: 8)))),
            // Text: only its area is known before the fonts.
            OverlayFrame(overlay: 1, area: second, kind: OverlayFrameKind(TextOverlaySpec(text: "caption"))),
            // In photo 1's cell (500, 0, 500x500): 50 high -> 150 wide; offset -20 and -4% of 500 = -20.
            OverlayFrame(overlay: 2, area: second, rotation: 30, opacity: 0.25, kind: OverlayFrameKind(ImageOverlayFrame(
                image: 3, box: r(480, -20, 150, 50), size: Size(width: 300, height: 100)))),
        ])
        // The image table: the photos, then the image overlays, each naming its owner.
        XCTAssertEqual(layout.images.map(\.owner), [.photo(0), .photo(1), .overlay(0), .overlay(2)])
        XCTAssertEqual(layout.images.map(\.src), ["p0.jpg", "p1.jpg", "logo.png", "sticker.png"])
        XCTAssertEqual(layout.images.map(\.size), [landscape, landscape, Size(width: 200, height: 100), Size(width: 300, height: 100)])
        XCTAssertEqual(layout.images.map(\.role), ["photo", "photo", "overlay image", "overlay image"])
        XCTAssertEqual(layout.photos.map(\.image), [0, 1])

        // The scene draws each image from the table, the overlays in list order.
        let built = try SceneBuilder.build(spec, layout: layout)
        XCTAssertEqual(built.scene.images.map(\.orientedSize), layout.images.map(\.size))
        let overlayDraws = built.scene.items.compactMap { item -> ImageDraw? in
            if case .image(let draw) = item, draw.image >= 2, draw.shadow == nil { draw } else { nil }
        }
        XCTAssertEqual(overlayDraws.map(\.image), [2, 3])
        // The logo's shadow (cast by its alpha) is the same picture moved by
        // its offset, drawn just before it: σ = blur (CSS drop-shadow, issue 31), default colour.
        let shadowDraws = built.scene.items.compactMap { item -> ImageDraw? in
            if case .image(let draw) = item, draw.shadow != nil { draw } else { nil }
        }
        XCTAssertEqual(shadowDraws.map(\.image), [2])
        XCTAssertEqual(shadowDraws.map(\.destination), [r(883, 430, 100, 50)])
        XCTAssertEqual(shadowDraws.first?.shadow?.sigma, 8)
        XCTAssertEqual(shadowDraws.first?.shadow?.color, Color(red: 0, green: 0, blue: 0, alpha: 128))
        // The first is axis-aligned on its box; the second, turned 30°, is its
        // picture (150x50) mapped about the box centre (555, 5).
        XCTAssertEqual(overlayDraws.map(\.destination), [r(880, 430, 100, 50), r(0, 0, 150, 50)])
        XCTAssertNil(overlayDraws[0].transform)
        let centre = try XCTUnwrap(overlayDraws[1].transform).apply(75, 25)
        XCTAssertEqual(centre.x, 555, accuracy: 1e-9)
        XCTAssertEqual(centre.y, 5, accuracy: 1e-9)
        XCTAssertEqual(overlayDraws.map(\.opacity), [1, 0.25])
        XCTAssertEqual(built.textBlocks.map(\.overlay), [1])

        // A missing size for an image overlay is an internal error at the overlay, not a trap.
        XCTAssertThrowsError(try LayoutEngine.layout(spec, photoSizes: [landscape, landscape],
                                                     overlayImageSizes: [0: Size(width: 200, height: 100)])) { error in
            XCTAssertEqual((error as? DiagnosticList)?.diagnostics.map(\.kind), [.render])
            XCTAssertEqual((error as? DiagnosticList)?.diagnostics.first?.location, at(32, 5))
        }
    }
}
