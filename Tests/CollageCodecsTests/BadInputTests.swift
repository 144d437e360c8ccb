import XCTest
import CollageRaster
@testable import CollageCodecs
import CollageTestSupport

/// Corrupt, truncated, unsupported and mislabelled files give an ImageError
/// naming the path and a reason (MANIFEST "Corrupt, truncated and fuzzed files").
final class BadInputTests: XCTestCase {
    /// Decodes `relative` expecting an ImageError of `kind`; returns it.
    @discardableResult
    private func expectError(_ relative: String, _ kind: ImageError.Kind, containing text: String? = nil,
                             options: DecodeOptions = DecodeOptions(),
                             file: StaticString = #filePath, line: UInt = #line) throws -> ImageError? {
        let path = try TestPackage.corpusFile(relative)
        do {
            let result = try ImageDecoder.decode(path: path, options: options)
            XCTFail("\(relative) decoded to \(result.pixmap.size); expected \(kind)", file: file, line: line)
            return nil
        } catch {
            XCTAssertEqual(error.path, path, file: file, line: line)
            XCTAssertEqual(error.kind, kind, "\(relative): \(error.reason)", file: file, line: line)
            XCTAssertFalse(error.reason.isEmpty, file: file, line: line)
            if let text { XCTAssertTrue(error.reason.contains(text), "\(relative): '\(error.reason)' lacks '\(text)'", file: file, line: line) }
            XCTAssertTrue(error.description.hasPrefix(path + ": "), file: file, line: line)
            return error
        }
    }

    func testTruncatedJPEGIsAnErrorByDefault() throws {
        try expectError("pillow/truncated_jpeg.jpg", .truncated, containing: "Premature end of JPEG file")
        try expectError("libvips/truncated.jpg", .truncated, containing: "Premature end of JPEG file")
    }

    func testTruncatedJPEGDecodesWithAWarningWhenAllowed() throws {
        let result = try ImageDecoder.decode(path: TestPackage.corpusFile("libvips/truncated.jpg"),
                                             options: DecodeOptions(allowTruncated: true))
        XCTAssertEqual(result.pixmap.size, Size(width: 290, height: 442))
        XCTAssertEqual(result.warnings, ["Premature end of JPEG file", "Corrupt JPEG data: premature end of data segment"])
    }

    func testExtraneousBytesAreWarningsNotErrors() throws {
        let junk = try ImageDecoder.decode(path: TestPackage.corpusFile("pillow/junk_jpeg_header.jpg"), options: DecodeOptions())
        XCTAssertEqual(junk.pixmap.size, Size(width: 1024, height: 768))
        XCTAssertEqual(junk.warnings, ["Corrupt JPEG data: 5 extraneous bytes before marker 0xdb"])
        let ff00 = try ImageDecoder.decode(path: TestPackage.corpusFile("pillow/jpeg_ff00_header.jpg"), options: DecodeOptions())
        XCTAssertEqual(ff00.pixmap.size, Size(width: 300, height: 225))
        XCTAssertEqual(ff00.warnings, ["Corrupt JPEG data: 4 extraneous bytes before marker 0xdb"])
    }

    func testCorruptJPEGsFailCleanly() throws {
        try expectError("metadata-extractor-images/its_b4103df93880fc5677c2a081e4bfc712.jpg", .corrupt)
        try expectError("metadata-extractor-images/its_d085a42245996e5750a30ccb48791bcf.jpg", .corrupt,
                        containing: "Huffman table 0x0d was not defined")
        // SOI + Exif and nothing else: the data ends before any frame header.
        try expectError("sharp/corrupt-header.jpg", .truncated)
        // Looked up first: without the corpus, its XCTSkip skips the test
        // instead of passing for the header's expected error.
        let header = try TestPackage.corpusFile("sharp/corrupt-header.jpg")
        XCTAssertThrowsError(try ImageDecoder.header(path: header)) { error in
            XCTAssertEqual((error as? ImageError)?.path, header, "\(error)")
        }
    }

