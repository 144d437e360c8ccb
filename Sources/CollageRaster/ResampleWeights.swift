/// Per-output-pixel filter taps along one axis of a resample: which input
/// pixels contribute to each output pixel and with what (normalised) weight.
///
/// Follows Pillow's `precompute_coeffs` for `resize(box=...)`, which
/// DESIGN.md names as the reference: output pixel `o` (centre `o + 0.5`)
/// maps to input position `windowStart + (o + 0.5) * scale` with
/// `scale = windowLength / outputSize`; when downscaling (`scale > 1`) the
/// Lanczos-3 kernel is widened by `scale` (support `3 * scale`). Taps may lie
/// outside the window (they read the photo's real pixels) but never outside
/// the photo: the tap range is clamped to `0 ..< inputSize` and the remaining
/// weights are normalised to sum to 1.
struct ResampleWeights {
    /// The output pixels these taps cover (a sub-range of `0 ..< outputSize`).
    let outputs: Range<Int>
    /// First input pixel of each output in `outputs` (index 0 = `outputs.lowerBound`).
    let first: [Int]
    /// Number of taps of each output (0 when the window misses the image).
    let count: [Int]
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
        let support = LanczosKernel.support * filterScale
        let inverse = 1 / filterScale
        let stride = Swift.max(1, Int((support * 2 + 1).rounded(.up)) + 1)
        let n = outputs.count
        var first = [Int](repeating: 0, count: n)
        var count = [Int](repeating: 0, count: n)
        var weights = [Float](repeating: 0, count: n * stride)
        var lowest = Int.max, highest = Int.min
        var taps = [Double](repeating: 0, count: stride)
        let limit = Double(inputSize)
        for i in 0..<n {
            let center = windowStart + (Double(outputs.lowerBound + i) + 0.5) * scale
            // Clamping in Double before the conversion keeps huge or far-off
            // windows from trapping; inside 0...inputSize truncation = floor.
            let lo = Int(Swift.min(Swift.max(center - support + 0.5, 0), limit))
            let hi = Int(Swift.min(Swift.max(center + support + 0.5, 0), limit))
            let taken = Swift.min(hi - lo, stride)
            guard taken > 0 else { continue }
            var total = 0.0
            for t in 0..<taken {
                let w = LanczosKernel.weight((Double(lo + t) - center + 0.5) * inverse)
                taps[t] = w
                total += w
            }
            guard total != 0 else { continue }
            first[i] = lo
            count[i] = taken
            for t in 0..<taken { weights[i * stride + t] = Float(taps[t] / total) }
            lowest = Swift.min(lowest, lo)
            highest = Swift.max(highest, lo + taken)
        }
        if lowest > highest { lowest = 0; highest = 0 }
        self.outputs = outputs
        self.first = first
        self.count = count
        self.weights = weights
        self.stride = stride
        self.lowest = lowest
        self.highest = highest
    }
}
