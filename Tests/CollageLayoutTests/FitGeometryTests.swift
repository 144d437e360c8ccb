import CollageLayout
import CollageText
import CollageRaster
import CollageSpec
import XCTest

final class FitGeometryTests: XCTestCase {
    func testCoverCropCentredOnTheFocus() {
        let photo = Size(width: 3000, height: 2000), cell = Size(width: 500, height: 500)
        // Square window of the full photo height (2000), centred on x = focus × 3000.
        XCTAssertEqual(FitGeometry.coverCrop(photo: photo, cell: cell, focusX: 0.5, focusY: 0.5),
                       Rect(x: 500, y: 0, width: 2000, height: 2000))
        XCTAssertEqual(FitGeometry.coverCrop(photo: photo, cell: cell, focusX: 0.6, focusY: 0.5),
                       Rect(x: 800, y: 0, width: 2000, height: 2000))
    }

    func testCoverCropIsClampedInsideThePhoto() {
        let photo = Size(width: 3000, height: 2000), cell = Size(width: 500, height: 500)
        XCTAssertEqual(FitGeometry.coverCrop(photo: photo, cell: cell, focusX: 0.9, focusY: 0.5).x, 1000)
        XCTAssertEqual(FitGeometry.coverCrop(photo: photo, cell: cell, focusX: 0.1, focusY: 0.9).x, 0)
        // A wide cell on a portrait photo: full width, 600 px tall window.
        let portrait = Size(width: 2000, height: 3000), wide = Size(width: 1000, height: 300)
        XCTAssertEqual(FitGeometry.coverCrop(photo: portrait, cell: wide, focusX: 0.5, focusY: 0.5),
                       Rect(x: 0, y: 1200, width: 2000, height: 600))
        XCTAssertEqual(FitGeometry.coverCrop(photo: portrait, cell: wide, focusX: 0.5, focusY: 1).y, 2400)
        XCTAssertEqual(FitGeometry.coverCrop(photo: portrait, cell: wide, focusX: 0.5, focusY: 0).y, 0)
    }

    func testCoverCropIsFractional() {
        // 333×1000 cell on 3088×2056: window 333 × 2056/1000 = 684.648 wide,
        // centred on 0.35 × 3088 = 1080.8 → x = 1080.8 − 342.324 = 738.476.
        let crop = FitGeometry.coverCrop(photo: Size(width: 3088, height: 2056),
                                         cell: Size(width: 333, height: 1000), focusX: 0.35, focusY: 0.5)
        XCTAssertEqual(crop.x, 738.476, accuracy: 1e-9)
        XCTAssertEqual(crop.y, 0)
        XCTAssertEqual(crop.width, 684.648, accuracy: 1e-9)
        XCTAssertEqual(crop.height, 2056)
    }

    func testContainRectangleRoundsItsEdgesHalfAwayFromZero() {
        // 3000×2000 in a 500×500 cell at (10, 20): 500 × 333.33, top edge at
        // 20 + 83.33 → 103, bottom 436.67 → 437.
        XCTAssertEqual(FitGeometry.containRect(photo: Size(width: 3000, height: 2000), cell: r(10, 20, 500, 500)),
                       r(10, 103, 500, 334))
        // 200×100 in 100×99: 100 × 50 at y 24.5 → 25, bottom 74.5 → 75.
        XCTAssertEqual(FitGeometry.containRect(photo: Size(width: 200, height: 100), cell: r(0, 0, 100, 99)),
                       r(0, 25, 100, 50))
        // Portrait in a wide cell: 75 wide at x 12.5 → 13, right 87.5 → 88.
        XCTAssertEqual(FitGeometry.containRect(photo: Size(width: 300, height: 400), cell: r(0, 0, 100, 100)),
                       r(13, 0, 75, 100))
    }

    func testContainKeepsAThinPhotoVisible() {
        // 1:163 in 100×100: 0.61 px wide would round to nothing; it gets 1 px.
        XCTAssertEqual(FitGeometry.containRect(photo: Size(width: 1, height: 163), cell: r(0, 0, 100, 100)),
                       r(50, 0, 1, 100))
    }

    func testContainPlacementShowsTheWholePhoto() throws {
        let spec = makeSpec(photos: 2, width: 1000, height: 500, fit: .contain)
        let layout = try LayoutEngine.layout(spec, photoSizes: [Size(width: 3000, height: 2000),
                                                                Size(width: 500, height: 1000)])
        // Cells 500×500; 3000×2000 → 500 × 333.33 at y 83.33 (→ 83 … 416.67 → 417).
        XCTAssertEqual(layout.photos[0].destination, r(0, 83, 500, 334))
        XCTAssertEqual(layout.photos[0].crop, Rect(x: 0, y: 0, width: 3000, height: 2000))
        // 500×1000 → 250 × 500 at x 500 + 125.
        XCTAssertEqual(layout.photos[1].destination, r(625, 0, 250, 500))
        XCTAssertEqual(layout.photos[1].cell, r(500, 0, 500, 500))
    }
}