    func testUnsupportedJPEGVariantsSaySo() throws {
        try expectError("libjpeg-turbo/monkey12.jpg", .unsupportedVariant,
                        containing: "unsupported JPEG variant: Unsupported JPEG data precision 12")
        try expectError("sharp/testimgl.jpg", .unsupportedVariant, containing: "SOF type 0xc3")
        try expectError("metadata-extractor-images/beach.jpg", .unsupportedVariant, containing: "DNL")
    }

    func testNonImageWithJPEGExtensionIsRejectedBySniffing() throws {
        try expectError("metadata-extractor-images/its_f012a4321f00f12af6b1eee7580ffb9c.jpg", .unsupportedFormat,
                        containing: "not a supported image format")
        let text = try TempFiles.write(Array("hello, I am not a photo\n".utf8), name: "notes.jpg", for: self)
        XCTAssertThrowsError(try ImageDecoder.header(path: text)) { error in
            XCTAssertEqual((error as? ImageError)?.kind, .unsupportedFormat)
        }
    }

    func testEmptyHEICIsNotGuessedFromItsExtension() throws {
        try expectError("pillow-heif/empty.heic", .unsupportedFormat, containing: "empty file")
    }

    func testMissingFileIsUnreadable() {
        XCTAssertThrowsError(try ImageDecoder.header(path: "/nonexistent/photo.jpg")) { error in
            XCTAssertEqual(error as? ImageError, ImageError(path: "/nonexistent/photo.jpg",
                                                            reason: "cannot open: No such file or directory", kind: .unreadable))
        }
    }

    func testEveryCorruptPngSuiteFileFailsCleanly() throws {
        let names = ["xc1n0g08", "xc9n2c08", "xcrn0g04", "xcsn0g01", "xd0n2c08", "xd3n2c08", "xd9n2c08",
                     "xdtn0g01", "xhdn0g08", "xlfn0g04", "xs1n0g01", "xs2n0g01", "xs4n0g01", "xs7n0g01"]
        for name in names {
            let path = try TestPackage.corpusFile("pngsuite/\(name).png")
            XCTAssertThrowsError(try ImageDecoder.decode(path: path), name) { error in
                guard let error = error as? ImageError else { return XCTFail("\(name): \(error)") }
                XCTAssertEqual(error.path, path)
                XCTAssertTrue([.corrupt, .truncated, .unsupportedFormat].contains(error.kind), "\(name): \(error)")
            }
        }
        try expectError("pngsuite/xcsn0g01.png", .corrupt, containing: "CRC error")
        try expectError("pngsuite/xcrn0g04.png", .corrupt, containing: "corrupted by ASCII conversion")
    }

    func testOtherCorruptPNGsFailCleanly() throws {
        try expectError("pillow/broken_data_stream.png", .corrupt)
        try expectError("metadata-extractor-images/its_4aae896ba900c48c63cffc0cc9f8c4dc.png", .corrupt, containing: "IHDR")
        try expectError("metadata-extractor-images/its_c-817f96555e2d683e7b12f778c4e38022.png", .corrupt, containing: "IHDR")
        try expectError("metadata-extractor-images/its_c-m1-6bfb149151f58d124d6fa76eaad75520.png", .corrupt,
                        containing: "Not enough image data")
    }

    func testDamageAfterCompleteImageDataIsAWarning() throws {
        // 8x8 palette PNG cut short after a broken sPLT chunk that follows the image data.
        let result = try ImageDecoder.decode(path: TestPackage.corpusFile("metadata-extractor-images/its_94e1bdbb03c42581d8407602634636ea.png"),
                                             options: DecodeOptions())
        XCTAssertEqual(result.pixmap.size, Size(width: 8, height: 8))
        XCTAssertFalse(result.warnings.isEmpty)
        XCTAssertTrue(result.warnings.allSatisfy { $0.hasPrefix("after the image data: ") || $0.hasPrefix("sPLT") }, "\(result.warnings)")
    }
}
