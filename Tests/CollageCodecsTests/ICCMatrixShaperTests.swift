import CImageShim
import CollageTestSupport
import Foundation
import XCTest

/// Issue 32: a matrix/TRC profile (the iPhone's Display P3) is converted to
/// sRGB through tables (icc_matrix_shaper.c) instead of LittleCMS's
/// per-pixel pipeline: the colorimetric result within 1, on any thread count.
final class ICCMatrixShaperTests: XCTestCase {
    /// pug.heic's embedded Display P3 profile.
    private func displayP3() throws -> [UInt8] {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: try TestPackage.corpusFile("pillow-heif/pug.heic"))))
        let decoder = try XCTUnwrap(collage_heif_open())
        defer { collage_heif_close(decoder) }
        var info = collage_heif_info()
        XCTAssertEqual(bytes.withUnsafeBufferPointer { collage_heif_header(decoder, $0.baseAddress, $0.count, &info) }, 0)
        return Array(UnsafeBufferPointer(start: try XCTUnwrap(info.icc), count: info.icc_length))
    }

    private static func decode(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
    private static func encode(_ v: Double) -> Double {
        let c = min(max(v, 0), 1)
        return c <= 0.0031308 ? c * 12.92 : 1.055 * pow(c, 1 / 2.4) - 0.055
    }

    func testDisplayP3IsTheColorimetricConversionWithinOne() throws {
        let profile = try displayP3()
        var status: Int32 = 0
        var message = [CChar](repeating: 0, count: Int(COLLAGE_MESSAGE_MAX))
        let transform = try XCTUnwrap(collage_icc_transform_open(profile, profile.count, &status, &message))
        defer { collage_icc_transform_close(transform) }
        XCTAssertEqual(status, 0)
        XCTAssertEqual(collage_icc_transform_uses_matrix_shaper(transform), 1, "Display P3 is a matrix/TRC profile")

        // Display P3 linear to sRGB linear (both D65, sRGB's transfer curve).
        let m: [[Double]] = [[1.2249401763, -0.2249401763, 0], [-0.0420569547, 1.0420569547, 0],
                             [-0.0196375546, -0.0786360456, 1.0982736001]]
        let levels = [0, 1, 2, 5, 16, 32, 64, 100, 128, 160, 200, 241, 254, 255]
        var pixels: [UInt8] = []
        for r in levels { for g in levels { for b in levels { pixels += [UInt8(r), UInt8(g), UInt8(b), 77] } } }
        pixels.withUnsafeMutableBufferPointer { collage_icc_transform_rows(transform, $0.baseAddress, levels.count, levels.count * levels.count) }
        var index = 0
        for r in levels { for g in levels { for b in levels {
            let linear = [r, g, b].map { Self.decode(Double($0) / 255) }
            for c in 0 ..< 3 {
                let expected = Int((Self.encode(m[c][0] * linear[0] + m[c][1] * linear[1] + m[c][2] * linear[2]) * 255).rounded())
                XCTAssertEqual(Int(pixels[index + c]), expected, accuracy: 1, "P3 (\(r), \(g), \(b)) channel \(c)")
            }
            XCTAssertEqual(pixels[index + 3], 77, "alpha kept")
            index += 4
        } } }
        // Display P3 (241, 0, 0) is sRGB (255, 0, 0), sharp/p3.png's expectation; P3 white stays white.
        XCTAssertEqual(Array(pixels[(levels.firstIndex(of: 241)! * levels.count * levels.count) * 4 ..< ((levels.firstIndex(of: 241)! * levels.count * levels.count) * 4 + 3)]), [255, 0, 0])
        XCTAssertEqual(Array(pixels.suffix(4)), [255, 255, 255, 77])
    }

    /// The whole-image conversion (`collage_icc_to_srgb`) takes the same
    /// tables: its bytes equal the streamed transform's, whatever the threads.
    func testWholeImageConversionEqualsTheRowsOnAnyThreadCount() throws {
        let profile = try displayP3()
        let width = 1031, height = 1020   // over a megapixel: several threads convert bands
        var source = [UInt8](repeating: 0, count: width * height * 4)
        var state: UInt32 = 12345
        for i in source.indices {
            state = state &* 1_664_525 &+ 1_013_904_223
            source[i] = i % 4 == 3 ? 255 : UInt8(truncatingIfNeeded: state >> 24)
        }
        var status: Int32 = 0
        var message = [CChar](repeating: 0, count: Int(COLLAGE_MESSAGE_MAX))
        let transform = try XCTUnwrap(collage_icc_transform_open(profile, profile.count, &status, &message))
        defer { collage_icc_transform_close(transform) }
        var rows = source
        rows.withUnsafeMutableBufferPointer { collage_icc_transform_rows(transform, $0.baseAddress, width, height) }
        XCTAssertNotEqual(rows, source)
        for threads: Int32 in [1, 2, 5] {
            var whole = source
            let result = whole.withUnsafeMutableBufferPointer {
                collage_icc_to_srgb(profile, profile.count, COLLAGE_ICC_RGB, $0.baseAddress, width, height, threads, &message)
            }
            XCTAssertEqual(result, 0)
            XCTAssertTrue(whole == rows, "\(threads) threads")
        }
    }
}
