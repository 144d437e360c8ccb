import CollageNumerics
import Glibc

/// Gaussian blur of a coverage mask, as CSS blurs shadows: sigma = blur / 2
/// (README "Rules": Text), the kernel truncated at 3 sigma and
/// normalised to sum 1, applied separably (rows, then columns) in floats.
public enum GaussianBlur {
    /// The kernel radius in whole pixels for `sigma`: ceil(3 sigma).
    public static func radius(sigma: Double) -> Int {
        sigma > 0 ? Int(checked: 3 * sigma, .up) : 0
    }

    /// Normalised weights for offsets -radius...radius.
    static func kernel(sigma: Double) -> [Float] {
        let r = radius(sigma: sigma)
        guard r > 0 else { return [1] }
        var weights = (-r...r).map { offset -> Double in
            let x = Double(offset)
            return gaussian(x, sigma: sigma)
        }
        let sum = weights.reduce(0, +)
        weights = weights.map { $0 / sum }
        return weights.map(Float.init)
    }

    /// exp(-x² / 2σ²), written as (x / σ)² so that a tiny σ (a `blur` of
    /// 1e-300) gives weights 1 at 0 and 0 elsewhere instead of 0 / 0 = NaN.
    private static func gaussian(_ x: Double, sigma: Double) -> Double {
        let t = x / sigma
        return exp(-0.5 * t * t)
    }

    /// Blurs `mask` with sigma `sigma` pixels. The result is larger by the
    /// kernel radius on every side: its top-left pixel is `radius` pixels
    /// up and left of the input's. sigma <= 0 returns the mask unchanged.
    public static func blur(_ mask: CoverageMask, sigma: Double) -> (mask: CoverageMask, radius: Int) {
        let r = radius(sigma: sigma)
        guard r > 0, mask.width > 0, mask.height > 0 else { return (mask, 0) }
        let k = kernel(sigma: sigma)
        let width = mask.width + 2 * r, height = mask.height + 2 * r
        // Horizontal pass into floats (rows of the input only), then vertical.
        var horizontal = [Float](repeating: 0, count: width * mask.height)
        horizontal.withUnsafeMutableBufferPointer { out in
            mask.coverage.withUnsafeBufferPointer { input in
                k.withUnsafeBufferPointer { kernel in
                    for y in 0..<mask.height {
                        let row = y * mask.width
                        for x in 0..<mask.width {
                            let v = Float(input[row + x])
                            guard v != 0 else { continue }
                            // Input pixel x lands at output x + r; spread it over x ... x + 2r.
                            let base = y * width + x
                            for i in 0..<kernel.count { out[base + i] += v * kernel[i] }
                        }
                    }
                }
            }
        }
        var coverage = [UInt8](repeating: 0, count: width * height)
        coverage.withUnsafeMutableBufferPointer { out in
            horizontal.withUnsafeBufferPointer { input in
                k.withUnsafeBufferPointer { kernel in
                    var column = [Float](repeating: 0, count: height)
                    for x in 0..<width {
                        for i in 0..<height { column[i] = 0 }
                        for y in 0..<mask.height {
                            let v = input[y * width + x]
                            guard v != 0 else { continue }
                            for i in 0..<kernel.count { column[y + i] += v * kernel[i] }
                        }
                        for y in 0..<height {
                            let v = column[y]
                            out[y * width + x] = v >= 255 ? 255 : (v <= 0 ? 0 : UInt8(truncatingIfNeeded: Int(checked: v + 0.5)))
                        }
                    }
                }
            }
        }
        return (CoverageMask(width: width, height: height, coverage: coverage), r)
    }
}
