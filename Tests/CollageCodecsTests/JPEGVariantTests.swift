import XCTest
import CollageRaster
@testable import CollageCodecs
import CollageTestSupport

/// JPEG coding variants libjpeg-turbo 2.1 decodes (MANIFEST "JPEG coding edge cases").
final class JPEGVariantTests: XCTestCase {
    private func decode(_ relative: String, minimumSize: Size? = nil) throws -> DecodeResult {
        try ImageDecoder.decode(path: TestPackage.corpusFile(relative), options: DecodeOptions(minimumSize: minimumSize))
    }

    func testArithmeticCodingDecodesLikeItsHuffmanTwin() throws {
        let huffman = try decode("libjpeg-turbo/testorig.jpg").pixmap
        let arithmetic = try decode("libjpeg-turbo/testimgari.jpg").pixmap
        XCTAssertEqual(arithmetic.size, Size(width: 227, height: 149))
        let psnr = PixelMetrics.psnr(arithmetic, huffman)
        XCTAssertGreaterThanOrEqual(psnr, 45, "testimgari vs testorig: \(psnr) dB")
    }

    func testAdobeCMYKMatchesItsRGBTwin() throws {
        let cmyk = try decode("pillow/pil_sample_cmyk.jpg").pixmap
        let rgb = try decode("pillow/pil_sample_rgb.jpg").pixmap
        XCTAssertEqual(cmyk.size, Size(width: 100, height: 100))
        let mean = PixelMetrics.meanAbsoluteDifference(cmyk, rgb)
        XCTAssertLessThan(mean, 8, "an uninverted CMYK decode is a negative (mean difference near 200)")
    }

    func testGrayscaleIsExpandedToRGB() throws {
        let gray = try decode("pillow/hopper_gray.jpg").pixmap
        XCTAssertEqual(gray.size, Size(width: 128, height: 128))
        for i in stride(from: 0, to: gray.pixels.count, by: 4) {
            XCTAssertTrue(gray.pixels[i] == gray.pixels[i + 1] && gray.pixels[i] == gray.pixels[i + 2] && gray.pixels[i + 3] == 255)
        }
    }

    func testProgressiveAndUnusualSubsamplingDecode() throws {
        let progressive = try decode("nuke/progressive.jpeg"), tricky = try decode("nuke/tricky_progressive.jpeg")
        XCTAssertEqual(progressive.pixmap.size, Size(width: 450, height: 300))
        XCTAssertEqual(tricky.pixmap.size, Size(width: 450, height: 300))
        let eighth = try decode("nuke/progressive.jpeg", minimumSize: Size(width: 50, height: 30))
        XCTAssertEqual(eighth.dctScale, 1)
        XCTAssertEqual(eighth.pixmap.size, Size(width: 57, height: 38))
        XCTAssertEqual(try decode("metadata-extractor-images/Nokia_3110c_Mobile_Phone.jpg").pixmap.size,
                       Size(width: 1024, height: 1280))
        XCTAssertEqual(try decode("pillow/hopper_16bit_qtables.jpg").pixmap.size, Size(width: 128, height: 128))
        XCTAssertEqual(try decode("pillow/sugarshack_bad_mpo_header.jpg").pixmap.size, Size(width: 640, height: 480))
    }
}
