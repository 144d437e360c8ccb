import CollageFocus
import XCTest

/// `GreyImage.resizedLinear` against OpenCV 4.6's `cv2.resize(..., INTER_LINEAR_EXACT)`
/// (what `detectMultiScale` builds its pyramid with): the figures below are
/// OpenCV's output for a 53x41 pattern, (37x + 91y + 13xy) mod 256. The
/// `INTER_LINEAR` result differs in 291, 103, 38 and 5 of these pixels, so
/// the test tells the two apart.
final class GreyImageTests: XCTestCase {
    private let pattern: GreyImage = {
        let w = 53, h = 41
        var pixels = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h { for x in 0..<w { pixels[y * w + x] = UInt8((x * 37 + y * 91 + x * y * 13) % 256) } }
        return GreyImage(width: w, height: h, pixels: pixels)
    }()

    func testSmallestLevelPixelForPixel() {
        let out = pattern.resizedLinear(width: 7, height: 5)
        XCTAssertEqual(out.pixels, [164, 82, 116, 151, 128, 118, 109, 105, 157, 172, 188, 144, 94, 80, 163, 217, 162, 70,
                                    124, 179, 233, 126, 58, 93, 157, 105, 81, 145, 132, 118, 105, 91, 231, 115, 102])
    }

    /// Larger sizes by their sum and a position-weighted checksum (Σ v·(i+1) mod 1000003), both from OpenCV's output.
    func testLevelsMatchOpenCVChecksums() {
        for (w, h, sum, weighted) in [(48, 37, 224154, 369882), (27, 21, 71839, 350641), (19, 14, 34690, 550321), (7, 5, 4615, 82140)] {
            let out = pattern.resizedLinear(width: w, height: h)
            XCTAssertEqual(out.pixels.reduce(0) { $0 + Int($1) }, sum, "\(w)x\(h)")
            XCTAssertEqual(out.pixels.enumerated().reduce(0) { ($0 + Int($1.element) * ($1.offset + 1)) % 1000003 }, weighted, "\(w)x\(h)")
        }
        XCTAssertEqual(pattern.resizedLinear(width: 53, height: 41), pattern)
    }
}
