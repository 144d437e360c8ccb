import CollageRaster
@testable import CollageFocus
import XCTest

/// `AnalysisImage.blockAverage` (two pixels at a time in packed 16-bit
/// lanes) gives exactly the bytes of averaging every pixel over white: opaque photos, a few
/// pixels not opaque (those blocks summed again over white), sizes that
/// leave partial blocks, every k the analysis uses (1...8).
final class BlockAverageTests: XCTestCase {
    private func pixmap(width: Int, height: Int, seed: UInt64, transparentEvery: Int?) -> Pixmap {
        var state = seed
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for i in 0..<(width * height) {
            for c in 0..<3 {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                pixels[i * 4 + c] = UInt8(truncatingIfNeeded: state >> 56)
            }
            if let every = transparentEvery, i % every == 0 { pixels[i * 4 + 3] = UInt8(truncatingIfNeeded: i * 37) }
        }
        return Pixmap(width: width, height: height, pixels: pixels)
    }

    /// Each pixel over white (`AnalysisImage.overWhite`), summed per block, the mean rounded half up.
    private func byPixel(_ image: Pixmap, by k: Int) -> Pixmap {
        let sw = image.width, sh = image.height, w = (sw + k - 1) / k, h = (sh + k - 1) / k
        var out = [UInt8](repeating: 255, count: w * h * 4)
        for by in 0..<h {
            for bx in 0..<w {
                var sums = [0, 0, 0], count = 0
                for y in (by * k)..<min(sh, by * k + k) {
                    for x in (bx * k)..<min(sw, bx * k + k) {
                        let i = (y * sw + x) * 4, a = Int(image.pixels[i + 3])
                        for c in 0..<3 { sums[c] += (Int(image.pixels[i + c]) * a + 255 * (255 - a) + 127) / 255 }
                        count += 1
                    }
                }
                for c in 0..<3 { out[(by * w + bx) * 4 + c] = UInt8((sums[c] * 2 + count) / (2 * count)) }
            }
        }
        return Pixmap(width: w, height: h, pixels: out)
    }

    func testEqualsThePixelByPixelAverage() {
        var blocksWithAlpha = 0
        for (n, (w, h)) in [(53, 41), (64, 48), (17, 9), (1, 1), (200, 3)].enumerated() {
            for transparent in [nil, 97] as [Int?] {
                let image = pixmap(width: w, height: h, seed: UInt64(n + 1), transparentEvery: transparent)
                for k in 1...8 {
                    let fast = AnalysisImage.blockAverage(image, by: k), reference = byPixel(image, by: k)
                    XCTAssertEqual(fast.width, (w + k - 1) / k)
                    XCTAssertEqual(fast.height, (h + k - 1) / k)
                    XCTAssertEqual(fast.pixels, reference.pixels, "\(w)x\(h), k \(k), transparent \(String(describing: transparent))")
                    if transparent != nil && k == 2 { blocksWithAlpha += 1 }
                }
            }
        }
        XCTAssertEqual(blocksWithAlpha, 5)
        // A known value: a 2x2 block of (10, 20, 30) opaque and one pixel (200, 0, 0) at alpha 0 (white over it).
        let tiny = Pixmap(width: 2, height: 2, pixels: [10, 20, 30, 255, 10, 20, 30, 255, 10, 20, 30, 255, 200, 0, 0, 0])
        XCTAssertEqual(AnalysisImage.blockAverage(tiny, by: 2).pixels, [71, 79, 86, 255])
    }

    /// Rows wide enough for the kernel's AVX2 (64 bytes a step) and SSE2 (32)
    /// passes and a plain tail (517 px = 2068 bytes: 32 AVX2 steps, one SSE2
    /// step, 4 bytes left), and a render decode's width at the reference
    /// job's k (2000 px, k 6): the same bytes as the per-pixel average.
    func testWideRowsEqualThePixelByPixelAverage() {
        for (w, h) in [(517, 13), (2000, 14), (33, 17)] {
            for transparent in [nil, 1013] as [Int?] {
                let image = pixmap(width: w, height: h, seed: UInt64(w), transparentEvery: transparent)
                for k in [1, 2, 3, 6, 7, 8] {
                    XCTAssertEqual(AnalysisImage.blockAverage(image, by: k).pixels, byPixel(image, by: k).pixels,
                                   "\(w)x\(h), k \(k), transparent \(String(describing: transparent))")
                }
            }
        }
        // A known value: 16 opaque pixels of (255, 128, 1) in one 4 x 4 block, then a 2 x 4 remainder of (3, 4, 5).
        var pixels: [UInt8] = []
        for _ in 0..<4 { for x in 0..<6 { pixels += x < 4 ? [255, 128, 1, 255] : [3, 4, 5, 255] } }
        XCTAssertEqual(AnalysisImage.blockAverage(Pixmap(width: 6, height: 4, pixels: pixels), by: 4).pixels,
                       [255, 128, 1, 255, 3, 4, 5, 255])
    }

    /// The rounded mean's multiply-shift (`roundingReciprocal`) equals the
    /// integer division (2·sum + count) / (2·count) for every block pixel
    /// count (1...64) and every sum of 8-bit values over it.
    func testRoundingReciprocalDividesExactly() {
        var checked = 0, wrong = 0
        for count in 1...64 {
            let m = AnalysisImage.roundingReciprocal(of: count)
            for sum in 0...(255 * count) {
                let n = 2 * sum + count
                if Int((UInt64(n) &* m) >> 32) != n / (2 * count) { wrong += 1 }
                checked += 1
            }
        }
        XCTAssertEqual(checked, 530_464)
        XCTAssertEqual(wrong, 0)
        // 36 pixels (a 6 x 6 block) summing to 4607: 127.97 rounds to 128; 4589 (127.47) to 127.
        let m = AnalysisImage.roundingReciprocal(of: 36)
        XCTAssertEqual((UInt64(2 * 4607 + 36) &* m) >> 32, 128)
        XCTAssertEqual((UInt64(2 * 4589 + 36) &* m) >> 32, 127)
    }
}
