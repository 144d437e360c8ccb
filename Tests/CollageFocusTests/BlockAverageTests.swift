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
}
