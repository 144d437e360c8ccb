import XCTest
import CollageRaster
@testable import CollageCodecs
import CollageTestSupport

/// The helper process of a deadline (issue 37): HEIF/AVIF decodes and SVG
/// draws give the same pixels in it as in process, and a passed deadline
/// is `.timedOut`, with no helper left behind.
final class HelperProcessTests: XCTestCase {
    private func isolation(seconds: Double = 30) -> DecodeIsolation {
        DecodeIsolation(deadline: Deadline(seconds: seconds), executable: TestPackage.binary.path)
    }

    func testHEIFDecodesTheSameInTheHelper() throws {
        let path = try TestPackage.corpusFile("pillow-heif/pug.heic")
        let alone = try ImageDecoder.decode(path: path, options: DecodeOptions())
        var options = DecodeOptions()
        options.isolation = isolation()
        let helped = try ImageDecoder.decode(path: path, options: options)
        XCTAssertEqual(helped.pixmap.size, alone.pixmap.size)
        XCTAssertTrue(helped.pixmap.pixels == alone.pixmap.pixels, "the helper's pixels equal the in-process decode's")
    }

    func testSVGDrawsTheSameInTheHelper() throws {
        let svg = Array(("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"30\"><circle cx=\"20\" cy=\"15\" r=\"12\" "
                         + "fill=\"#3366cc\" opacity=\"0.7\"/></svg>").utf8)
        let alone = try SVGDecoding.decode(svg, path: "c.svg", options: DecodeOptions())
        var options = DecodeOptions()
        options.isolation = isolation()
        let helped = try SVGDecoding.decode(svg, path: "c.svg", options: options)
        XCTAssertTrue(helped.pixmap.pixels == alone.pixmap.pixels)
    }

    func testAPassedDeadlineIsTimedOut() throws {
        let svg = Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"30\"><rect width=\"9\" height=\"9\"/></svg>".utf8)
        var options = DecodeOptions()
        options.isolation = isolation(seconds: 0)
        XCTAssertThrowsError(try SVGDecoding.decode(svg, path: "r.svg", options: options)) { error in
            XCTAssertEqual((error as? ImageError)?.kind, .timedOut, "\(error)")
        }
    }

    func testAMissingHelperIsAnErrorThatNamesIt() throws {
        let svg = Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"3\"/>".utf8)
        var options = DecodeOptions()
        options.isolation = DecodeIsolation(deadline: Deadline(seconds: 10), executable: "/nonexistent/collage")
        XCTAssertThrowsError(try SVGDecoding.decode(svg, path: "r.svg", options: options)) { error in
            XCTAssertTrue("\(error)".contains("/nonexistent/collage"), "\(error)")
        }
    }
}
