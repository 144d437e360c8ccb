/// Gaussian blur of premultiplied linear RGBA float pixels (an image draw's
/// `blur` filter, a blurred background or letterbox): CSS `blur()`, whose
/// length is σ in canvas pixels, with the same kernel (σ < 2) or three
/// boxes (σ >= 2) as the mask blur, per channel, rows then columns.
extension GaussianBlur {
    /// What lies beyond the picture's pixels.
    public enum Edges: Sendable, Hashable {
        /// Transparent, as CSS `filter: blur()`: the picture's edges fade out.
        case transparent
        /// The edge pixels repeated outwards, so the blurred picture stays
        /// opaque up to its edges (a blurred background or letterbox).
        case extended
    }

    /// The blurred pixels over `output` (canvas pixels) of `pixels`, which
    /// hold `picture` (canvas pixels, 4 floats a pixel, rows top to bottom).
    /// σ <= 0 (or non-finite) copies the picture into `output`.
    static func blur(_ pixels: UnsafeBufferPointer<Float>, picture: PixelRect, sigma: Double, edges: Edges,
                     output: PixelRect) -> [Float] {
        let sigma = sigma.isFinite ? max(0, sigma) : 0
        let r = radius(sigma: sigma)
        let padded = PixelRect(x: output.x - r, y: output.y - r, width: output.width + 2 * r, height: output.height + 2 * r)
        guard !picture.isEmpty, !output.isEmpty else { return [Float](repeating: 0, count: max(0, output.width * output.height * 4)) }
        let w = padded.width, h = padded.height
        var a = [Float](repeating: 0, count: w * h * 4)
        // The input over the padded rectangle.
        a.withUnsafeMutableBufferPointer { a in
            for y in 0 ..< h {
                var sy = padded.y + y
                if sy < picture.y || sy >= picture.maxY {
                    guard edges == .extended else { continue }
                    sy = min(max(sy, picture.y), picture.maxY - 1)
                }
                let source = pixels.baseAddress! + (sy - picture.y) * picture.width * 4
                for x in 0 ..< w {
                    var sx = padded.x + x
                    if sx < picture.x || sx >= picture.maxX {
                        guard edges == .extended else { continue }
                        sx = min(max(sx, picture.x), picture.maxX - 1)
                    }
                    let from = source + (sx - picture.x) * 4, to = (y * w + x) * 4
                    a[to] = from[0]; a[to + 1] = from[1]; a[to + 2] = from[2]; a[to + 3] = from[3]
                }
            }
        }
        if r > 0 {
            var b = [Float](repeating: 0, count: w * h * 4)
            a.withUnsafeMutableBufferPointer { a in
                b.withUnsafeMutableBufferPointer { b in
                    if sigma < boxSigma {
                        Self.kernelPasses(a.baseAddress!, scratch: b.baseAddress!, width: w, height: h, weights: kernel(sigma: sigma))
                    } else {
                        Self.boxPasses(a.baseAddress!, scratch: b.baseAddress!, width: w, height: h, boxes: boxes(sigma: sigma))
                    }
                }
            }
        }
        var out = [Float](repeating: 0, count: output.width * output.height * 4)
        for y in 0 ..< output.height {
            let from = ((y + r) * w + r) * 4
            out.replaceSubrange(y * output.width * 4 ..< (y + 1) * output.width * 4, with: a[from ..< from + output.width * 4])
        }
        return out
    }

    /// The exact kernel along rows then columns; the result ends in `pixels`.
    private static func kernelPasses(_ pixels: UnsafeMutablePointer<Float>, scratch: UnsafeMutablePointer<Float>,
                                     width w: Int, height h: Int, weights: [Float]) {
        let r = weights.count / 2
        weights.withUnsafeBufferPointer { k in
            // Rows: pixels -> scratch.
            for y in 0 ..< h {
                let row = pixels + y * w * 4, out = scratch + y * w * 4
                for x in 0 ..< w {
                    var sum = SIMD4<Float>(repeating: 0)
                    for t in max(0, x - r) ... min(w - 1, x + r) {
                        let p = row + t * 4
                        sum += SIMD4(p[0], p[1], p[2], p[3]) * k[t - x + r]
                    }
                    let o = out + x * 4
                    o[0] = sum.x; o[1] = sum.y; o[2] = sum.z; o[3] = sum.w
                }
            }
            // Columns: scratch -> pixels.
            for y in 0 ..< h {
                let out = pixels + y * w * 4
                for i in 0 ..< w * 4 { out[i] = 0 }
                for t in max(0, y - r) ... min(h - 1, y + r) {
                    let weight = k[t - y + r], row = scratch + t * w * 4
                    for i in 0 ..< w * 4 { out[i] += row[i] * weight }
                }
            }
        }
    }

    /// Three boxes along rows, then three along columns; the result ends in `pixels`.
    private static func boxPasses(_ pixels: UnsafeMutablePointer<Float>, scratch: UnsafeMutablePointer<Float>,
                                  width w: Int, height h: Int, boxes: [Box]) {
        var sums = [Double](repeating: 0, count: max(4, w * 4))
        sums.withUnsafeMutableBufferPointer { s in
            for y in 0 ..< h {
                let row = pixels + y * w * 4, other = scratch + y * w * 4
                var from = row, to = other
                for box in boxes {
                    boxPass(Lanes(base: from, range: 0 ..< w, stride: 4), box,
                            into: Lanes(base: to, range: 0 ..< w, stride: 4), lanes: 4, sums: s)
                    swap(&from, &to)
                }
                // Three passes end in `scratch`: copy back.
                if from != row { row.update(from: from, count: w * 4) }
            }
            var from = pixels, to = scratch
            for box in boxes {
                boxPass(Lanes(base: from, range: 0 ..< h, stride: w * 4), box,
                        into: Lanes(base: to, range: 0 ..< h, stride: w * 4), lanes: w * 4, sums: s)
                swap(&from, &to)
            }
            if from != pixels { pixels.update(from: from, count: w * h * 4) }
        }
    }
}
