import CollageRaster
import Foundation

/// The tests' one set of pixel comparisons (issue 34): PSNR, mean and largest
/// channel difference, and the golden rule's count of differing pixels. Images
/// are RGBA8 `Pixmap`s of the same size.
public enum PixelMetrics {
    /// The samples a comparison reads from each pixel.
    public enum Channels: Sendable {
        /// Red, green and blue; alpha ignored.
        case rgb
        /// All four bytes as stored (straight alpha).
        case rgba
        /// Red, green and blue times alpha / 255, then alpha: transparent
        /// pixels compare equal whatever their colour.
        case premultipliedRGBA
    }

    /// PSNR in dB of 8-bit samples whose mean squared error is `mse`
    /// (peak 255): infinity when the samples are equal.
    public static func psnr(meanSquaredError mse: Double) -> Double {
        mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// PSNR in dB of two equally long sample arrays, every byte a sample.
    public static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        precondition(a.count == b.count, "\(a.count) vs \(b.count) samples")
        var sum = 0.0
        for (u, v) in zip(a, b) {
            let d = Double(Int(u) - Int(v))
            sum += d * d
        }
        return psnr(meanSquaredError: sum / Double(max(a.count, 1)))
    }

    /// PSNR in dB over `channels` (infinity for identical images), leaving
    /// out the pixels inside `box` (e.g. a label that differs on purpose).
    public static func psnr(_ a: Pixmap, _ b: Pixmap, channels: Channels = .rgb, excluding box: PixelRect? = nil) -> Double {
        var sum = 0.0, count = 0
        forEachSample(a, b, channels: channels, excluding: box) { u, v in
            sum += (u - v) * (u - v)
            count += 1
        }
        return psnr(meanSquaredError: sum / Double(max(count, 1)))
    }

    /// Mean absolute difference of the samples, over `channels`.
    public static func meanAbsoluteDifference(_ a: Pixmap, _ b: Pixmap, channels: Channels = .rgb) -> Double {
        var total = 0.0, count = 0
        forEachSample(a, b, channels: channels, excluding: nil) { u, v in
            total += abs(u - v)
            count += 1
        }
        return total / Double(max(count, 1))
    }

    /// Largest difference of any sample, over `channels` (rounded to whole
    /// steps for premultiplied samples).
    public static func maxDifference(_ a: Pixmap, _ b: Pixmap, channels: Channels = .rgb) -> Int {
        var worst = 0.0
        forEachSample(a, b, channels: channels, excluding: nil) { u, v in worst = max(worst, abs(u - v)) }
        return Int(worst.rounded())
    }

    /// The golden rule (README "Tests"): pixels that differ (`differ`);
    /// pixels transparent in both images are skipped.
    public static func differingPixels(_ a: Pixmap, _ b: Pixmap, tolerance: Int) -> Int {
        precondition(a.size == b.size, "\(a.size) vs \(b.size)")
        var count = 0
        a.pixels.withUnsafeBufferPointer { pa in
            b.pixels.withUnsafeBufferPointer { pb in
                var i = 0
                while i < pa.count {
                    let p = Color(red: pa[i], green: pa[i + 1], blue: pa[i + 2], alpha: pa[i + 3])
                    let q = Color(red: pb[i], green: pb[i + 1], blue: pb[i + 2], alpha: pb[i + 3])
                    if !(p.alpha == 0 && q.alpha == 0), differ(p, q, tolerance: tolerance) { count += 1 }
                    i += 4
                }
            }
        }
        return count
    }

    /// Whether two pixels differ under the golden rule: one of their four
    /// channels by more than `tolerance`.
    public static func differ(_ a: Color, _ b: Color, tolerance: Int) -> Bool {
        max(abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)),
            abs(Int(a.blue) - Int(b.blue)), abs(Int(a.alpha) - Int(b.alpha))) > tolerance
    }

    /// Calls `body` with each pair of samples `channels` reads, pixel by
    /// pixel, skipping the pixels inside `box`.
    private static func forEachSample(_ a: Pixmap, _ b: Pixmap, channels: Channels, excluding box: PixelRect?,
                                      _ body: (Double, Double) -> Void) {
        precondition(a.size == b.size, "\(a.size) vs \(b.size)")
        a.pixels.withUnsafeBufferPointer { pa in
            b.pixels.withUnsafeBufferPointer { pb in
                for y in 0 ..< a.height {
                    for x in 0 ..< a.width {
                        if let box, x >= box.x, x < box.maxX, y >= box.y, y < box.maxY { continue }
                        let i = (y * a.width + x) * 4
                        switch channels {
                        case .rgb:
                            for c in 0 ..< 3 { body(Double(pa[i + c]), Double(pb[i + c])) }
                        case .rgba:
                            for c in 0 ..< 4 { body(Double(pa[i + c]), Double(pb[i + c])) }
                        case .premultipliedRGBA:
                            let alphaA = Double(pa[i + 3]), alphaB = Double(pb[i + 3])
                            for c in 0 ..< 3 { body(Double(pa[i + c]) * alphaA / 255, Double(pb[i + c]) * alphaB / 255) }
                            body(alphaA, alphaB)
                        }
                    }
                }
            }
        }
    }
}
