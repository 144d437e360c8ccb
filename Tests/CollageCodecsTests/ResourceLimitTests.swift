import XCTest
import CollageRaster
@testable import CollageCodecs
import CollageTestSupport

/// The decoded-pixel budget and the libjpeg memory cap reject bombs from
/// their headers, before any pixel buffer exists (MANIFEST "Resource limits").
final class ResourceLimitTests: XCTestCase {
    func testGiantJPEGAtFullSizeIsRejectedFromTheHeader() throws {
        let path = try TestPackage.corpusFile("sharp/giant-image.jpg")
        XCTAssertEqual(try ImageDecoder.header(path: path).storedSize, Size(width: 20000, height: 14000))
        XCTAssertThrowsError(try ImageDecoder.decode(path: path)) { error in
            XCTAssertEqual(error as? ImageError, ImageError(path: path, reason:
                "image too large: 20000x14000 (280.0 megapixels), over the limit of 100 megapixels", kind: .tooLarge))
        }
    }

    /// A budget that is not whole megapixels is said in pixels (not "0 megapixels").
    func testSmallBudgetIsGivenInPixels() {
        XCTAssertEqual(JPEGDecoding.tooLargeReason(size: Size(width: 40, height: 30), stored: Size(width: 40, height: 30),
                                                   scale: nil, limit: 1000),
                       "image too large: 40x30 (0.0 megapixels), over the limit of 1000 pixels")
        // Shrunk by DCT scaling and still too large: both sizes and the scale.
        XCTAssertEqual(JPEGDecoding.tooLargeReason(size: Size(width: 10000, height: 7000), stored: Size(width: 20000, height: 14000),
                                                   scale: 4, limit: 50_000_000),
                       "image too large: 20000x14000 decodes to 10000x7000 (70.0 megapixels) at DCT scale 4/8, "
                       + "over the limit of 50 megapixels")
        XCTAssertTrue(JPEGDecoding.tooLargeReason(size: Size(width: 4000, height: 3000), stored: Size(width: 4000, height: 3000),
                                                  scale: 8, limit: 12_000_000).hasSuffix("over the limit of 12 megapixels"))
    }

    func testGiantBaselineJPEGShrunkOnLoadWithinBudgetDecodes() throws {
        let result = try ImageDecoder.decode(path: TestPackage.corpusFile("sharp/giant-image.jpg"),
                                             options: DecodeOptions(minimumSize: Size(width: 2000, height: 1400)))
        XCTAssertEqual(result.dctScale, 1)
        XCTAssertEqual(result.pixmap.size, Size(width: 2500, height: 1750))
        XCTAssertEqual(result.pixmap[100, 100].red, result.pixmap[100, 100].green, "grayscale expanded to RGB")
    }

    func testHugePalettePNGIsRejectedFromTheHeader() throws {
        let path = try TestPackage.corpusFile("thumbor/16384x16384.png")
        XCTAssertEqual(try ImageDecoder.header(path: path).storedSize, Size(width: 16384, height: 16384))
        XCTAssertThrowsError(try ImageDecoder.decode(path: path)) { error in
            XCTAssertEqual(error as? ImageError, ImageError(path: path, reason:
                "image too large: 16384x16384 (268.4 megapixels), over the limit of 100 megapixels",
                kind: .tooLarge))
        }
    }

    func testProgressiveHeaderBombIsRejectedEvenWhenScaledDown() throws {
        // 613 bytes claiming 49157x27397: 1/8 output would be within the pixel
        // budget, but a progressive decode holds full-size coefficients.
        let path = try TestPackage.corpusFile("metadata-extractor-images/its_6903d4538fd33c8fd0ded32cb30d618e.jpg")
        let start = Date()
        XCTAssertThrowsError(try ImageDecoder.decode(path: path, minimumSize: Size(width: 100, height: 100))) { error in
            XCTAssertEqual((error as? ImageError)?.kind, .tooLarge, "\(error)")
            XCTAssertTrue((error as? ImageError)?.reason.contains("DCT coefficients") ?? false, "\(error)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 2, "rejected from the header, not after decoding")
    }

    func testPixelBudgetIsAPublicSettingCountingDecodedPixels() throws {
        let path = try TestPackage.corpusFile("exif-orientation-examples/Landscape_1.jpg")
        XCTAssertThrowsError(try ImageDecoder.decode(path: path, options: DecodeOptions(maxPixels: 1_000_000))) { error in
            XCTAssertEqual((error as? ImageError)?.kind, .tooLarge)
        }
        // 2/8 gives 450x300 = 135000 pixels: within a 200000-pixel budget.
        let small = try ImageDecoder.decode(path: path, options: DecodeOptions(
            minimumSize: Size(width: 400, height: 300), maxPixels: 200_000))
        XCTAssertEqual(small.pixmap.size, Size(width: 450, height: 300))
        XCTAssertEqual(DecodeOptions().maxPixels, 100_000_000)
    }

    func testExtremeAspectTruncatedProgressiveFile() throws {
        let path = try TestPackage.corpusFile("metadata-extractor-images/its_194531363df5b73f59c4c0517422f917.jpg")
        XCTAssertEqual(try ImageDecoder.header(path: path).storedSize, Size(width: 193, height: 31423))
        XCTAssertThrowsError(try ImageDecoder.decode(path: path)) { error in
            XCTAssertEqual((error as? ImageError)?.kind, .truncated, "\(error)")
        }
        let lenient = try ImageDecoder.decode(path: path, options: DecodeOptions(allowTruncated: true))
        XCTAssertEqual(lenient.pixmap.size, Size(width: 193, height: 31423))
        XCTAssertEqual(lenient.warnings.first, "Corrupt JPEG data: 6 extraneous bytes before marker 0xfe")
        XCTAssertTrue(lenient.warnings.contains("Premature end of JPEG file"), "the cap keeps the truncation warning")
        XCTAssertTrue(lenient.warnings.last?.hasSuffix("more warnings not listed") ?? false, "\(lenient.warnings)")
    }
}
