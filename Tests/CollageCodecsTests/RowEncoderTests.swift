import XCTest
import CollageRaster
@testable import CollageCodecs

/// RowEncoder: rows handed over in bands of any size give the bytes of the
/// one-shot encoder, whatever the format and options.
final class RowEncoderTests: XCTestCase {
    /// Encodes `pixmap` through a row encoder, `bands` rows at a time (cycling).
    private func encodeInBands(_ pixmap: Pixmap, as format: OutputFormat, bands: [Int], options: EncodeOptions,
                               alpha: Bool = false) throws -> (bytes: [UInt8], opaque: Bool) {
        let encoder = try RowEncoder(format: format, width: pixmap.width, height: pixmap.height, options: options, alpha: alpha)
        var row = 0, next = 0
        pixmap.pixels.withUnsafeBufferPointer { pixels in
            while row < pixmap.height {
                let count = min(bands[next % bands.count], pixmap.height - row)
                encoder.write(rows: pixels.baseAddress! + row * pixmap.width * 4, count: count)
                row += count; next += 1
            }
        }
        XCTAssertEqual(encoder.rowsWritten, pixmap.height)
        let opaque = encoder.isOpaque
        return (try encoder.finish(), opaque)
    }

    private let opaque = TestPicture.synthetic(width: 203, height: 117)
    private let translucent = TestPicture.synthetic(width: 203, height: 117) { x, y in x > 150 && y > 90 ? UInt8((x * y) % 256) : 255 }

    func testJPEGBandsGiveTheOneShotBytesForEveryOption() throws {
        let options = [
            EncodeOptions(),
            EncodeOptions(quality: 40, flattenBackground: Color(red: 10, green: 200, blue: 30), dpi: 300, settings: ["subsampling": "444"]),
            EncodeOptions(quality: 95, settings: ["progressive": "true"]),
        ]
        for option in options {
            for pixmap in [opaque, translucent] {
                let whole = try ImageEncoder.encode(pixmap, as: .jpeg, options: option)
                for bands in [[16], [1], [7, 40, 3], [117]] {
                    let streamed = try encodeInBands(pixmap, as: .jpeg, bands: bands, options: option)
                    XCTAssertEqual(streamed.bytes, whole, "bands \(bands), \(option)")
                    XCTAssertEqual(streamed.opaque, pixmap.isOpaque)
                }
            }
        }
    }

    /// RGB for an opaque image and RGBA otherwise, as the one-shot encoder
    /// picks; an RGB stream that gets a transparent pixel says so.
    func testPNGBandsGiveTheOneShotBytes() throws {
        for options in [EncodeOptions(), EncodeOptions(dpi: 72)] {
            for bands in [[16], [5, 50]] {
                let rgb = try encodeInBands(opaque, as: .png, bands: bands, options: options)
                XCTAssertEqual(rgb.bytes, try ImageEncoder.encode(opaque, as: .png, options: options))
                XCTAssertEqual(rgb.bytes[25], 2, "colour type RGB")
                XCTAssertTrue(rgb.opaque)
                let rgba = try encodeInBands(translucent, as: .png, bands: bands, options: options, alpha: true)
                XCTAssertEqual(rgba.bytes, try ImageEncoder.encode(translucent, as: .png, options: options))
                XCTAssertEqual(rgba.bytes[25], 6, "colour type RGBA")
                XCTAssertFalse(try encodeInBands(translucent, as: .png, bands: bands, options: options).opaque,
                               "an RGB stream reports the alpha it dropped")
            }
        }
    }

    func testFinishingEarlyOrTwiceAndImpossibleRequestsThrow() throws {
        let pixmap = TestPicture.synthetic(width: 32, height: 40)
        for format in [OutputFormat.jpeg, .png] {
            let name = format.rawValue.uppercased()
            let encoder = try RowEncoder(format: format, width: 32, height: 40)
            pixmap.pixels.withUnsafeBufferPointer { encoder.write(rows: $0.baseAddress!, count: 39) }
            XCTAssertThrowsError(try encoder.finish()) { error in
                XCTAssertEqual((error as? ImageError)?.kind, .encodeFailed)
                XCTAssertEqual((error as? ImageError)?.reason, "\(name) encoding failed: fewer rows written than the image has")
            }
            XCTAssertThrowsError(try encoder.finish()) { error in
                XCTAssertEqual((error as? ImageError)?.reason, "\(name) encoding failed: already finished")
            }
            XCTAssertThrowsError(try RowEncoder(format: format, width: 0, height: 10)) { error in
                XCTAssertEqual((error as? ImageError)?.reason, "cannot encode a 0x10 image as \(name)")
            }
        }
        XCTAssertThrowsError(try RowEncoder(format: .jpeg, width: 65_501, height: 1)) { error in
            XCTAssertEqual((error as? ImageError)?.reason, "cannot encode a 65501x1 image as JPEG")
        }
        XCTAssertThrowsError(try RowEncoder(format: .webp, width: 10, height: 10)) { error in
            XCTAssertEqual((error as? ImageError)?.reason, "WebP cannot be encoded a band at a time")
        }
    }

    /// Extra rows past the height are ignored, as the one-shot encoders' loops do.
    func testRowsPastTheHeightAreIgnored() throws {
        let pixmap = TestPicture.synthetic(width: 20, height: 24)
        let top = Pixmap(width: 20, height: 16, pixels: Array(pixmap.pixels[0 ..< 20 * 16 * 4]))
        for format in [OutputFormat.jpeg, .png] {
            let encoder = try RowEncoder(format: format, width: 20, height: 16)
            pixmap.pixels.withUnsafeBufferPointer { encoder.write(rows: $0.baseAddress!, count: 24) }
            XCTAssertEqual(encoder.rowsWritten, 16)
            XCTAssertEqual(try encoder.finish(), try ImageEncoder.encode(top, as: format))
        }
    }
}
