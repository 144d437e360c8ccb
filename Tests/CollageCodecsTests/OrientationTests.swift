import XCTest
import CollageRaster
@testable import CollageCodecs
import CollageTestSupport

/// EXIF orientation (tag 274, EXIF 2.32): the pixel permutation for all 8
/// values, and the corpus's Landscape_N / Portrait_N photos coming out upright.
final class OrientationTests: XCTestCase {
    /// Stored 3x2 picture whose pixels are numbered 1...6 in the red channel:
    /// 1 2 3 / 4 5 6.
    private func numbered() -> Pixmap {
        var p = Pixmap(width: 3, height: 2)
        for y in 0 ..< 2 { for x in 0 ..< 3 { p[x, y] = Color(red: UInt8(y * 3 + x + 1), green: 0, blue: 0) } }
        return p
    }

    private func rows(_ p: Pixmap) -> [[Int]] {
        (0 ..< p.height).map { y in (0 ..< p.width).map { x in Int(p[x, y].red) } }
    }

    func testEveryOrientationMapsPixelsAsTheExifRowAndColumnRulesSay() {
        let expected: [Orientation: [[Int]]] = [
            .up: [[1, 2, 3], [4, 5, 6]],
            .upMirrored: [[3, 2, 1], [6, 5, 4]],
            .down: [[6, 5, 4], [3, 2, 1]],
            .downMirrored: [[4, 5, 6], [1, 2, 3]],
            .leftMirrored: [[1, 4], [2, 5], [3, 6]],   // row 0 = visual left, column 0 = visual top
            .right: [[4, 1], [5, 2], [6, 3]],          // row 0 = visual right, column 0 = visual top
            .rightMirrored: [[6, 3], [5, 2], [4, 1]],  // row 0 = visual right, column 0 = visual bottom
            .left: [[3, 6], [2, 5], [1, 4]],           // row 0 = visual left, column 0 = visual bottom
        ]
        for orientation in Orientation.allCases {
            XCTAssertEqual(rows(orientation.applied(to: numbered())), expected[orientation], "orientation \(orientation.rawValue)")
        }
    }

    func testLargeRotationMatchesPixelByPixelDefinition() {
        // Wider than one 64-pixel tile in both directions, odd sizes.
        let stored = TestPicture.synthetic(width: 131, height: 70)
        let rotated = Orientation.right.applied(to: stored)
        XCTAssertEqual(rotated.size, Size(width: 70, height: 131))
        for (x, y) in [(0, 0), (69, 0), (0, 130), (69, 130), (33, 77)] {
            // Rotating 90 CW: upright (x, y) comes from stored (y, H - 1 - x).
            XCTAssertEqual(rotated[x, y], stored[y, 69 - x])
        }
    }

    func testLandscapePhotosDecodeUprightLikeOrientationOne() throws {
        try assertAllLikeFirst(prefix: "Landscape", size: Size(width: 1800, height: 1200))
    }

    func testPortraitPhotosDecodeUprightLikeOrientationOne() throws {
        try assertAllLikeFirst(prefix: "Portrait", size: Size(width: 1200, height: 1800))
    }

    /// Decodes at DCT scale 1/8 (225x150 or 150x225, so JPEG noise averages
    /// out) and compares with `prefix`_1, leaving out the centre where each
    /// file prints its own digit.
    private func assertAllLikeFirst(prefix: String, size: Size) throws {
        let small = Size(width: size.width / 8, height: size.height / 8)
        func decodeSmall(_ n: Int) throws -> DecodeResult {
            try ImageDecoder.decode(path: TestPackage.corpusFile("exif-orientation-examples/\(prefix)_\(n).jpg"),
                                    options: DecodeOptions(minimumSize: small))
        }
        let reference = try decodeSmall(1).pixmap
        XCTAssertEqual(reference.size, small)
        for n in 0 ... 8 {
            let path = try TestPackage.corpusFile("exif-orientation-examples/\(prefix)_\(n).jpg")
            let header = try ImageDecoder.header(path: path)
            XCTAssertEqual(header.orientation.rawValue, n == 0 ? 1 : n, "\(prefix)_\(n) orientation (0 reads as 1)")
            XCTAssertEqual(header.size, size, "\(prefix)_\(n) oriented size")
            let upright = try decodeSmall(n)
            XCTAssertEqual(upright.header.orientation, header.orientation)
            // _0 (tag value 0, read as 1) has its labels drawn differently
            // from _1, so only its orientation and size are compared.
            if n == 0 { XCTAssertEqual(upright.pixmap.size, small); continue }
            XCTAssertEqual(upright.dctScale, 1)
            XCTAssertEqual(upright.pixmap.size, small, "\(prefix)_\(n)")
            let psnr = psnrOutsideDigit(upright.pixmap, reference)
            XCTAssertGreaterThanOrEqual(psnr, 35, "\(prefix)_\(n) vs \(prefix)_1: PSNR \(psnr) dB")
        }
        // The comparison can fail: the stored (unrotated) pixels of _3 are far off.
        let stored3 = Orientation.down.applied(to: try decodeSmall(3).pixmap)
        XCTAssertLessThan(psnrOutsideDigit(stored3, reference), 20)
    }

    /// PSNR over R, G, B, skipping the middle 30% x 30% box (the digit label).
    private func psnrOutsideDigit(_ a: Pixmap, _ b: Pixmap) -> Double {
        let x0 = a.width * 35 / 100, x1 = a.width * 65 / 100, y0 = a.height * 35 / 100, y1 = a.height * 65 / 100
        return PixelMetrics.psnr(a, b, excluding: PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
    }

    func testColourBarsStoredSidewaysComeOutLandscape() throws {
        // Stored 480x640 with orientation 6: bars run gray, yellow, cyan... left to right.
        let path = try TestPackage.corpusFile("nuke/right-orientation.jpeg")
        let header = try ImageDecoder.header(path: path)
        XCTAssertEqual(header.storedSize, Size(width: 480, height: 640))
        XCTAssertEqual(header.orientation, .right)
        let image = try ImageDecoder.decode(path: path)
        XCTAssertEqual(image.size, Size(width: 640, height: 480))
        let gray = image[20, 100], yellow = image[120, 100]
        XCTAssertTrue(abs(Int(gray.red) - Int(gray.blue)) < 30 && gray.red > 120, "first bar gray: \(gray)")
        XCTAssertTrue(yellow.red > 150 && yellow.green > 150 && yellow.blue < 80, "second bar yellow: \(yellow)")
    }

    func testBrokenExifMeansOrientationOne() throws {
        for file in ["pillow/invalid-exif.jpg", "pillow/exif-ifd-offset.jpg"] {
            let header = try ImageDecoder.header(path: TestPackage.corpusFile(file))
            XCTAssertEqual(header.orientation, .up, file)
            XCTAssertEqual(header.storedSize, Size(width: 200, height: 200), file)
            XCTAssertEqual(try ImageDecoder.decode(path: TestPackage.corpusFile(file)).size, Size(width: 200, height: 200), file)
        }
        let multiple = try ImageDecoder.decode(path: TestPackage.corpusFile("pillow/multiple_exif.jpg"))
        XCTAssertEqual(multiple.size, Size(width: 1, height: 1))
    }
}
