import XCTest
import CollageRaster
@testable import CollageCodecs
import CollageTestSupport

/// PNG decoding through libpng: expansion to RGBA8 with the samples as
/// stored. These PngSuite files carry gAMA 1.0, which README "Rules": Colour
/// ignores, so the expected values are the raw samples (16-bit ones as
/// round(v/257)), read from the files' unfiltered IDAT data by hand; a viewer
/// that honours gAMA (ImageMagick) shows brighter values.
final class PNGDecodeTests: XCTestCase {
    private func decode(_ file: String) throws -> Pixmap {
        try ImageDecoder.decode(path: TestPackage.corpusFile("pngsuite/\(file)"))
    }

    func testSixteenBitGrayIsScaledByRoundingValueOver257() throws {
        let image = try decode("basn0g16.png")
        XCTAssertEqual(image.size, Size(width: 32, height: 32))
        XCTAssertEqual(image[0, 0], Color(red: 0, green: 0, blue: 0))
        XCTAssertEqual(image[31, 0], Color(red: 186, green: 186, blue: 186))
        XCTAssertEqual(image[0, 31], Color(red: 62, green: 62, blue: 62))
        XCTAssertEqual(image[31, 31], Color(red: 1, green: 1, blue: 1))
        XCTAssertEqual(image[15, 15], Color(red: 164, green: 164, blue: 164))
        XCTAssertEqual(image[5, 20], Color(red: 85, green: 85, blue: 85))
    }

    func testSixteenBitRGB() throws {
        let image = try decode("basn2c16.png")
        XCTAssertEqual(image[0, 0], Color(red: 255, green: 255, blue: 0))
        XCTAssertEqual(image[0, 31], Color(red: 255, green: 0, blue: 0))
        XCTAssertEqual(image[31, 31], Color(red: 0, green: 0, blue: 255))
        XCTAssertEqual(image[15, 15], Color(red: 132, green: 132, blue: 0))
        XCTAssertEqual(image[5, 20], Color(red: 214, green: 90, blue: 0))
    }

    func testPaletteIsExpanded() throws {
        let image = try decode("basn3p08.png")
        XCTAssertEqual(image[0, 0], Color(red: 1, green: 0, blue: 0))
        XCTAssertEqual(image[31, 0], Color(red: 1, green: 0, blue: 1))
        XCTAssertEqual(image[0, 31], Color(red: 255, green: 254, blue: 254))
        XCTAssertEqual(image[15, 15], Color(red: 123, green: 254, blue: 0))
        XCTAssertEqual(image[5, 20], Color(red: 255, green: 164, blue: 68))
    }

    func testPaletteWithTRNSBecomesAlpha() throws {
        let image = try decode("tbbn3p08.png")
        for (x, y) in [(0, 0), (31, 0), (0, 31), (31, 31)] { XCTAssertEqual(image[x, y].alpha, 0, "(\(x), \(y))") }
        XCTAssertEqual(image[15, 15], Color(red: 158, green: 158, blue: 158))
        XCTAssertEqual(image[5, 20], Color(red: 0, green: 164, blue: 0))
    }

    func testInterlacedFilesEqualTheirNonInterlacedTwins() throws {
        for name in ["0g01", "0g16", "2c08", "2c16", "3p01", "3p08", "4a16", "6a08", "6a16"] {
            let interlaced = try decode("basi\(name).png"), plain = try decode("basn\(name).png")
            XCTAssertEqual(interlaced, plain, name)
        }
    }

    private func transparentCount(_ image: Pixmap) -> Int {
        stride(from: 3, to: image.pixels.count, by: 4).filter { image.pixels[$0] == 0 }.count
    }

    /// Counts of pixels equal to each file's tRNS key, read from the raw
    /// samples. i_trns.png is 16-bit: its key must be compared before the
    /// reduction to 8 bits (matching after it would make 1768 pixels transparent).
    func testColourKeysBecomeTransparent() throws {
        let rgb = try ImageDecoder.decode(path: TestPackage.corpusFile("pillow/rgb_trns.png"))
        XCTAssertEqual(transparentCount(rgb), 876)
        for y in 0 ..< rgb.height { for x in 0 ..< rgb.width {
            let c = rgb[x, y]
            XCTAssertEqual(c.alpha, c.red == 0 && c.green == 255 && c.blue == 52 ? 0 : 255)
        } }
        XCTAssertEqual(transparentCount(try ImageDecoder.decode(path: TestPackage.corpusFile("pillow/p_trns_single.png"))), 876)
        XCTAssertEqual(transparentCount(try ImageDecoder.decode(path: TestPackage.corpusFile("pillow/l_trns.png"))), 559)
        XCTAssertEqual(transparentCount(try ImageDecoder.decode(path: TestPackage.corpusFile("pillow/i_trns.png"))), 559)
    }

    func testHalfTransparentFlagKeepsItsAlpha() throws {
        let flag = try ImageDecoder.decode(path: TestPackage.corpusFile("sharp/Flag_of_the_Netherlands-alpha.png"))
        XCTAssertEqual(flag.size, Size(width: 900, height: 600))
        XCTAssertEqual(Int(flag[450, 10].alpha), 128, accuracy: 1)
        XCTAssertEqual(Int(flag[450, 300].alpha), 128, accuracy: 1)
    }

    func testIncorrectICCProfileIsOnlyAWarning() throws {
        let result = try ImageDecoder.decode(
            path: TestPackage.corpusFile("metadata-extractor-images/invalid-iCCP-missing-adler32-checksum.png"), options: DecodeOptions())
        XCTAssertEqual(result.pixmap.size, Size(width: 460, height: 60))
    }

    func testExtraDataAndTextBombsStillDecode() throws {
        let idatAfterEnd = try TestPackage.corpusFile("pillow/hopper_idat_after_image_end.png")
        let textBomb = try TestPackage.corpusFile("pillow/png_decompression_dos.png")
        XCTAssertEqual(try ImageDecoder.decode(path: idatAfterEnd).size, Size(width: 128, height: 128))
        XCTAssertEqual(try ImageDecoder.decode(path: textBomb).size, Size(width: 1, height: 1))
    }

    func testEXIfChunkOrientationIsApplied() throws {
        let stored = TestPicture.synthetic(width: 6, height: 4)
        let plain = try ImageEncoder.encode(stored, as: .png)
        let tagged = PNGChunks.inserting(type: "eXIf", data: PNGChunks.exifOrientation(6), into: plain)
        let path = try TempFiles.write(tagged, name: "exif6.png", for: self)
        let header = try ImageDecoder.header(path: path)
        XCTAssertEqual(header.orientation, .right)
        XCTAssertEqual(header.size, Size(width: 4, height: 6))
        XCTAssertEqual(try ImageDecoder.decode(path: path), Orientation.right.applied(to: stored))
        // A garbage orientation value reads as 1.
        let garbage = PNGChunks.inserting(type: "eXIf", data: PNGChunks.exifOrientation(42), into: plain)
        XCTAssertEqual(try ImageDecoder.header(path: TempFiles.write(garbage, name: "exif42.png", for: self)).orientation, .up)
    }
}
