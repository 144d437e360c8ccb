/// The horizontal-first order of `Resampler`, for extreme downscales.
///
/// `Resampler.resample(inputRow:opaque:sink:)` sums whole input rows
/// vertically first, so its ring holds `taps x input columns` values: for a
/// large undecimated image (a PNG, which has no DCT scaling) drawn very small
/// that is many megabytes. This order filters each input row horizontally
/// first, so its ring holds `taps x output width` pixels instead: slower
/// (the pass over input-sized rows gathers pixels per output, 4 lanes a
/// pixel) but small. Same kernel, same weights, same edges; results agree
/// with the vertical-first order to float rounding.
extension Resampler {
    /// As `resample(inputRow:opaque:sink:)`, horizontal pass first: each input
    /// row is converted to linear light (premultiplied) and filtered
    /// horizontally into a ring of `vertical.stride` rows of the region's
    /// width, then each output row sums its ring rows (`column`).
    func resampleHorizontalFirst(inputRow: (Int) -> UnsafePointer<UInt8>, opaque: Bool, sink: (Int, UnsafeMutableBufferPointer<Float>) -> Void) {
        let outWidth = horizontal.outputs.count
        let x0 = horizontal.lowest
        let columns = horizontal.highest - x0
        let ringRows = vertical.stride
        // At least one pixel each, so the buffers always have a base address.
        var ring = [SIMD4<Float>](repeating: .zero, count: Swift.max(ringRows * outWidth, 1))
        var slots = RingSlots(count: ringRows)
        var line = [SIMD4<Float>](repeating: .zero, count: Swift.max(columns, 1))
        var accumulator = [Float](repeating: 0, count: Swift.max(outWidth * 4, 4))
        withKernelPointers { kernel in
        ring.withUnsafeMutableBufferPointer { ringBuffer in
        line.withUnsafeMutableBufferPointer { lineBuffer in
        accumulator.withUnsafeMutableBufferPointer { acc in
            let decode = kernel.decode, alpha = kernel.alpha
            let hWeights = kernel.hWeights, hFirst = kernel.hFirst
            let hCount = kernel.hCount, vWeights = kernel.vWeights
            let ringBase = ringBuffer.baseAddress!, line = lineBuffer.baseAddress!
            let hStride = horizontal.stride
            /// Input row `y`, converted to linear premultiplied and filtered
            /// horizontally, into ring slot `slot`.
            func filterRow(_ y: Int, into slot: Int) {
                let row = inputRow(y) + x0 * 4
                if opaque {
                    for x in 0..<columns {
                        let p = row + x &* 4
                        line[x] = SIMD4(decode[Int(p[0])], decode[Int(p[1])], decode[Int(p[2])], 1)
                    }
                } else {
                    for x in 0..<columns {
                        let p = row + x &* 4
                        let a = alpha[Int(p[3])]
                        line[x] = SIMD4(decode[Int(p[0])] * a, decode[Int(p[1])] * a, decode[Int(p[2])] * a, a)
                    }
                }
                let out = ringBase + slot &* outWidth
                for o in 0..<outWidth {
                    out[o] = Self.dotPixels(hWeights + o &* hStride, line + (hFirst[o] &- x0), count: hCount[o])
                }
            }
            let accPixels = UnsafeMutableRawPointer(acc.baseAddress!).assumingMemoryBound(to: SIMD4<Float>.self)
            var rows = [UnsafePointer<SIMD4<Float>>](repeating: UnsafePointer(ringBase), count: Swift.max(ringRows, 1))
            rows.withUnsafeMutableBufferPointer { rowsBuffer in
                let rows = rowsBuffer.baseAddress!
                for o in 0..<vertical.outputs.count {
                    let n = vertical.count[o]
                    let first = vertical.first[o]
                    for t in 0..<n {
                        let slot = slots.slot(of: first + t) { filterRow($0, into: $1) }
                        rows[t] = UnsafePointer(ringBase + slot &* outWidth)
                    }
                    let weights = vWeights + o &* vertical.stride
                    for k in 0..<outWidth {
                        accPixels[k] = Self.column(weights, rows, k, count: n)
                    }
                    sink(vertical.outputs.lowerBound + o, acc)
                }
            }
        }}}}
    }

    /// `sum(weights[t] * pixels[t])` over `count` taps of whole pixels, in four independent
    /// partial sums (combined as (s0 + s1) + (s2 + s3)) so the additions do
    /// not wait on each other; the order is fixed, so results do not depend
    /// on threads or on where a row lands in the ring.
    @inline(__always)
    static func dotPixels(_ weights: UnsafePointer<Float>, _ pixels: UnsafePointer<SIMD4<Float>>, count: Int) -> SIMD4<Float> {
        var s0 = SIMD4<Float>(), s1 = SIMD4<Float>(), s2 = SIMD4<Float>(), s3 = SIMD4<Float>()
        var t = 0
        while t &+ 4 <= count {
            s0 += weights[t] * pixels[t]
            s1 += weights[t &+ 1] * pixels[t &+ 1]
            s2 += weights[t &+ 2] * pixels[t &+ 2]
            s3 += weights[t &+ 3] * pixels[t &+ 3]
            t &+= 4
        }
        if t < count { s0 += weights[t] * pixels[t] }
        if t &+ 1 < count { s1 += weights[t &+ 1] * pixels[t &+ 1] }
        if t &+ 2 < count { s2 += weights[t &+ 2] * pixels[t &+ 2] }
        return (s0 + s1) + (s2 + s3)
    }

    /// As `dotPixels`, down column `k` of the ring rows `rows[0 ..< count]`.
    @inline(__always)
    static func column(_ weights: UnsafePointer<Float>, _ rows: UnsafePointer<UnsafePointer<SIMD4<Float>>>, _ k: Int,
                       count: Int) -> SIMD4<Float> {
        var s0 = SIMD4<Float>(), s1 = SIMD4<Float>(), s2 = SIMD4<Float>(), s3 = SIMD4<Float>()
        var t = 0
        while t &+ 4 <= count {
            s0 += weights[t] * rows[t][k]
            s1 += weights[t &+ 1] * rows[t &+ 1][k]
            s2 += weights[t &+ 2] * rows[t &+ 2][k]
            s3 += weights[t &+ 3] * rows[t &+ 3][k]
            t &+= 4
        }
        if t < count { s0 += weights[t] * rows[t][k] }
        if t &+ 1 < count { s1 += weights[t &+ 1] * rows[t &+ 1][k] }
        if t &+ 2 < count { s2 += weights[t &+ 2] * rows[t &+ 2][k] }
        return (s0 + s1) + (s2 + s3)
    }
}
