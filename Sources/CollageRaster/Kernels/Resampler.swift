import CRasterKernels

/// Separable Lanczos-3 resampling of a fractional window of an RGBA8 sRGB
/// pixmap, in linear light with premultiplied alpha (README "Rules":
/// Resampler, fixed from the first version).
///
/// Vertical pass first, then horizontal, streamed: input rows, converted to
/// linear light (premultiplied) over only the input columns the output
/// region reads, live in a ring of as many rows as the vertical kernel has
/// taps, each converted once when the first output row needs it. For each
/// output row the ring rows are summed with that row's vertical weights (a
/// contiguous multiply-add over whole rows, 3 floats a pixel for an opaque
/// source, 4 otherwise), then that single row is filtered horizontally.
/// This order does the expensive pass (the one over input-sized rows) on
/// contiguous memory without per-pixel gathers or an alpha lane that an
/// opaque photo does not need. Scratch memory is `taps x columns x 16`
/// bytes at most plus two rows, whatever the sizes.
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

    /// Floats the vertical-first ring may hold (16 MiB): above it (a large
    /// image without DCT scaling drawn very small) `resampleHorizontalFirst`
    /// runs instead, whose ring scales with the output width.
    static let ringLimit = 4 << 20

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
    ///
    /// Every output value is a fixed sequence of float operations (the
    /// vertical sum tap by tap from tap 0, then `dot`'s four partial sums),
    /// whatever the thread count or the slot a row lands in. For an opaque
    /// source the alpha written is the product of the two kernels' weight
    /// sums (1 within rounding where the kernel covers the image).
    func resample(inputRow: (Int) -> UnsafePointer<UInt8>, opaque: Bool, sink: (Int, UnsafeMutableBufferPointer<Float>) -> Void) {
        let outWidth = horizontal.outputs.count
        let x0 = horizontal.lowest
        let columns = horizontal.highest - x0
        let channels = opaque ? 3 : 4
        let rowFloats = columns * channels
        let ringRows = vertical.stride
        if ringRows * rowFloats > Self.ringLimit {
            resampleHorizontalFirst(inputRow: inputRow, opaque: opaque, sink: sink)
            return
        }
        // At least one value each, so the buffers always have a base address;
        // the summed row has 4 spare floats for the horizontal pass's 4-wide
        // loads of the last opaque pixel.
        var ring = [Float](repeating: 0, count: Swift.max(ringRows * rowFloats, 1))
        var slots = RingSlots(count: ringRows)
        var summed = [Float](repeating: 0, count: rowFloats + 4)
        var accumulator = [Float](repeating: 0, count: Swift.max(outWidth * 4, 4))
        // The horizontal weight sum of each output: its alpha for an opaque source.
        var horizontalSums = [Float](repeating: 0, count: Swift.max(outWidth, 1))
        for o in 0..<outWidth {
            var total: Float = 0
            for t in 0..<horizontal.count[o] { total += horizontal.weights[o * horizontal.stride + t] }
            horizontalSums[o] = total
        }
        withKernelPointers { kernel in
        horizontalSums.withUnsafeBufferPointer { hSumsBuffer in
        ring.withUnsafeMutableBufferPointer { ringBuffer in
        summed.withUnsafeMutableBufferPointer { summedBuffer in
        accumulator.withUnsafeMutableBufferPointer { acc in
            let decode = kernel.decode, alpha = kernel.alpha
            let hWeights = kernel.hWeights, hFirst = kernel.hFirst
            let hCount = kernel.hCount, vWeights = kernel.vWeights
            let hSums = hSumsBuffer.baseAddress!
            let ringBase = ringBuffer.baseAddress!, summed = summedBuffer.baseAddress!
            let hStride = horizontal.stride
            let accPixels = UnsafeMutableRawPointer(acc.baseAddress!).assumingMemoryBound(to: SIMD4<Float>.self)
            /// Input row `y`, columns `x0 ..< x0 + columns`, as linear light
            /// (premultiplied unless opaque) into ring slot `slot`.
            func convertRow(_ y: Int, into slot: Int) {
                let row = inputRow(y) + x0 * 4
                let out = ringBase + slot &* rowFloats
                if opaque {
                    // Four pixels (12 floats) at a time, written as three
                    // 16-byte stores instead of twelve 4-byte ones.
                    var x = 0
                    let store = UnsafeMutableRawPointer(out)
                    while x &+ 4 <= columns {
                        let p = row + x &* 4
                        let a = SIMD4(decode[Int(p[0])], decode[Int(p[1])], decode[Int(p[2])], decode[Int(p[4])])
                        let b = SIMD4(decode[Int(p[5])], decode[Int(p[6])], decode[Int(p[8])], decode[Int(p[9])])
                        let c = SIMD4(decode[Int(p[10])], decode[Int(p[12])], decode[Int(p[13])], decode[Int(p[14])])
                        let offset = x &* 12
                        store.storeBytes(of: a, toByteOffset: offset, as: SIMD4<Float>.self)
                        store.storeBytes(of: b, toByteOffset: offset &+ 16, as: SIMD4<Float>.self)
                        store.storeBytes(of: c, toByteOffset: offset &+ 32, as: SIMD4<Float>.self)
                        x &+= 4
                    }
                    while x < columns {
                        let p = row + x &* 4, q = out + x &* 3
                        q[0] = decode[Int(p[0])]; q[1] = decode[Int(p[1])]; q[2] = decode[Int(p[2])]
                        x &+= 1
                    }
                } else {
                    for x in 0..<columns {
                        let p = row + x &* 4, q = out + x &* 4
                        let a = alpha[Int(p[3])]
                        q[0] = decode[Int(p[0])] * a; q[1] = decode[Int(p[1])] * a
                        q[2] = decode[Int(p[2])] * a; q[3] = a
                    }
                }
            }
            var rows = [UnsafePointer<Float>](repeating: UnsafePointer(ringBase), count: Swift.max(ringRows, 1))
            rows.withUnsafeMutableBufferPointer { rowsBuffer in
                let rows = rowsBuffer.baseAddress!
                for o in 0..<vertical.outputs.count {
                    let n = vertical.count[o]
                    let first = vertical.first[o]
                    for t in 0..<n {
                        let slot = slots.slot(of: first + t) { convertRow($0, into: $1) }
                        rows[t] = UnsafePointer(ringBase + slot &* rowFloats)
                    }
                    let weights = vWeights + o &* vertical.stride
                    Self.sumRows(rows, weights: weights, count: n, into: summed, length: rowFloats)
                    if opaque {
                        var verticalSum: Float = 0
                        for t in 0..<n { verticalSum += weights[t] }
                        let raw = UnsafeRawPointer(summed)
                        for k in 0..<outWidth {
                            let start = (hFirst[k] &- x0) &* 3
                            var pixel = Self.dot(hWeights + k &* hStride, raw + start &* 4, step: 12, count: hCount[k])
                            pixel[3] = verticalSum * hSums[k]
                            accPixels[k] = pixel
                        }
                    } else {
                        let raw = UnsafeRawPointer(summed)
                        for k in 0..<outWidth {
                            let start = (hFirst[k] &- x0) &* 4
                            accPixels[k] = Self.dot(hWeights + k &* hStride, raw + start &* 4, step: 16, count: hCount[k])
                        }
                    }
                    sink(vertical.outputs.lowerBound + o, acc)
                }
            }
        }}}}}
    }

    /// `out[i] = sum over t of weights[t] * rows[t][i]` for `i < length`,
    /// summed tap by tap from tap 0 (so every element follows the same
    /// sequence of operations, in any chunk): 64 floats at a time in AVX
    /// registers where the processor has them (`collage_sum_rows_avx`,
    /// the same bits), else and for the rest 32 at a time.
    @inline(__always)
    static func sumRows(_ rows: UnsafePointer<UnsafePointer<Float>>, weights: UnsafePointer<Float>, count: Int,
                        into out: UnsafeMutablePointer<Float>, length: Int) {
        @inline(__always) func load(_ t: Int, _ i: Int) -> SIMD4<Float> {
            UnsafeRawPointer(rows[t] + i).loadUnaligned(as: SIMD4<Float>.self)
        }
        let rowPointers = UnsafeRawPointer(rows).assumingMemoryBound(to: UnsafePointer<Float>?.self)
        var i = collage_sum_rows_avx(rowPointers, weights, count, out, length)
        // Eight SIMD4 accumulators: independent chains hide the add latency.
        while i &+ 32 <= length {
            var s0 = SIMD4<Float>(), s1 = SIMD4<Float>(), s2 = SIMD4<Float>(), s3 = SIMD4<Float>()
            var s4 = SIMD4<Float>(), s5 = SIMD4<Float>(), s6 = SIMD4<Float>(), s7 = SIMD4<Float>()
            for t in 0..<count {
                let w = SIMD4<Float>(repeating: weights[t])
                s0 += w * load(t, i); s1 += w * load(t, i &+ 4)
                s2 += w * load(t, i &+ 8); s3 += w * load(t, i &+ 12)
                s4 += w * load(t, i &+ 16); s5 += w * load(t, i &+ 20)
                s6 += w * load(t, i &+ 24); s7 += w * load(t, i &+ 28)
            }
            let o = UnsafeMutableRawPointer(out + i)
            o.storeBytes(of: s0, as: SIMD4<Float>.self); o.storeBytes(of: s1, toByteOffset: 16, as: SIMD4<Float>.self)
            o.storeBytes(of: s2, toByteOffset: 32, as: SIMD4<Float>.self); o.storeBytes(of: s3, toByteOffset: 48, as: SIMD4<Float>.self)
            o.storeBytes(of: s4, toByteOffset: 64, as: SIMD4<Float>.self); o.storeBytes(of: s5, toByteOffset: 80, as: SIMD4<Float>.self)
            o.storeBytes(of: s6, toByteOffset: 96, as: SIMD4<Float>.self); o.storeBytes(of: s7, toByteOffset: 112, as: SIMD4<Float>.self)
            i &+= 32
        }
        while i &+ 4 <= length {
            var s = SIMD4<Float>()
            for t in 0..<count { s += SIMD4<Float>(repeating: weights[t]) * load(t, i) }
            UnsafeMutableRawPointer(out + i).storeBytes(of: s, as: SIMD4<Float>.self)
            i &+= 4
        }
        while i < length {
            var s: Float = 0
            for t in 0..<count { s += weights[t] * rows[t][i] }
            out[i] = s
            i &+= 1
        }
    }

    /// `sum(weights[t] * pixel t)` over `count` taps, pixel `t` being the 4
    /// floats at `pixels + t * step` bytes, in four independent partial sums
    /// (combined as (s0 + s1) + (s2 + s3)) so the additions do not wait on
    /// each other; the order is fixed, so results do not depend on threads.
    @inline(__always)
    static func dot(_ weights: UnsafePointer<Float>, _ pixels: UnsafeRawPointer, step: Int, count: Int) -> SIMD4<Float> {
        @inline(__always) func pixel(_ t: Int) -> SIMD4<Float> { pixels.loadUnaligned(fromByteOffset: t &* step, as: SIMD4<Float>.self) }
        var s0 = SIMD4<Float>(), s1 = SIMD4<Float>(), s2 = SIMD4<Float>(), s3 = SIMD4<Float>()
        var t = 0
        while t &+ 4 <= count {
            s0 += weights[t] * pixel(t)
            s1 += weights[t &+ 1] * pixel(t &+ 1)
            s2 += weights[t &+ 2] * pixel(t &+ 2)
            s3 += weights[t &+ 3] * pixel(t &+ 3)
            t &+= 4
        }
        if t < count { s0 += weights[t] * pixel(t) }
        if t &+ 1 < count { s1 += weights[t &+ 1] * pixel(t &+ 1) }
        if t &+ 2 < count { s2 += weights[t &+ 2] * pixel(t &+ 2) }
        return (s0 + s1) + (s2 + s3)
    }
}
