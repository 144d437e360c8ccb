@testable import CollageLayout
@testable import CollageText
import CollageRaster
import CollageSpec
import XCTest

/// The justified layout's columns (`layout.direction: vertical`): photos in
/// columns of equal width filling the canvas height, the mirror of rows.
/// Frames written out by hand.
final class JustifiedColumnsTests: XCTestCase {
    func testColumnsMirrorRows() throws {
        // Height 1000, gap 0, columnWidth 200; photos 400x800 (aspect 0.5), 400x800, 400x400, 400x400, 400x800.
        // Down a column each photo is 200 · h / w high: 400, 400, 200 fill the first column exactly (width 200);
        // the last column is not stretched: 200 + 400 at width 200.
        let sizes = [Size(width: 400, height: 800), Size(width: 400, height: 800), Size(width: 400, height: 400),
                     Size(width: 400, height: 400), Size(width: 400, height: 800)]
        let spec = makeSpec(photos: 5, width: nil, height: 1000, kind: .justifiedColumns(columnWidth: 200))
        let layout = try LayoutEngine.layout(spec, photoSizes: sizes)
        XCTAssertEqual(layout.photos.map(\.cell), [r(0, 0, 200, 400), r(0, 400, 200, 400), r(0, 800, 200, 200),
                                                   r(200, 0, 200, 200), r(200, 200, 200, 400)])
        XCTAssertEqual(layout.canvas, Size(width: 400, height: 1000), "the width is derived")
    }

    func testColumnsWithGapAndPadding() throws {
        // Height 630 with padding 10 (inner 610), gap 10, columnWidth 100; photos 100x300, 100x300, 100x100:
        // column 1 (610 − 10) / (3 + 3) = 100 wide, 300 + 300 high; column 2 (last) the square at 100.
        let sizes = [Size(width: 100, height: 300), Size(width: 100, height: 300), Size(width: 100, height: 100)]
        let spec = makeSpec(photos: 3, width: nil, height: 630, kind: .justifiedColumns(columnWidth: 100),
                            gap: 10, padding: 10)
        let layout = try LayoutEngine.layout(spec, photoSizes: sizes)
        XCTAssertEqual(layout.photos.map(\.cell), [r(10, 10, 100, 300), r(10, 320, 100, 300), r(120, 10, 100, 100)])
        XCTAssertEqual(layout.canvas, Size(width: 230, height: 630))
        // A given canvas width is kept (the columns start at the left padding).
        let fixed = makeSpec(photos: 3, width: 500, height: 630, kind: .justifiedColumns(columnWidth: 100),
                             gap: 10, padding: 10)
        XCTAssertEqual(try LayoutEngine.layout(fixed, photoSizes: sizes).canvas, Size(width: 500, height: 630))
    }

    func testTooManyColumnsForTheCanvasIsAnError() {
        let spec = makeSpec(photos: 100, width: nil, height: 20000, kind: .justifiedColumns(columnWidth: 20000))
        assertDiagnostic(.outOfRange, at: at(5, 1)) { () throws(DiagnosticList) in
            try LayoutEngine.layout(spec, photoSizes: Array(repeating: Size(width: 10, height: 10), count: 100))
        }
    }
}
