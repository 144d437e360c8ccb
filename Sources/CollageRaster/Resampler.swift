/// Separable Lanczos-3 resampling of a fractional window of an RGBA8 sRGB
/// pixmap, in linear light with premultiplied alpha (DESIGN.md "Rendering
/// rules": the resampler fixed from the first version).
///
/// The horizontal pass runs first, over only the input rows and columns the
/// requested output region reads; the vertical pass then produces one output
/// row at a time in a `Float` scratch row, which is handed to a row sink
/// (the compositor) and reused.
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

    /// Resamples `source` and calls `sink(row, pixels)` for every output row
    /// of the region, top to bottom: `row` is the output row index
    /// (0 = top of the whole output), `pixels` holds `region.width` pixels of
    /// R, G, B, A floats, linear light, premultiplied (values may leave
    /// `0...1` slightly: Lanczos rings). The buffer is reused between calls.
    ///
    /// `opaque` (every alpha of `source` is 255) skips the premultiplication.
    func resample(_ source: Pixmap, opaque: Bool, sink: (Int, UnsafeMutableBufferPointer<Float>) -> Void) {
        let outWidth = horizontal.outputs.count
        let x0 = horizontal.lowest, x1 = horizontal.highest
        let y0 = vertical.lowest, y1 = vertical.highest
        let rows = y1 - y0, columns = x1 - x0
        let outStride = outWidth * 4
        // Horizontal pass: input rows y0..<y1 -> intermediate rows of the output width.
        // At least one pixel each, so the buffers always have a base address.
        var intermediate = [Float](repeating: 0, count: Swift.max(rows * outStride, 4))
        var linearRow = [Float](repeating: 0, count: Swift.max(columns, 1) * 4)
        source.pixels.withUnsafeBufferPointer { src in
            SRGBTransfer.decodeTable.withUnsafeBufferPointer { decode in
            SRGBTransfer.alphaTable.withUnsafeBufferPointer { alpha in
            horizontal.weights.withUnsafeBufferPointer { weights in
            intermediate.withUnsafeMutableBufferPointer { mid in
            linearRow.withUnsafeMutableBufferPointer { line in
                let srcStride = source.width * 4
                let linePixels = UnsafeMutableRawPointer(line.baseAddress!).assumingMemoryBound(to: SIMD4<Float>.self)
                let midPixels = UnsafeMutableRawPointer(mid.baseAddress!).assumingMemoryBound(to: SIMD4<Float>.self)
                for y in 0..<rows {
                    // Input row to linear light, premultiplied.
                    let rowBase = (y0 + y) * srcStride + x0 * 4
                    if opaque {
                        for x in 0..<columns {
                            let p = rowBase &+ x &* 4
                            linePixels[x] = SIMD4(decode[Int(src[p])], decode[Int(src[p &+ 1])], decode[Int(src[p &+ 2])], 1)
                        }
                    } else {
                        for x in 0..<columns {
                            let p = rowBase &+ x &* 4
                            let a = alpha[Int(src[p &+ 3])]
                            linePixels[x] = SIMD4(decode[Int(src[p])] * a, decode[Int(src[p &+ 1])] * a,
                                                  decode[Int(src[p &+ 2])] * a, a)
                        }
                    }
                    let out = y * outWidth
                    for o in 0..<outWidth {
                        let n = horizontal.count[o]
                        let start = horizontal.first[o] - x0
                        let wBase = o * horizontal.stride
                        var sum = SIMD4<Float>(repeating: 0)
                        for t in 0..<n {
                            sum += weights[wBase &+ t] * linePixels[start &+ t]
                        }
                        midPixels[out + o] = sum
                    }
                }
            }}}}}
        }
        linearRow = []
        // Vertical pass: one output row at a time.
        var accumulator = [Float](repeating: 0, count: Swift.max(outStride, 4))
        intermediate.withUnsafeBufferPointer { mid in
        vertical.weights.withUnsafeBufferPointer { weights in
        accumulator.withUnsafeMutableBufferPointer { acc in
            let midPixels = UnsafeRawPointer(mid.baseAddress!).assumingMemoryBound(to: SIMD4<Float>.self)
            let accPixels = UnsafeMutableRawPointer(acc.baseAddress!).assumingMemoryBound(to: SIMD4<Float>.self)
            for o in 0..<vertical.outputs.count {
                for k in 0..<outWidth { accPixels[k] = SIMD4(repeating: 0) }
                let n = vertical.count[o]
                let start = vertical.first[o] - y0
                let wBase = o * vertical.stride
                for t in 0..<n {
                    let w = weights[wBase &+ t]
                    let row = midPixels + (start &+ t) &* outWidth
                    for k in 0..<outWidth { accPixels[k] += w * row[k] }
                }
                sink(vertical.outputs.lowerBound + o, acc)
            }
        }}}
    }
}
