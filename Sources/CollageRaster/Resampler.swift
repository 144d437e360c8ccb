/// Separable Lanczos-3 resampling of a fractional window of an RGBA8 sRGB
/// pixmap, in linear light with premultiplied alpha (DESIGN.md "Rendering
/// rules": the resampler fixed from the first version).
///
/// Horizontal pass, then vertical pass, streamed: the horizontally filtered
/// input rows live in a ring of as many rows as the vertical kernel has
/// taps, each computed once when the first output row needs it, over only
/// the input columns the output region reads. Scratch memory is therefore
/// `taps x region width x 16` bytes plus one input row, whatever the sizes.
/// Each output row is produced in a `Float` scratch row and handed to a row
/// sink (the compositor).
struct Resampler {
    let horizontal: ResampleWeights
    let vertical: ResampleWeights

    /// - Parameters:
    ///   - inputSize: size of the pixmap that will be resampled.
    ///   - window: the crop window in that pixmap's pixels (fractional,
    ///     positive width and height).
    ///   - outputSize: size the whole window is resampled to (positive).
    ///   - region: the output pixels to compute, within `0 ..< outputSize`.
    init(inputSize: Size, window: Rect, outputSize: Size, region: PixelRect) {
        horizontal = ResampleWeights(inputSize: inputSize.width, windowStart: window.x, windowLength: window.width,
                                     outputSize: outputSize.width, outputs: region.x ..< region.maxX)
        vertical = ResampleWeights(inputSize: inputSize.height, windowStart: window.y, windowLength: window.height,
                                   outputSize: outputSize.height, outputs: region.y ..< region.maxY)
    }

    /// True when every output pixel of the region reads some input pixel, so
    /// an opaque source gives opaque output (false only for windows so far
    /// outside the image that some kernels miss it).
    var coversRegion: Bool { horizontal.isComplete && vertical.isComplete }

    /// Resamples `source` and calls `sink(row, pixels)` for every output row
    /// of the region, top to bottom: `row` is the output row index
    /// (0 = top of the whole output), `pixels` holds `region.width` pixels of
    /// R, G, B, A floats, linear light, premultiplied (values may leave
    /// `0...1` slightly: Lanczos rings). The buffer is reused between calls.
    ///
    /// `opaque` (every alpha of `source` is 255) skips the premultiplication.
    func resample(_ source: Pixmap, opaque: Bool, sink: (Int, UnsafeMutableBufferPointer<Float>) -> Void) {
        let rowBytes = source.width * 4
        source.pixels.withUnsafeBufferPointer { srcBuffer in
            let src = srcBuffer.baseAddress!
            resample(inputRow: { src + $0 * rowBytes }, opaque: opaque, sink: sink)
        }
    }

    /// As `resample(_:opaque:sink:)`, reading input row `y` (RGBA8 sRGB,
    /// the whole input width) from `inputRow(y)`. Rows are asked for in
    /// increasing order, each at most once (the ring holds every row a later
    /// output still needs), rows no output reads are never asked for; so a
    /// streaming decoder can produce them as they come.
    func resample(inputRow: (Int) -> UnsafePointer<UInt8>, opaque: Bool, sink: (Int, UnsafeMutableBufferPointer<Float>) -> Void) {
        let outWidth = horizontal.outputs.count
        let x0 = horizontal.lowest
        let columns = horizontal.highest - x0
        let ringRows = vertical.stride
        // At least one pixel each, so the buffers always have a base address.
        var ring = [SIMD4<Float>](repeating: .zero, count: Swift.max(ringRows * outWidth, 1))
        var ringRow = [Int](repeating: -1, count: ringRows)   // input row held by each slot
        var line = [SIMD4<Float>](repeating: .zero, count: Swift.max(columns, 1))
        var accumulator = [Float](repeating: 0, count: Swift.max(outWidth * 4, 4))
        SRGBTransfer.decodeTable.withUnsafeBufferPointer { decodeBuffer in
        SRGBTransfer.alphaTable.withUnsafeBufferPointer { alphaBuffer in
        horizontal.weights.withUnsafeBufferPointer { hWeightsBuffer in
        horizontal.first.withUnsafeBufferPointer { hFirstBuffer in
        horizontal.count.withUnsafeBufferPointer { hCountBuffer in
        vertical.weights.withUnsafeBufferPointer { vWeightsBuffer in
        ring.withUnsafeMutableBufferPointer { ringBuffer in
        line.withUnsafeMutableBufferPointer { lineBuffer in
        accumulator.withUnsafeMutableBufferPointer { acc in
            // Plain local pointers: the compiler keeps them in registers
            // instead of reloading captured variables after every store.
            let decode = decodeBuffer.baseAddress!, alpha = alphaBuffer.baseAddress!
            let hWeights = hWeightsBuffer.baseAddress!, hFirst = hFirstBuffer.baseAddress!
            let hCount = hCountBuffer.baseAddress!, vWeights = vWeightsBuffer.baseAddress!
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
                    out[o] = Self.dot(hWeights + o &* hStride, line + (hFirst[o] &- x0), count: hCount[o])
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
                        // Consecutive rows of one output fall in distinct slots.
                        let y = first + t
                        let slot = y % ringRows
                        if ringRow[slot] != y {
                            filterRow(y, into: slot)
                            ringRow[slot] = y
                        }
                        rows[t] = UnsafePointer(ringBase + slot &* outWidth)
                    }
                    let weights = vWeights + o &* vertical.stride
                    for k in 0..<outWidth {
                        accPixels[k] = Self.column(weights, rows, k, count: n)
                    }
                    sink(vertical.outputs.lowerBound + o, acc)
                }
            }
        }}}}}}}}}
    }

    /// `sum(weights[t] * pixels[t])` over `count` taps, in four independent
    /// partial sums (combined as (s0 + s1) + (s2 + s3)) so the additions do
    /// not wait on each other; the order is fixed, so results do not depend
    /// on threads or on where a row lands in the ring.
    @inline(__always)
    static func dot(_ weights: UnsafePointer<Float>, _ pixels: UnsafePointer<SIMD4<Float>>, count: Int) -> SIMD4<Float> {
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

    /// As `dot`, down column `k` of the ring rows `rows[0 ..< count]`.
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
