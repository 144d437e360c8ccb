import XCTest
import CollageRaster
@testable import CollageCodecs

/// `--max-bytes` (`SizeBudget.fit`): the file fits, one quality step higher
/// does not (or the quality is the top), a larger budget never gives a lower
/// quality, and an impossible budget says what the lowest quality gives.
final class SizeBudgetTests: XCTestCase {
    private let picture = TestPicture.synthetic(width: 256, height: 192)

    private func size(_ format: OutputFormat, _ quality: Int, _ image: Pixmap? = nil) throws -> Int {
        try ImageEncoder.encode(image ?? picture, as: format, options: EncodeOptions(quality: quality)).count
    }

    func testJPEGFitsAndTheNextQualityDoesNot() throws {
        for budget in [try size(.jpeg, 40) + 1, try size(.jpeg, 75), try size(.jpeg, 93) - 1] {
            let fit = try SizeBudget.fit(picture, as: .jpeg, options: EncodeOptions(), maxBytes: budget)
            XCTAssertLessThanOrEqual(fit.bytes.count, budget)
            XCTAssertEqual(fit.bytes, try ImageEncoder.encode(picture, as: .jpeg, options: EncodeOptions(quality: fit.quality)))
            let above = fit.quality == 100 ? Int.max : try size(.jpeg, fit.quality + 1)
            XCTAssertGreaterThan(above, budget, "budget \(budget): q\(fit.quality)")
        }
        let roomy = try SizeBudget.fit(picture, as: .jpeg, options: EncodeOptions(), maxBytes: 1 << 30)
        XCTAssertEqual(roomy.quality, 100)
    }

    func testALargerBudgetNeverGivesALowerQuality() throws {
        for format in [OutputFormat.jpeg, .webp] {
            var last = 0
            let top = try size(format, 100)
            for budget in Array(stride(from: try size(format, 5), to: top, by: 700)) + [top] {
                let quality = try SizeBudget.fit(picture, as: format, options: EncodeOptions(), maxBytes: budget).quality
                XCTAssertGreaterThanOrEqual(quality, last, "\(format.name) budget \(budget)")
                last = quality
            }
            XCTAssertEqual(last, 100, format.name)
        }
    }

    func testAVIFFitsAndTheNextQualityDoesNot() throws {
        let small = TestPicture.synthetic(width: 96, height: 64)
        let budget = try size(.avif, 60, small)
        let fit = try SizeBudget.fit(small, as: .avif, options: EncodeOptions(), maxBytes: budget)
        XCTAssertLessThanOrEqual(fit.bytes.count, budget)
        XCTAssertGreaterThanOrEqual(fit.quality, 60)
        let above = fit.quality == 100 ? Int.max : try size(.avif, fit.quality + 1, small)
        XCTAssertGreaterThan(above, budget)
    }

    func testAnImpossibleBudgetSaysWhatTheLowestQualityGives() throws {
        let lowest = try size(.jpeg, 1)
        XCTAssertThrowsError(try SizeBudget.fit(picture, as: .jpeg, options: EncodeOptions(), maxBytes: 100)) {
            XCTAssertEqual(($0 as? ImageError)?.reason, "even quality 1 gives \(lowest) bytes, over --max-bytes 100")
        }
        XCTAssertThrowsError(try SizeBudget.fit(picture, as: .png, options: EncodeOptions(), maxBytes: 100_000)) {
            XCTAssertEqual(($0 as? ImageError)?.reason, "--max-bytes needs a quality to lower, and PNG has none: write JPEG, WebP or AVIF")
        }
        XCTAssertThrowsError(try SizeBudget.fit(picture, as: .webp, options: EncodeOptions(settings: ["lossless": "true"]), maxBytes: 100_000)) {
            XCTAssertEqual(($0 as? ImageError)?.reason,
                           "--max-bytes needs a quality to lower, and WebP (lossless) has none: write JPEG, WebP or AVIF")
        }
    }
}
