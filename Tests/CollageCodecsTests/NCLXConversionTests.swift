import XCTest
@testable import CollageCodecs

/// nclx colour (AVIF) to sRGB, against an independent matrix computation.
final class NCLXConversionTests: XCTestCase {
    private func srgbDecode(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
    private func srgbEncode(_ l: Double) -> Double {
        let c = min(max(l, 0), 1)
        return c <= 0.0031308 ? c * 12.92 : 1.055 * pow(c, 1 / 2.4) - 0.055
    }

    func testDisplayP3WithSRGBCurveMatchesTheP3ToSRGBMatrix() {
        // Display P3 (D65) -> linear sRGB (both D65, so no adaptation).
        let m = [[1.2249, -0.2247, 0.0], [-0.0420, 1.0419, 0.0], [-0.0197, -0.0786, 1.0979]]
        let samples: [[UInt8]] = [[200, 100, 100], [60, 140, 90], [128, 128, 128], [30, 60, 200], [240, 220, 180]]
        var pixels: [UInt8] = samples.flatMap { $0 + [77] }
        let outcome = NCLXConversion.apply(primaries: 12, transfer: 13, pixels: &pixels, width: samples.count, height: 1)
        XCTAssertEqual(outcome, .converted)
        for (i, s) in samples.enumerated() {
            let linear = s.map { srgbDecode(Double($0) / 255) }
            for c in 0 ..< 3 {
                let l = m[c][0] * linear[0] + m[c][1] * linear[1] + m[c][2] * linear[2]
                let expected = Int((srgbEncode(l) * 255).rounded())
                XCTAssertEqual(Double(pixels[i * 4 + c]), Double(expected), accuracy: 2, "sample \(s) channel \(c)")
            }
            XCTAssertEqual(pixels[i * 4 + 3], 77, "alpha kept")
        }
    }

    func testBT709WithSRGBCurveIsLeftAlone() {
        var pixels: [UInt8] = [10, 20, 30, 255]
        XCTAssertEqual(NCLXConversion.apply(primaries: 1, transfer: 13, pixels: &pixels, width: 1, height: 1), .none)
        XCTAssertEqual(pixels, [10, 20, 30, 255])
    }

    func testHDRTransferIsKeptWithAWarning() {
        var pixels: [UInt8] = [10, 20, 30, 255]
        let outcome = NCLXConversion.apply(primaries: 9, transfer: 16, pixels: &pixels, width: 1, height: 1)
        guard case .ignored(let warning) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertTrue(warning.contains("transfer 16"), warning)
        XCTAssertTrue(warning.contains("PQ"), warning)
        XCTAssertEqual(pixels, [10, 20, 30, 255])
    }
}
