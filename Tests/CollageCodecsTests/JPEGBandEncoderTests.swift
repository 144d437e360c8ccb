import XCTest
import CollageRaster
import Dispatch
@testable import CollageCodecs
import CollageTestSupport

/// JPEGBandEncoder: bands of 8 MCU rows encoded in any order, on several
/// threads, join into the bytes of the one-shot encoder, whose baseline
/// files restart the entropy coder at every MCU row.
final class JPEGBandEncoderTests: XCTestCase {
    /// Encodes `pixmap` band by band: last band first, or all at once on
    /// several threads.
    private func encodeInBands(_ pixmap: Pixmap, options: EncodeOptions, concurrently: Bool = false) throws -> JPEGBandEncoder {
        let encoder = try JPEGBandEncoder(width: pixmap.width, height: pixmap.height, options: options)
        pixmap.pixels.withUnsafeBufferPointer { pixels in
            nonisolated(unsafe) let base = pixels.baseAddress!
            let rowBytes = pixmap.width * 4
            if concurrently {
                DispatchQueue.concurrentPerform(iterations: encoder.bandCount) { band in
                    encoder.encode(band: band, rows: base + encoder.rows(ofBand: band).lowerBound * rowBytes)
                }
            } else {
                for band in (0 ..< encoder.bandCount).reversed() {
                    encoder.encode(band: band, rows: base + encoder.rows(ofBand: band).lowerBound * rowBytes)
                }
            }
        }
        return encoder
    }

    /// The value of the DRI segment (restart interval in MCUs), nil without one.
    private func restartInterval(_ bytes: [UInt8]) -> Int? {
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF, bytes[offset + 1] != 0xDA {
            if bytes[offset + 1] == 0xDD { return Int(bytes[offset + 4]) << 8 | Int(bytes[offset + 5]) }
            offset += 2 + (Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3]))
        }
        return nil
    }

    /// RST0...RST7 markers in the file (0xFF before them is never stuffed data).
    private func restartMarkers(_ bytes: [UInt8]) -> [UInt8] {
        zip(bytes, bytes.dropFirst()).compactMap { a, b in a == 0xFF && (0xD0 ... 0xD7).contains(b) ? b - 0xD0 : nil }
    }

    func testBandsInAnyOrderGiveTheOneShotBytes() throws {
        let options = [
            EncodeOptions(),
            EncodeOptions(quality: 40, flattenBackground: Color(red: 10, green: 200, blue: 30), dpi: 300, settings: ["subsampling": "444"]),
        ]
        // Heights below one band, of whole bands, and one row over; widths
        // that are and are not whole MCUs.
        let sizes = [Size(width: 203, height: 117), Size(width: 64, height: 256), Size(width: 97, height: 385),
                     Size(width: 1, height: 1), Size(width: 320, height: 129)]
        for size in sizes {
            let pixmap = TestPicture.synthetic(width: size.width, height: size.height) { x, y in
                x > size.width / 2 && y > size.height / 2 ? UInt8((x * y) % 256) : 255
            }
            for option in options {
                let whole = try ImageEncoder.encode(pixmap, as: .jpeg, options: option)
                for concurrently in [false, true] {
                    let encoder = try encodeInBands(pixmap, options: option, concurrently: concurrently)
                    XCTAssertTrue(encoder.isComplete)
                    XCTAssertEqual(encoder.isOpaque, pixmap.isOpaque)
                    XCTAssertEqual(try encoder.finish(), whole, "\(size), \(option), concurrently \(concurrently)")
                }
                // One restart per MCU row: the interval is one row of MCUs,
                // and the markers between the rows count 0...7 cyclically.
                let mcu = JPEGSaver.subsampling(option) == 444 ? 8 : 16
                let mcuRows = (size.height + mcu - 1) / mcu
                XCTAssertEqual(restartInterval(whole), (size.width + mcu - 1) / mcu)
                XCTAssertEqual(restartMarkers(whole), (0 ..< mcuRows - 1).map { UInt8($0 % 8) })
            }
        }
    }

    func testBandHeightIsEightMCURows() throws {
        XCTAssertEqual(try JPEGBandEncoder(width: 10, height: 300).bandHeight, 128)
        let full = try JPEGBandEncoder(width: 10, height: 300, options: EncodeOptions(settings: ["subsampling": "444"]))
        XCTAssertEqual(full.bandHeight, 64)
        XCTAssertEqual(full.bandCount, 5)
        XCTAssertEqual(full.rows(ofBand: 4), 256 ..< 300)
    }

    /// The joined file (restart markers and all) decodes to exactly the
    /// pixels of the same picture written progressive (same quantised
    /// coefficients, no restarts): the markers change no pixel.
    func testJoinedFileDecodesLikeAFileWithoutRestarts() throws {
        let pixmap = TestPicture.synthetic(width: 300, height: 700)
        let joined = try encodeInBands(pixmap, options: EncodeOptions(), concurrently: true).finish()
        let progressive = try ImageEncoder.encode(pixmap, as: .jpeg, options: EncodeOptions(settings: ["progressive": "true"]))
        XCTAssertNil(restartInterval(progressive))
        let decoded = try ImageDecoder.decode(path: TempFiles.write(joined, name: "joined.jpg", for: self))
        XCTAssertEqual(decoded.size, Size(width: 300, height: 700))
        XCTAssertEqual(decoded, try ImageDecoder.decode(path: TempFiles.write(progressive, name: "progressive.jpg", for: self)))
        XCTAssertGreaterThan(PixelMetrics.psnr(decoded, pixmap), 28)
    }

    func testMissingBandOrProgressiveIsAnError() throws {
        let pixmap = TestPicture.synthetic(width: 40, height: 300)
        let encoder = try JPEGBandEncoder(width: 40, height: 300)
        pixmap.pixels.withUnsafeBufferPointer { encoder.encode(band: 0, rows: $0.baseAddress!) }
        XCTAssertFalse(encoder.isComplete)
        XCTAssertThrowsError(try encoder.finish()) { error in
            XCTAssertEqual((error as? ImageError)?.kind, .encodeFailed)
            XCTAssertEqual((error as? ImageError)?.reason, "JPEG encoding failed: fewer rows written than the image has")
        }
        XCTAssertThrowsError(try JPEGBandEncoder(width: 40, height: 300, options: EncodeOptions(settings: ["progressive": "true"])))
        XCTAssertThrowsError(try JPEGBandEncoder(width: 70_000, height: 10))
    }
}
