import CollageCodecs
import CollageRaster
import Foundation
import XCTest
import CollageTestSupport

/// Issue 29: `convert` refuses, early and located, an SVG enlarged past the
/// decoded-pixel budget and an image too large for the output format, as
/// `render` refuses such a canvas.
final class ConvertLimitsTests: XCTestCase, PhotoFolderTest {
    var directory: URL!

    override func setUpWithError() throws {
        try makePhotoFolder()
        try write("small.svg", """
            <?xml version="1.0"?>
              <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100" fill="red"/></svg>
            """)
        try write("wide.svg", """
            <svg xmlns="http://www.w3.org/2000/svg" width="20000" height="4000"><rect width="20000" height="4000" fill="red"/></svg>
            """)
    }

    /// 100² enlarged to 20000² is 400 megapixels: over the default budget of
    /// 100 000 000, refused at the root element before anything is drawn.
    func testAnEnlargedSVGKeepsTheDecodedPixelBudget() throws {
        let refused = try runCollage(["convert", "small.svg", "--max-size", "20000x20000", "-o", "big.png"], in: directory)
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.hasPrefix(
            "small.svg:2:3: error: 'small.svg' drawn at 20000 × 20000 px (--max-size) is 400000000 pixels, over the budget of 100000000\n"),
            refused.stderr)
        XCTAssertFalse(exists("big.png"))
        // The budget is --max-pixels when given.
        let lowered = try runCollage(["convert", "small.svg", "--max-size", "2000x2000", "--max-pixels", "1000000", "-o", "mid.png"],
                                     in: directory)
        XCTAssertEqual(lowered.status, 1)
        XCTAssertTrue(lowered.stderr.contains("is 4000000 pixels, over the budget of 1000000"), lowered.stderr)
        // Within the budget it converts, enlarged.
        let fine = try runCollage(["convert", "small.svg", "--max-size", "2000x2000", "-o", "mid.png"], in: directory)
        XCTAssertEqual(fine.status, 0, fine.stderr)
        XCTAssertEqual(try ImageDecoder.header(path: url("mid.png").path).size, Size(width: 2000, height: 2000))
    }

    /// A 20000×4000 SVG to WebP: the located error `render` gives a canvas
    /// too large for WebP, not the encoder's "cannot encode".
    func testAnSVGTooLargeForWebPIsALocatedEarlyError() throws {
        let refused = try runCollage(["convert", "wide.svg", "-o", "wide.webp"], in: directory)
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.hasPrefix(
            "wide.svg:1:1: error: 'wide.svg' is 20000 × 4000 px; WebP holds at most 16383 px a side\n"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("note: write PNG, or shrink it with --max-size 16383x16383"), refused.stderr)
        XCTAssertFalse(refused.stderr.contains("cannot encode"), refused.stderr)
        XCTAssertFalse(exists("wide.webp"))
        // Enlarged past the limit by --max-size, the same error says so.
        let enlarged = try runCollage(["convert", "small.svg", "--max-size", "17000x17000", "-o", "e.webp"], in: directory)
        XCTAssertEqual(enlarged.status, 1)
        XCTAssertTrue(enlarged.stderr.contains("small.svg:2:3: error: 'small.svg' at --max-size is 17000 × 17000 px; WebP holds at most 16383 px a side"), enlarged.stderr)
    }
}
