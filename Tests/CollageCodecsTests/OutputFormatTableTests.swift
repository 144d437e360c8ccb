import XCTest
import CollageRaster
@testable import CollageCodecs

/// `OutputFormat` is the one table of output formats: every case encodes to
/// bytes that read back as that format, its size limit is the encoder's, and
/// the resolver's extension and flag lookups come from its `extensions`.
final class OutputFormatTableTests: XCTestCase {
    func testEveryFormatEncodesAndSniffsBackAsItself() throws {
        let pixmap = Pixmap(width: 3, height: 2, color: Color(red: 128, green: 64, blue: 255, alpha: 255))
        for format in OutputFormat.allCases where !format.isVector {
            let bytes = try ImageEncoder.encode(pixmap, as: format)
            let verdict = bytes.withUnsafeBytes { FormatSniffer.sniff($0) }
            // AVIF is a HEIF brand, read by the HEIF decoder (libheif).
            XCTAssertEqual(verdict, format == .avif ? .heif(brand: "avif") : .format(ImageFormat(rawValue: format.name)!),
                           format.name)
            let header = try ImageDecoder.header(bytes: bytes)
            XCTAssertEqual(header.size.width, 3, format.name)
            XCTAssertEqual(header.size.height, 2, format.name)
        }
        // A vector format (PDF) is written from the scene: its saver refuses pixels.
        XCTAssertEqual(OutputFormat.allCases.filter(\.isVector), [.pdf])
        XCTAssertThrowsError(try ImageEncoder.encode(pixmap, as: .pdf)) {
            XCTAssertEqual(($0 as? ImageError)?.reason, "PDF is written from the scene, not from pixels")
        }
    }

    func testSizeLimitIsTheEncodersAndStreamingMatchesTheTable() throws {
        for format in OutputFormat.allCases where format.maximumSide < 1 << 20 {
            XCTAssertNoThrow(try ImageEncoder.checkSize(Size(width: format.maximumSide, height: 1), format: format))
            XCTAssertThrowsError(try ImageEncoder.checkSize(Size(width: format.maximumSide + 1, height: 1), format: format)) {
                XCTAssertEqual(($0 as? ImageError)?.reason,
                               "cannot encode a \(format.maximumSide + 1)x1 image as \(format.displayName)")
            }
        }
        for format in OutputFormat.allCases {
            let streams = (try? RowEncoder(format: format, width: 4, height: 4)) != nil
            XCTAssertEqual(streams, format.encodesWhileRendering, format.name)
        }
    }

    func testExtensionsAndFlagsComeFromTheTable() {
        XCTAssertEqual(OutputFormat(extensionOf: "out/a.JPG"), .jpeg)
        XCTAssertEqual(OutputFormat(extensionOf: "a.jpeg"), .jpeg)
        XCTAssertEqual(OutputFormat(extensionOf: "a.png"), .png)
        XCTAssertEqual(OutputFormat(extensionOf: "a.webp"), .webp)
        XCTAssertNil(OutputFormat(extensionOf: "a.tiff"))
        XCTAssertNil(OutputFormat(extensionOf: "dir.png/a"))
        XCTAssertNil(OutputFormat(extensionOf: "png"))
        for format in OutputFormat.allCases {
            XCTAssertEqual(OutputFormat(flag: format.name.uppercased()), format)
            for ext in format.extensions { XCTAssertEqual(OutputFormat(extensionOf: "x." + ext), format) }
        }
        XCTAssertNil(OutputFormat(flag: "gif"))
        XCTAssertEqual(OutputFormat(extensionOf: "a.AVIF"), .avif)
        XCTAssertEqual(OutputFormat.choices, "jpeg|png|webp|avif|pdf")
        XCTAssertEqual(OutputFormat.extensionsInProse, ".jpg, .jpeg, .png, .webp, .avif or .pdf")
        XCTAssertEqual(OutputFormat(extensionOf: "book.PDF"), .pdf)
    }
}
