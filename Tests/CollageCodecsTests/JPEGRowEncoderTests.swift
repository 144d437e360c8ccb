import XCTest
import CollageRaster
@testable import CollageCodecs

/// JPEGRowEncoder: rows handed over in bands of any size give the bytes of
/// the one-shot encoder, whatever the options.
final class JPEGRowEncoderTests: XCTestCase {
    /// Encodes `pixmap` through a row encoder, `bands` rows at a time (cycling).
    private func encodeInBands(_ pixmap: Pixmap, bands: [Int], options: EncodeOptions) throws -> (bytes: [UInt8], opaque: Bool) {
        let encoder = try JPEGRowEncoder(width: pixmap.width, height: pixmap.height, options: options)
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

    func testBandsGiveTheOneShotBytesForEveryOption() throws {
        let opaque = PixmapMetrics.synthetic(width: 203, height: 117)
        let translucent = PixmapMetrics.synthetic(width: 203, height: 117) { x, y in x > 150 && y > 90 ? UInt8((x * y) % 256) : 255 }
        let options = [
            EncodeOptions(),
            EncodeOptions(quality: 40, flattenBackground: Color(red: 10, green: 200, blue: 30), subsampling: .yuv444, dpi: 300),
            EncodeOptions(quality: 95, progressive: true),
        ]
        for option in options {
            for pixmap in [opaque, translucent] {
                let whole = try ImageEncoder.encode(pixmap, as: .jpeg, options: option)
                for bands in [[16], [1], [7, 40, 3], [117]] {
                    let streamed = try encodeInBands(pixmap, bands: bands, options: option)
                    XCTAssertEqual(streamed.bytes, whole, "bands \(bands), \(option)")
                    XCTAssertEqual(streamed.opaque, pixmap.isOpaque)
                }
            }
        }
    }

    func testFinishingEarlyOrTwiceAndImpossibleSizesThrow() throws {
        let pixmap = PixmapMetrics.synthetic(width: 32, height: 40)
        let encoder = try JPEGRowEncoder(width: 32, height: 40)
        pixmap.pixels.withUnsafeBufferPointer { encoder.write(rows: $0.baseAddress!, count: 39) }
        XCTAssertThrowsError(try encoder.finish()) { error in
            XCTAssertEqual((error as? ImageError)?.kind, .encodeFailed)
            XCTAssertEqual((error as? ImageError)?.reason, "JPEG encoding failed: fewer rows written than the image has")
        }
        XCTAssertThrowsError(try encoder.finish()) { error in
            XCTAssertEqual((error as? ImageError)?.reason, "JPEG encoding failed: already finished")
        }
        for size in [Size(width: 0, height: 10), Size(width: 65_501, height: 1)] {
            XCTAssertThrowsError(try JPEGRowEncoder(width: size.width, height: size.height)) { error in
                XCTAssertEqual((error as? ImageError)?.reason, "cannot encode a \(size) image as JPEG")
            }
        }
    }

    /// Extra rows past the height are ignored, as the one-shot encoder's loop does.
    func testRowsPastTheHeightAreIgnored() throws {
        let pixmap = PixmapMetrics.synthetic(width: 20, height: 24)
        let encoder = try JPEGRowEncoder(width: 20, height: 16)
        pixmap.pixels.withUnsafeBufferPointer { encoder.write(rows: $0.baseAddress!, count: 24) }
        XCTAssertEqual(encoder.rowsWritten, 16)
        let top = Pixmap(width: 20, height: 16, pixels: Array(pixmap.pixels[0 ..< 20 * 16 * 4]))
        XCTAssertEqual(try encoder.finish(), try ImageEncoder.encode(top, as: .jpeg))
    }
}
