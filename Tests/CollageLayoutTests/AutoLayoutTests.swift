import CollageLayout
import CollageText
import CollageRaster
import CollageSpec
import XCTest

/// Expected frames written out from the rule of docs/format.md "Layout rules" (columns 1/2/3; ⌊n/c⌋
/// photos a column, extras to the rightmost columns; snapping after padding
/// and gaps, extra pixels to the last parts).
final class AutoLayoutTests: XCTestCase {
    func testPhotosPerColumn() {
        let expected: [Int: [Int]] = [1: [1], 2: [1, 1], 3: [1, 2], 4: [2, 2], 5: [2, 3],
                                      6: [3, 3], 7: [2, 2, 3], 8: [2, 3, 3], 9: [3, 3, 3]]
        for n in 1...9 { XCTAssertEqual(AutoLayout.photosPerColumn(for: n), expected[n], "\(n) photos") }
        XCTAssertNil(AutoLayout.photosPerColumn(for: 0))
        XCTAssertNil(AutoLayout.photosPerColumn(for: 10))
    }

    /// 1000×1000, no gap or padding: columns 1000 | 500 500 | 333 333 334.
    func testSquareCanvasWithoutGaps() throws {
        let expected: [Int: [PixelRect]] = [
            1: [r(0, 0, 1000, 1000)],
            2: [r(0, 0, 500, 1000), r(500, 0, 500, 1000)],
            3: [r(0, 0, 500, 1000), r(500, 0, 500, 500), r(500, 500, 500, 500)],
            4: [r(0, 0, 500, 500), r(0, 500, 500, 500), r(500, 0, 500, 500), r(500, 500, 500, 500)],
            5: [r(0, 0, 500, 500), r(0, 500, 500, 500),
                r(500, 0, 500, 333), r(500, 333, 500, 333), r(500, 666, 500, 334)],
            6: [r(0, 0, 500, 333), r(0, 333, 500, 333), r(0, 666, 500, 334),
                r(500, 0, 500, 333), r(500, 333, 500, 333), r(500, 666, 500, 334)],
            7: [r(0, 0, 333, 500), r(0, 500, 333, 500), r(333, 0, 333, 500), r(333, 500, 333, 500),
                r(666, 0, 334, 333), r(666, 333, 334, 333), r(666, 666, 334, 334)],
            8: [r(0, 0, 333, 500), r(0, 500, 333, 500),
                r(333, 0, 333, 333), r(333, 333, 333, 333), r(333, 666, 333, 334),
                r(666, 0, 334, 333), r(666, 333, 334, 333), r(666, 666, 334, 334)],
            9: [r(0, 0, 333, 333), r(0, 333, 333, 333), r(0, 666, 333, 334),
                r(333, 0, 333, 333), r(333, 333, 333, 333), r(333, 666, 333, 334),
                r(666, 0, 334, 333), r(666, 333, 334, 333), r(666, 666, 334, 334)],
        ]
        try check(width: 1000, height: 1000, gap: 0, padding: 0, expected)
    }

    /// 1200×800, gap 8, padding 16: widths 1168 | 580 580 | 384 ×3 (x 16, 408,
    /// 800); heights 768 | 380 380 | 250 251 251 (y 16, 274, 533).
    func testLandscapeCanvasWithGapAndPadding() throws {
        let expected: [Int: [PixelRect]] = [
            1: [r(16, 16, 1168, 768)],
            2: [r(16, 16, 580, 768), r(604, 16, 580, 768)],
            3: [r(16, 16, 580, 768), r(604, 16, 580, 380), r(604, 404, 580, 380)],
            4: [r(16, 16, 580, 380), r(16, 404, 580, 380), r(604, 16, 580, 380), r(604, 404, 580, 380)],
            5: [r(16, 16, 580, 380), r(16, 404, 580, 380),
                r(604, 16, 580, 250), r(604, 274, 580, 251), r(604, 533, 580, 251)],
            6: [r(16, 16, 580, 250), r(16, 274, 580, 251), r(16, 533, 580, 251),
                r(604, 16, 580, 250), r(604, 274, 580, 251), r(604, 533, 580, 251)],
            7: [r(16, 16, 384, 380), r(16, 404, 384, 380), r(408, 16, 384, 380), r(408, 404, 384, 380),
                r(800, 16, 384, 250), r(800, 274, 384, 251), r(800, 533, 384, 251)],
            8: [r(16, 16, 384, 380), r(16, 404, 384, 380),
                r(408, 16, 384, 250), r(408, 274, 384, 251), r(408, 533, 384, 251),
                r(800, 16, 384, 250), r(800, 274, 384, 251), r(800, 533, 384, 251)],
            9: [r(16, 16, 384, 250), r(16, 274, 384, 251), r(16, 533, 384, 251),
                r(408, 16, 384, 250), r(408, 274, 384, 251), r(408, 533, 384, 251),
                r(800, 16, 384, 250), r(800, 274, 384, 251), r(800, 533, 384, 251)],
        ]
        try check(width: 1200, height: 800, gap: 8, padding: 16, expected)
    }

