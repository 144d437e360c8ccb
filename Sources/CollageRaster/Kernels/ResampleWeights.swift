import CollageNumerics
/// Per-output-pixel filter taps along one axis of a resample: which input
/// pixels contribute to each output pixel and with what (normalised) weight.
///
/// Tap placement is Pillow's `precompute_coeffs` for `resize(box=...)`:
/// output pixel `o` (centre `o + 0.5`) maps to input position
/// `windowStart + (o + 0.5) * scale` with `scale = windowLength / outputSize`;
/// when downscaling (`scale > 1`) the Lanczos-3 kernel is widened by `scale`
/// (support `3 * scale`); the weights are normalised to sum to 1. Taps
/// outside the window read the photo's real pixels (README "Rules": Resampler).
///
/// At the photo's edges this deviates from Pillow, which drops the taps
/// beyond the edge and renormalises: here they are reflected about the edge
/// pixel's centre (pixel -1 reads pixel 1; "reflect-101", numpy's
/// `pad(mode: "reflect")`, OpenCV's default border) and their weights folded
/// onto those pixels. The kernel stays whole and symmetric, so a fine
/// periodic pattern averages correctly up to the edge: 1-px black/white
/// columns drawn at 1/4 give sRGB 188 in every column, as issue 7 requires
/// (Pillow's truncated kernel gives 180 and 194 in the edge columns, edge
/// replication 175 and 199). Only output pixels within ~3 source pixels x
/// scale of a photo edge are affected.
struct ResampleWeights {
    /// The output pixels these taps cover (a sub-range of `0 ..< outputSize`).
    let outputs: Range<Int>
    /// First input pixel of each output in `outputs` (index 0 = `outputs.lowerBound`).
    let first: [Int]
    /// Number of taps of each output (0 when its kernel misses the image
    /// entirely: that output is transparent).
    let count: [Int]
    /// True when every output has taps.
    let isComplete: Bool
    /// Weights, `stride` slots per output, the first `count[i]` used.
    let weights: [Float]
    let stride: Int
    /// The input pixels read by any output: `lowest ..< highest` (empty if none).
    let lowest: Int
    let highest: Int

    /// - Parameters:
    ///   - inputSize: pixels of the input along this axis (the decoded pixmap).
    ///   - windowStart, windowLength: the fractional crop window along this axis,
    ///     in input pixels (pixel `i` spans `i ..< i + 1`); `windowLength > 0`.
    ///   - outputSize: pixels the window is resampled to (> 0).
    ///   - outputs: which output pixels to compute.
    init(inputSize: Int, windowStart: Double, windowLength: Double, outputSize: Int, outputs: Range<Int>) {
        let scale = windowLength / Double(outputSize)
        let filterScale = Swift.max(scale, 1)
        // A window inside the photo needs at most 3 x inputSize; the cap only
        // bounds the work for absurd windows far larger than the photo.
        let support = Swift.min(LanczosKernel.support * filterScale, 4 * Double(inputSize) + 8)
        let inverse = 1 / filterScale
        let stride = Swift.max(1, Int(checked: support * 2 + 1, .up) + 1)
        let n = outputs.count
        var first = [Int](repeating: 0, count: n)
        var count = [Int](repeating: 0, count: n)
        var weights = [Float](repeating: 0, count: n * stride)
        var lowest = Int.max, highest = Int.min
        var taps = [Double](repeating: 0, count: stride)
        var raw = [Double](repeating: 0, count: stride)
        let limit = Double(inputSize)
        for i in 0..<n {
            let center = windowStart + (Double(outputs.lowerBound + i) + 0.5) * scale
            // The kernel's taps before reflection; clamping in Double keeps a
            // far-off window from trapping on conversion.
            let reach = limit + support + 2
            let lo = Int(checked: Swift.min(Swift.max((center - support + 0.5).rounded(.down), -reach), reach))
            let hi = Int(checked: Swift.min(Swift.max((center + support + 0.5).rounded(.down), -reach), reach))
            guard hi > lo else { continue }
            // Reflected taps of a contiguous range form a contiguous range.
            var folded = (low: Int.max, high: Int.min)
            var total = 0.0
            for tap in lo..<hi {
                let w = LanczosKernel.weight((Double(tap) - center + 0.5) * inverse)
                raw[tap - lo] = w
                let pixel = Self.reflect(tap, size: inputSize)
                folded = (Swift.min(folded.low, pixel), Swift.max(folded.high, pixel + 1))
                total += w
            }
            let taken = folded.high - folded.low
            guard total != 0, taken <= stride else { continue }
            for t in 0..<taken { taps[t] = 0 }
            for tap in lo..<hi {
                taps[Self.reflect(tap, size: inputSize) - folded.low] += raw[tap - lo]
            }
            first[i] = folded.low
            count[i] = taken
            for t in 0..<taken { weights[i * stride + t] = Float(taps[t] / total) }
            lowest = Swift.min(lowest, folded.low)
            highest = Swift.max(highest, folded.high)
        }
        if lowest > highest { lowest = 0; highest = 0 }
        self.outputs = outputs
        self.first = first
        self.count = count
        self.isComplete = !count.contains(0)
        self.weights = weights
        self.stride = stride
        self.lowest = lowest
        self.highest = highest
    }

    /// Input pixel read by tap `index` (any integer) of an axis of `size`
    /// pixels: reflect-101 about the first and last pixel centres, periodic.
    @inline(__always)
    static func reflect(_ index: Int, size: Int) -> Int {
        if index >= 0 && index < size { return index }
        guard size > 1 else { return 0 }
        let period = 2 * (size - 1)
        var m = index % period
        if m < 0 { m += period }
        return m < size ? m : period - m
    }
}
