import CollageRaster
import CollageTestSupport
import XCTest

/// The tests' one set of pixel metrics (`PixelMetrics`) on pictures whose
/// figures are worked out by hand.
final class PixelMetricsTests: XCTestCase {
    func testPSNROfKnownSamples() {
        XCTAssertEqual(PixelMetrics.psnr([1, 2, 3], [1, 2, 3]), .infinity)
        // Every sample off by 1: MSE 1, PSNR 20 log10(255) = 48.13 dB.
        XCTAssertEqual(PixelMetrics.psnr([0, 10, 255, 7], [1, 9, 254, 8]), 48.1308, accuracy: 1e-4)
        // MSE (0 + 4 + 16 + 100) / 4 = 30: 10 log10(65025 / 30) = 33.36 dB.
        XCTAssertEqual(PixelMetrics.psnr([0, 0, 0, 0], [0, 2, 4, 10]), 33.3596, accuracy: 1e-4)
        XCTAssertEqual(PixelMetrics.psnr(meanSquaredError: 255 * 255), 0)
    }

    /// Two 2x1 pictures: the right pixel differs by 3, 4, 0 in colour and by
    /// 255 -> 127 in alpha.
    private let left = Pixmap(width: 2, height: 1, pixels: [10, 20, 30, 255, 100, 100, 100, 255])
    private let right = Pixmap(width: 2, height: 1, pixels: [10, 20, 30, 255, 103, 104, 100, 127])

    func testChannelsAndExcludedBox() {
        // RGB: squares 0, 0, 0, 9, 16, 0: MSE 25 / 6.
        XCTAssertEqual(PixelMetrics.psnr(left, right), 10 * log10(65025 / (25.0 / 6)), accuracy: 1e-9)
        // RGBA adds the alpha samples: 0 and 128 squared.
        XCTAssertEqual(PixelMetrics.psnr(left, right, channels: .rgba), 10 * log10(65025 / ((25.0 + 16384) / 8)), accuracy: 1e-9)
        // Premultiplied: 100 vs 103 * 127 / 255 and so on, then alpha.
        let scale = 127.0 / 255
        let squares = [100 - 103 * scale, 100 - 104 * scale, 100 - 100 * scale, 128].map { $0 * $0 }.reduce(0, +)
        XCTAssertEqual(PixelMetrics.psnr(left, right, channels: .premultipliedRGBA), 10 * log10(65025 / (squares / 8)),
                       accuracy: 1e-9)
        // Leaving the differing pixel out leaves equal pictures.
        XCTAssertEqual(PixelMetrics.psnr(left, right, excluding: PixelRect(x: 1, y: 0, width: 1, height: 1)), .infinity)
    }

    func testDifferences() {
        XCTAssertEqual(PixelMetrics.meanAbsoluteDifference(left, right), 7.0 / 6, accuracy: 1e-12)
        XCTAssertEqual(PixelMetrics.maxDifference(left, right), 4)
        XCTAssertEqual(PixelMetrics.maxDifference(left, right, channels: .rgba), 128)
        XCTAssertEqual(PixelMetrics.differingPixels(left, right, tolerance: 1), 1)
        XCTAssertEqual(PixelMetrics.differingPixels(left, right, tolerance: 200), 0)
        XCTAssertTrue(PixelMetrics.differ(left[1, 0], right[1, 0], tolerance: 127))
        XCTAssertFalse(PixelMetrics.differ(left[1, 0], right[1, 0], tolerance: 128))
        // Pixels transparent in both are skipped, whatever their colour.
        let clear = Pixmap(width: 1, height: 1, pixels: [255, 0, 0, 0]), other = Pixmap(width: 1, height: 1, pixels: [0, 0, 255, 0])
        XCTAssertEqual(PixelMetrics.differingPixels(clear, other, tolerance: 1), 0)
        XCTAssertEqual(PixelMetrics.psnr(clear, other, channels: .premultipliedRGBA), .infinity)
    }
}
