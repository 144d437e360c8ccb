import CollageLayout
import CollageText
import CollageRaster
import CollageSpec
import XCTest

/// docs/format.md "canvas": one photo sets omitted canvas sides (native size, or its
/// aspect rounded half away from zero); 2+ photos need both sides.
final class CanvasSizeTests: XCTestCase {
    private let photo = Size(width: 3088, height: 2056)

    func testBothSidesOmittedGiveThePhotosNativeSize() throws {
        let layout = try LayoutEngine.layout(makeSpec(photos: 1, width: nil, height: nil), photoSizes: [photo])
        XCTAssertEqual(layout.canvas, Size(width: 3088, height: 2056))
        XCTAssertEqual(layout.photos.map(\.cell), [r(0, 0, 3088, 2056)])
        XCTAssertEqual(layout.photos[0].crop, Rect(x: 0, y: 0, width: 3088, height: 2056))
    }

    func testOneSideOmittedKeepsTheAspect() throws {
        // 1000 × 2056/3088 = 665.80 → 666; 1000 × 3088/2056 = 1501.95 → 1502.
        var layout = try LayoutEngine.layout(makeSpec(photos: 1, width: 1000, height: nil), photoSizes: [photo])
        XCTAssertEqual(layout.canvas, Size(width: 1000, height: 666))
        layout = try LayoutEngine.layout(makeSpec(photos: 1, width: nil, height: 1000), photoSizes: [photo])
        XCTAssertEqual(layout.canvas, Size(width: 1502, height: 1000))
    }

    func testDerivedSideRoundsHalfAwayFromZero() throws {
        // 2 × 5/4 = 2.5 → 3 (half to even would give 2).
        let layout = try LayoutEngine.layout(makeSpec(photos: 1, width: 2, height: nil),
                                             photoSizes: [Size(width: 4, height: 5)])
        XCTAssertEqual(layout.canvas, Size(width: 2, height: 3))
    }

    func testAVeryThinPhotoStillLaysOut() throws {
        // 1:163: 10 × 1/163 = 0.06 would round to 0; a side is at least 1 px.
        let thin = Size(width: 1, height: 163)
        let layout = try LayoutEngine.layout(makeSpec(photos: 1, width: nil, height: 10), photoSizes: [thin])
        XCTAssertEqual(layout.canvas, Size(width: 1, height: 10))
        XCTAssertEqual(layout.photos[0].cell, r(0, 0, 1, 10))
        // Window 1×10 centred at y = 81.5.
        XCTAssertEqual(layout.photos[0].crop, Rect(x: 0, y: 76.5, width: 1, height: 10))
    }

    func testTwoPhotosWithoutASideAreAnErrorAtTheCanvas() {
        let sizes = [photo, photo]
        for (width, height) in [(nil, 800), (800, nil), (nil, nil)] as [(Int?, Int?)] {
            assertDiagnostic(.missingKey, at: at(2, 1)) { () throws(DiagnosticList) in
                try LayoutEngine.layout(makeSpec(photos: 2, width: width, height: height), photoSizes: sizes)
            }
        }
    }

    func testAnEmptyImageIsReportedAtItsSource() {
        assertDiagnostic(.unreadableImage, at: at(11, 5)) { () throws(DiagnosticList) in
            try LayoutEngine.layout(makeSpec(photos: 2, width: 100, height: 100),
                                    photoSizes: [photo, Size(width: 0, height: 10)])
        }
    }
}
