import XCTest
import CollageRaster
@testable import CollageCodecs
import CollageTestSupport

/// Embedded ICC profiles converted to sRGB with LittleCMS, relative
/// colorimetric with black point compensation (README "Rules": Colour).
/// Reference values: ImageMagick 6 with the same intent and BPC,
/// `convert FILE -intent relative -black-point-compensation -profile
/// /usr/share/color/icc/ghostscript/srgb.icc txt:-` (±2 for the different
/// sRGB profile and rounding).
final class ICCProfileTests: XCTestCase {
    private func decode(_ relative: String, convert: Bool = true) throws -> DecodeResult {
        try ImageDecoder.decode(path: TestPackage.corpusFile(relative), options: DecodeOptions(convertICCProfiles: convert))
    }

    private func assertColor(_ c: Color, _ r: Int, _ g: Int, _ b: Int, _ what: String,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(Int(c.red), r, accuracy: 2, "\(what) red in \(c)", file: file, line: line)
        XCTAssertEqual(Int(c.green), g, accuracy: 2, "\(what) green in \(c)", file: file, line: line)
        XCTAssertEqual(Int(c.blue), b, accuracy: 2, "\(what) blue in \(c)", file: file, line: line)
    }

    func testDisplayP3AndProPhotoPNGs() throws {
        let p3 = try decode("sharp/p3.png")
        XCTAssertTrue(p3.convertedICCProfile)
        assertColor(p3.pixmap[0, 0], 255, 0, 0, "P3 (241,0,0)")
        assertColor(try decode("sharp/p3.png", convert: false).pixmap[0, 0], 241, 0, 0, "stored P3")
        let prophoto = try decode("sharp/prophoto.png")
        XCTAssertTrue(prophoto.convertedICCProfile)
        assertColor(prophoto.pixmap[0, 0], 117, 160, 210, "ProPhoto (131,141,192)")
    }

    func testDisplayP3JPEG() throws {
        let image = try decode("nuke/image-p3.jpg")
        XCTAssertTrue(image.convertedICCProfile)
        assertColor(image.pixmap[300, 200], 162, 120, 119, "P3 photo")
        assertColor(try decode("nuke/image-p3.jpg", convert: false).pixmap[300, 200], 156, 122, 120, "stored P3 photo")
    }

    /// The XYB JPEG only has the right colours through its profile.
    func testXYBJPEGLooksLikeItsSource() throws {
        let source = try decode("libvips/sample.jpg").pixmap
        let xyb = try decode("libvips/sample-xyb.jpg")
        XCTAssertTrue(xyb.convertedICCProfile)
        let converted = PixelMetrics.psnr(xyb.pixmap, source)
        let raw = PixelMetrics.psnr(try decode("libvips/sample-xyb.jpg", convert: false).pixmap, source)
        XCTAssertGreaterThan(converted, 35, "XYB through its profile vs sample.jpg")
        XCTAssertLessThan(raw, 20, "XYB without its profile is green/purple")
    }

    func testSRGBProfileIsLeftAlone() throws {
        let tagged = try decode("pillow/pil_sample_rgb.jpg")
        XCTAssertFalse(tagged.convertedICCProfile)
        XCTAssertEqual(tagged.pixmap, try decode("pillow/pil_sample_rgb.jpg", convert: false).pixmap)
    }

    func testCMYKWithNineChunkProfile() throws {
        let image = try decode("metadata-extractor-images/Multiple_ICC_segments.jpg")
        XCTAssertTrue(image.convertedICCProfile, "\(image.warnings)")
        XCTAssertEqual(image.pixmap.size, Size(width: 140, height: 140))
        XCTAssertTrue(image.pixmap.isOpaque)
        let naive = try decode("metadata-extractor-images/Multiple_ICC_segments.jpg", convert: false).pixmap
        let mean = PixelMetrics.meanAbsoluteDifference(image.pixmap, naive)
        XCTAssertLessThan(mean, 15, "profile and naive conversion agree roughly (an inverted result differs by ~200)")
    }

    func testGrayProfiles() throws {
        let concert = try decode("sharp/concert.jpg")
        XCTAssertTrue(concert.convertedICCProfile, "\(concert.warnings)")
        XCTAssertEqual(concert.pixmap.size, Size(width: 400, height: 267))
        let c = concert.pixmap[200, 100]
        XCTAssertTrue(c.red == c.green && c.green == c.blue, "gray stays gray: \(c)")
        // An unparsable profile is dropped with a warning, never an error.
        let broken = try decode("pillow/icc-after-SOF.jpg")
        XCTAssertFalse(broken.convertedICCProfile)
        XCTAssertEqual(broken.pixmap.size, Size(width: 10, height: 10))
        XCTAssertEqual(broken.warnings, ["Corrupt JPEG data: bad ICC marker"])
    }
}
