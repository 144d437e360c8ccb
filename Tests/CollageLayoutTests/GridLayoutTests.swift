import CollageLayout
import CollageText
import CollageRaster
import CollageSpec
import XCTest

final class GridLayoutTests: XCTestCase {
    private let size = Size(width: 400, height: 300)

    func testPhotosFlowRowByRow() throws {
        // 900×600, 3 columns, rows derived: ⌈5/3⌉ = 2; cells 300×300.
        let spec = makeSpec(photos: 5, width: 900, height: 600, kind: .grid(columns: 3, rows: nil))
        let layout = try LayoutEngine.layout(spec, photoSizes: Array(repeating: size, count: 5))
        XCTAssertEqual(layout.photos.map(\.cell),
                       [r(0, 0, 300, 300), r(300, 0, 300, 300), r(600, 0, 300, 300),
                        r(0, 300, 300, 300), r(300, 300, 300, 300)])
    }

    func testGapsPaddingAndAwkwardSplits() throws {
        // Width 1000 − 2·12 − 3·10 = 946 → 236 236 237 237 (x 12, 258, 504, 751);
        // height 500 − 24 − 2·10 = 456 → 152 ×3 (y 12, 174, 336), rows given as 3.
        let spec = makeSpec(photos: 6, width: 1000, height: 500, kind: .grid(columns: 4, rows: 3),
                            gap: 10, padding: 12)
        let layout = try LayoutEngine.layout(spec, photoSizes: Array(repeating: size, count: 6))
        XCTAssertEqual(layout.photos.map(\.cell),
                       [r(12, 12, 236, 152), r(258, 12, 236, 152), r(504, 12, 237, 152), r(751, 12, 237, 152),
                        r(12, 174, 236, 152), r(258, 174, 236, 152)])
    }

    func testMorePhotosThanCellsIsAnErrorAtTheLayout() {
        let spec = makeSpec(photos: 5, width: 900, height: 600, kind: .grid(columns: 2, rows: 2))
        assertDiagnostic(.outOfRange, at: at(5, 1)) { () throws(DiagnosticList) in
            try LayoutEngine.layout(spec, photoSizes: Array(repeating: size, count: 5))
        }
    }

    func testZeroColumnsIsAnError() {
        let spec = makeSpec(photos: 1, width: 900, height: 600, kind: .grid(columns: 0, rows: nil))
        assertDiagnostic(.outOfRange, at: at(5, 1)) { () throws(DiagnosticList) in
            try LayoutEngine.layout(spec, photoSizes: [size])
        }
    }
}
