import XCTest
import CollageRaster
@testable import CollageCodecs
import CollageTestSupport

/// DCT shrink-on-load: the smallest scale in {1,2,4,8}/8 whose actual libjpeg
/// output reaches minimumSize, measured in oriented pixels.
final class DCTScaleTests: XCTestCase {
    /// photo_Blackberry_Z10.jpg is stored 3264x1836 with orientation 6. libjpeg's
    /// scaled sizes are ceil(3264*s/8) x ceil(1836*s/8): 408x230, 816x459,
    /// 1632x918, 3264x1836; oriented they swap.
    func testBlackberryHeaderAndScaleSelection() throws {
        let path = try TestPackage.corpusFile("metadata-extractor-images/photo_Blackberry_Z10.jpg")
        let header = try ImageDecoder.header(path: path)
        XCTAssertEqual(header.format, .jpeg)
        XCTAssertEqual(header.storedSize, Size(width: 3264, height: 1836))
        XCTAssertEqual(header.orientation, .right)
        XCTAssertEqual(header.size, Size(width: 1836, height: 3264))

        let cases: [(minimum: Size, scale: Int, result: Size)] = [
            (Size(width: 200, height: 400), 1, Size(width: 230, height: 408)),
            (Size(width: 230, height: 408), 1, Size(width: 230, height: 408)),
            (Size(width: 231, height: 408), 2, Size(width: 459, height: 816)),
            // Oriented, not stored: 400 wide does not fit in the 230-wide 1/8 decode.
            (Size(width: 400, height: 200), 2, Size(width: 459, height: 816)),
            (Size(width: 460, height: 816), 4, Size(width: 918, height: 1632)),
            (Size(width: 1000, height: 2000), 8, Size(width: 1836, height: 3264)),
            (Size(width: 5000, height: 5000), 8, Size(width: 1836, height: 3264)),
        ]
        for c in cases {
            let result = try ImageDecoder.decode(path: path, options: DecodeOptions(minimumSize: c.minimum))
            // The header foretells the decode's size (used to plan the work).
            XCTAssertEqual(header.decodedSize(minimumSize: c.minimum), result.pixmap.size, "minimumSize \(c.minimum)")
            XCTAssertEqual(result.dctScale, c.scale, "minimumSize \(c.minimum)")
            XCTAssertEqual(result.pixmap.size, c.result, "minimumSize \(c.minimum)")
            XCTAssertEqual(result.warnings, [], "minimumSize \(c.minimum)")
        }
        XCTAssertEqual(try ImageDecoder.decode(path: path, minimumSize: Size(width: 100, height: 100)).size,
                       Size(width: 230, height: 408))
    }

    /// A scaled decode shows the same picture as the full decode shrunk.
    func testScaledDecodeMatchesFullDecodeBoxFiltered() throws {
        let path = try TestPackage.corpusFile("exif-orientation-examples/Landscape_1.jpg")
        let full = try ImageDecoder.decode(path: path)
        let eighth = try ImageDecoder.decode(path: path, options: DecodeOptions(minimumSize: Size(width: 225, height: 150)))
        XCTAssertEqual(eighth.dctScale, 1)
        XCTAssertEqual(eighth.pixmap.size, Size(width: 225, height: 150))
        var boxed = Pixmap(width: 225, height: 150)
        for y in 0 ..< 150 {
            for x in 0 ..< 225 {
                var sum = [0, 0, 0]
                for dy in 0 ..< 8 { for dx in 0 ..< 8 {
                    let c = full[x * 8 + dx, y * 8 + dy]
                    sum[0] += Int(c.red); sum[1] += Int(c.green); sum[2] += Int(c.blue)
                } }
                boxed[x, y] = Color(red: UInt8(sum[0] / 64), green: UInt8(sum[1] / 64), blue: UInt8(sum[2] / 64))
            }
        }
        let psnr = PixelMetrics.psnr(eighth.pixmap, boxed)
        XCTAssertGreaterThan(psnr, 30, "1/8 DCT decode vs 8x8 box filter of the full decode: \(psnr) dB")
    }

    func testBenchmarkPhotoSizesAndOrientations() throws {
        let expected: [(String, Size, Orientation)] = [
            ("photo_Issue_525.jpg", Size(width: 4032, height: 3024), .up),
            ("photo_Apple_iPhone_5.jpg", Size(width: 3264, height: 2448), .down),
            ("photo_Kodak_PIXPRO_SP360.jpg", Size(width: 3264, height: 3264), .up),
            ("photo_Oppo_R7_Plus.jpg", Size(width: 3120, height: 4160), .up),
            ("photo_Canon_EOS_1000D.jpg", Size(width: 3888, height: 2592), .right),
        ]
        for (file, stored, orientation) in expected {
            let header = try ImageDecoder.header(path: TestPackage.corpusFile("metadata-extractor-images/\(file)"))
            XCTAssertEqual(header.storedSize, stored, file)
            XCTAssertEqual(header.orientation, orientation, file)
        }
    }
}
