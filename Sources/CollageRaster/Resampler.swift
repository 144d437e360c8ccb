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
        let outWidth = horizontal.outputs.count
        let x0 = horizontal.lowest
        let columns = horizontal.highest - x0
        let ringRows = vertical.stride
        // At least one pixel each, so the buffers always have a base address.
        var ring = [SIMD4<Float>](repeating: .zero, count: Swift.max(ringRows * outWidth, 1))
        var ringRow = [Int](repeating: -1, count: ringRows)   // input row held by each slot
        var line = [SIMD4<Float>](repeating: .zero, count: Swift.max(columns, 1))
        var accumulator = [Float](repeating: 0, count: Swift.max(outWidth * 4, 4))
        source.pixels.withUnsafeBufferPointer { src in
        SRGBTransfer.decodeTable.withUnsafeBufferPointer { decode in
        SRGBTransfer.alphaTable.withUnsafeBufferPointer { alpha in
        horizontal.weights.withUnsafeBufferPointer { hWeights in
        vertical.weights.withUnsafeBufferPointer { vWeights in
        ring.withUnsafeMutableBufferPointer { ring in
        line.withUnsafeMutableBufferPointer { line in
        accumulator.withUnsafeMutableBufferPointer { acc in
            let rowBytes = source.width * 4
            /// Input row `y`, converted to linear premultiplied and filtered
            /// horizontally, into ring slot `slot`.
            func filterRow(_ y: Int, into slot: Int) {
                let rowBase = y * rowBytes + x0 * 4
                if opaque {
                    for x in 0..<columns {
                        let p = rowBase &+ x &* 4
                        line[x] = SIMD4(decode[Int(src[p])], decode[Int(src[p &+ 1])], decode[Int(src[p &+ 2])], 1)
                    }
                } else {
                    for x in 0..<columns {
                        let p = rowBase &+ x &* 4
                        let a = alpha[Int(src[p &+ 3])]
                        line[x] = SIMD4(decode[Int(src[p])] * a, decode[Int(src[p &+ 1])] * a,
                                        decode[Int(src[p &+ 2])] * a, a)
                    }
                }
                let out = slot * outWidth
                for o in 0..<outWidth {
                    let n = horizontal.count[o]
                    let start = horizontal.first[o] &- x0
                    let wBase = o &* horizontal.stride
                    var sum = SIMD4<Float>(repeating: 0)
                    for t in 0..<n { sum += hWeights[wBase &+ t] * line[start &+ t] }
                    ring[out &+ o] = sum
                }
            }
            let accPixels = UnsafeMutableRawPointer(acc.baseAddress!).assumingMemoryBound(to: SIMD4<Float>.self)
            for o in 0..<vertical.outputs.count {
                for k in 0..<outWidth { accPixels[k] = .zero }
                let n = vertical.count[o]
                let first = vertical.first[o]
                let wBase = o * vertical.stride
                for t in 0..<n {
                    // Consecutive rows of one output fall in distinct slots.
                    let y = first + t
                    let slot = y % ringRows
                    if ringRow[slot] != y {
                        filterRow(y, into: slot)
                        ringRow[slot] = y
                    }
                    let w = vWeights[wBase &+ t]
                    let row = ring.baseAddress! + slot &* outWidth
                    for k in 0..<outWidth { accPixels[k] += w * row[k] }
                }
                sink(vertical.outputs.lowerBound + o, acc)
            }
        }}}}}}}}
    }
}