    /// 1001×999, gap 10, padding 5: widths 991 | 490 491 | 323 324 324 (x 5,
    /// 338, 672); heights 989 | 489 490 | 323 ×3 (y 5, 338, 671).
    func testOddCanvasWithGapAndPadding() throws {
        let expected: [Int: [PixelRect]] = [
            1: [r(5, 5, 991, 989)],
            2: [r(5, 5, 490, 989), r(505, 5, 491, 989)],
            3: [r(5, 5, 490, 989), r(505, 5, 491, 489), r(505, 504, 491, 490)],
            4: [r(5, 5, 490, 489), r(5, 504, 490, 490), r(505, 5, 491, 489), r(505, 504, 491, 490)],
            5: [r(5, 5, 490, 489), r(5, 504, 490, 490),
                r(505, 5, 491, 323), r(505, 338, 491, 323), r(505, 671, 491, 323)],
            6: [r(5, 5, 490, 323), r(5, 338, 490, 323), r(5, 671, 490, 323),
                r(505, 5, 491, 323), r(505, 338, 491, 323), r(505, 671, 491, 323)],
            7: [r(5, 5, 323, 489), r(5, 504, 323, 490), r(338, 5, 324, 489), r(338, 504, 324, 490),
                r(672, 5, 324, 323), r(672, 338, 324, 323), r(672, 671, 324, 323)],
            8: [r(5, 5, 323, 489), r(5, 504, 323, 490),
                r(338, 5, 324, 323), r(338, 338, 324, 323), r(338, 671, 324, 323),
                r(672, 5, 324, 323), r(672, 338, 324, 323), r(672, 671, 324, 323)],
            9: [r(5, 5, 323, 323), r(5, 338, 323, 323), r(5, 671, 323, 323),
                r(338, 5, 324, 323), r(338, 338, 324, 323), r(338, 671, 324, 323),
                r(672, 5, 324, 323), r(672, 338, 324, 323), r(672, 671, 324, 323)],
        ]
        try check(width: 1001, height: 999, gap: 10, padding: 5, expected)
    }

    func testTenPhotosIsAnErrorAtTheLayout() {
        let spec = makeSpec(photos: 10, width: 1000, height: 1000)
        assertDiagnostic(.outOfRange, at: at(5, 1)) { () throws(DiagnosticList) in
            try LayoutEngine.layout(spec, photoSizes: Array(repeating: Size(width: 10, height: 10), count: 10))
        }
    }

    func testPaddingThatLeavesNoRoomIsAnError() {
        let spec = makeSpec(photos: 2, width: 100, height: 100, gap: 10, padding: 45)
        assertDiagnostic(.outOfRange, at: at(5, 1)) { () throws(DiagnosticList) in
            try LayoutEngine.layout(spec, photoSizes: [Size(width: 10, height: 10), Size(width: 10, height: 10)])
        }
    }

    private func check(width: Int, height: Int, gap: Int, padding: Int, _ expected: [Int: [PixelRect]],
                       line: UInt = #line) throws {
        for n in 1...9 {
            let spec = makeSpec(photos: n, width: width, height: height, gap: gap, padding: padding)
            let layout = try LayoutEngine.layout(spec, photoSizes: Array(repeating: Size(width: 400, height: 300), count: n))
            XCTAssertEqual(layout.canvas, Size(width: width, height: height), line: line)
            XCTAssertEqual(layout.photos.map(\.cell), expected[n], "\(n) photos", line: line)
            XCTAssertEqual(layout.photos.map(\.photo), Array(0..<n), line: line)
            // cover draws the crop window into the whole cell.
            XCTAssertEqual(layout.photos.map(\.destination), expected[n], line: line)
        }
    }
}
