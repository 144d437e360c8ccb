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
        var intermediate = [Float](repeating: 0, count: rows * outStride)
        var linearRow = [Float](repeating: 0, count: columns * 4)
        source.pixels.withUnsafeBufferPointer { src in
            SRGBTransfer.decodeTable.withUnsafeBufferPointer { decode in
            SRGBTransfer.alphaTable.withUnsafeBufferPointer { alpha in
            horizontal.weights.withUnsafeBufferPointer { weights in
            intermediate.withUnsafeMutableBufferPointer { mid in
            linearRow.withUnsafeMutableBufferPointer { line in
                let srcStride = source.width * 4
                for y in 0..<rows {
                    // Input row to linear light, premultiplied.
                    let rowBase = (y0 + y) * srcStride + x0 * 4
                    if opaque {
                        for i in 0..<columns * 4 {
                            line[i] = (i & 3) == 3 ? 1 : decode[Int(src[rowBase + i])]
                        }
                    } else {
                        for x in 0..<columns {
                            let p = rowBase + x * 4, q = x * 4
                            let a = alpha[Int(src[p + 3])]
                            line[q] = decode[Int(src[p])] * a
                            line[q + 1] = decode[Int(src[p + 1])] * a
                            line[q + 2] = decode[Int(src[p + 2])] * a
                            line[q + 3] = a
                        }
                    }
                    let out = y * outStride
                    for o in 0..<outWidth {
                        let n = horizontal.count[o]
                        let start = (horizontal.first[o] - x0) * 4
                        let wBase = o * horizontal.stride
                        var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
                        for t in 0..<n {
                            let w = weights[wBase + t]
                            let p = start + t * 4
                            r += w * line[p]; g += w * line[p + 1]; b += w * line[p + 2]; a += w * line[p + 3]
                        }
                        let q = out + o * 4
                        mid[q] = r; mid[q + 1] = g; mid[q + 2] = b; mid[q + 3] = a
                    }
                }
            }}}}}
        }
        linearRow = []
        // Vertical pass: one output row at a time.
        var accumulator = [Float](repeating: 0, count: outStride)
        intermediate.withUnsafeBufferPointer { mid in
        vertical.weights.withUnsafeBufferPointer { weights in
        accumulator.withUnsafeMutableBufferPointer { acc in
            for o in 0..<vertical.outputs.count {
                for k in 0..<outStride { acc[k] = 0 }
                let n = vertical.count[o]
                let start = vertical.first[o] - y0
                let wBase = o * vertical.stride
                for t in 0..<n {
                    let w = weights[wBase + t]
                    let rowBase = (start + t) * outStride
                    for k in 0..<outStride { acc[k] += w * mid[rowBase + k] }
                }
                sink(vertical.outputs.lowerBound + o, acc)
            }
        }}}
    }
}
