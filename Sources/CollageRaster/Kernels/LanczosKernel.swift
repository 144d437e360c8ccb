import Glibc

/// The Lanczos-3 kernel, `sinc(x) * sinc(x / 3)` for `-3 <= x < 3`, else 0
/// (the definition of Pillow's `lanczos_filter`; README "Rules": Resampler fixes Lanczos-3).
enum LanczosKernel {
    /// Half-width of the kernel in input pixels at scale 1.
    static let support: Double = 3

    /// The kernel at `x` (input pixels, scaled by the resampling factor).
    /// Exactly 1 at 0 and exactly 0 at every other integer, so a resample at
    /// scale 1 with an integer offset copies its input bit for bit.
    @inline(__always)
    static func weight(_ x: Double) -> Double {
        if x == 0 { return 1 }
        guard x >= -support && x < support else { return 0 }
        if x == x.rounded() { return 0 }
        let px = Double.pi * x
        let px3 = px / support
        return (Glibc.sin(px) / px) * (Glibc.sin(px3) / px3)
    }
}
