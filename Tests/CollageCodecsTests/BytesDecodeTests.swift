import Foundation
import XCTest
import CollageRaster
import CollageCodecs

/// `ImageDecoder.header(bytes:)` / `decode(bytes:)`: images that never were
/// files decode exactly as the same bytes read from a file.
final class BytesDecodeTests: XCTestCase {
    /// 3x2, every pixel different, one half-transparent.
    private func sample() -> Pixmap {
        var p = Pixmap(width: 3, height: 2)
        p[0, 0] = Color(red: 255, green: 0, blue: 0); p[1, 0] = Color(red: 0, green: 255, blue: 0)
        p[2, 0] = Color(red: 0, green: 0, blue: 255); p[0, 1] = Color(red: 10, green: 20, blue: 30)
        p[1, 1] = Color(red: 200, green: 100, blue: 50, alpha: 128); p[2, 1] = .white
        return p
    }

    func testPNGBytesDecodeToTheEncodedPixels() throws {
        let png = try ImageEncoder.encode(sample(), as: .png)
        let header = try ImageDecoder.header(bytes: png)
        XCTAssertEqual(header.format, .png)
        XCTAssertEqual(header.storedSize, Size(width: 3, height: 2))
        let result = try ImageDecoder.decode(bytes: png)
        XCTAssertEqual(result.pixmap.size, Size(width: 3, height: 2))
        XCTAssertEqual(result.pixmap[1, 1], Color(red: 200, green: 100, blue: 50, alpha: 128))
        XCTAssertEqual(result.pixmap[2, 0], Color(red: 0, green: 0, blue: 255))
        XCTAssertEqual(result.pixmap.pixels, sample().pixels)
    }

    func testJPEGAndWebPBytesDecodeAsTheSameFileDoes() throws {
        let photo = Pixmap(width: 64, height: 48, color: Color(red: 90, green: 140, blue: 200))
        for format in [OutputFormat.jpeg, .webp] {
            let bytes = try ImageEncoder.encode(photo, as: format)
            let path = try TempFiles.write(bytes, name: "sample.\(format)", for: self)
            let options = DecodeOptions(minimumSize: Size(width: 16, height: 12))
            let fromBytes = try ImageDecoder.decode(bytes: bytes, options: options)
            let fromFile = try ImageDecoder.decode(path: path, options: options)
            XCTAssertEqual(fromBytes.pixmap.size, fromFile.pixmap.size, "\(format)")
            XCTAssertEqual(fromBytes.pixmap.pixels, fromFile.pixmap.pixels, "\(format)")
            XCTAssertEqual(fromBytes.dctScale, fromFile.dctScale, "\(format)")
            XCTAssertEqual(try ImageDecoder.header(bytes: bytes), try ImageDecoder.header(path: path), "\(format)")
        }
        // JPEG shrinks on load: 64x48 reaches 16x12 at scale 2/8.
        let jpeg = try ImageEncoder.encode(photo, as: .jpeg)
        XCTAssertEqual(try ImageDecoder.decode(bytes: jpeg, options: DecodeOptions(minimumSize: Size(width: 16, height: 12))).pixmap.size,
                       Size(width: 16, height: 12))
    }

    func testErrorsNameTheGivenNameAndKeepTheirKinds() {
        XCTAssertThrowsError(try ImageDecoder.decode(bytes: [])) { error in
            XCTAssertEqual((error as? ImageError)?.kind, .unsupportedFormat)
            XCTAssertEqual((error as? ImageError)?.path, "<bytes>")
        }
        XCTAssertThrowsError(try ImageDecoder.header(bytes: Array("hello".utf8), name: "stdin")) { error in
            XCTAssertEqual((error as? ImageError)?.kind, .unsupportedFormat)
            XCTAssertEqual((error as? ImageError)?.path, "stdin")
        }
        // A PNG signature followed by garbage: libpng rejects it.
        XCTAssertThrowsError(try ImageDecoder.decode(bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])) { error in
            XCTAssertNotEqual((error as? ImageError)?.kind, .unsupportedFormat)
        }
        // A budget under 6 pixels rejects the 3x2 PNG before decoding it.
        let png = try! ImageEncoder.encode(sample(), as: .png)
        XCTAssertThrowsError(try ImageDecoder.decode(bytes: png, options: DecodeOptions(maxPixels: 5))) { error in
            XCTAssertEqual((error as? ImageError)?.kind, .tooLarge)
        }
    }

    /// Fuzz finding (target decode): an 8x6 AVIF whose AV1 stream dav1d
    /// rejects. libheif 1.15's dav1d plugin leaks 40 bytes on that path (in
    /// the system library; suppressed in Fuzz/lsan.supp); our side must
    /// still report a corrupt file, not crash or return pixels.
    func testCorruptAV1StreamIsACorruptError() throws {
        let avif = [UInt8](Data(base64Encoded:
        "AAAAHGZ0eXBhdmlmAAAAAGF2aWZtaWYxbWlhZgAAAOptZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAA"
        + "AAAAAA5waXRtAAAAAAABAAAAImlsb2MAAAAARCIAAQABAAAAAAEOAAEAAAAAAAAAIgAAACNpaW5mAAAAAAABAAAAFWluZmUC"
        + "AAAAAAEAAGF2MDEAAAAAamlwcnAAAABLaXBjbwAAABNjb2xjcm5seAACAAIABoAAAAAMYXYxQ4EADAAAAAAUaXNwZQAAAAAA"
        + "AAAIAAAABgAAABBwaXhpAAAAAAMICAgAAAAXaXBtYQAAAAAAAAABAAEEgYIDhAAAACptZGF0EgAKBRgIvWBCMhcYAAooooQA"
        + "AQQ/XLeo7ZTm6OpuwaW4gA==")!)
        XCTAssertEqual(avif.count, 304)
        XCTAssertEqual(try ImageDecoder.header(bytes: avif).storedSize, Size(width: 8, height: 6))
        XCTAssertThrowsError(try ImageDecoder.decode(bytes: avif, name: "fuzz.avif")) { error in
            XCTAssertEqual((error as? ImageError)?.kind, .corrupt)
            XCTAssertEqual((error as? ImageError)?.path, "fuzz.avif")
        }
    }
}
