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
    /// Memory: `output` grown by 3σ on every side (16 bytes a pixel), blurred
    /// in place with the scratch of one row or one strip of 64 columns, and the result.
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
            a.withUnsafeMutableBufferPointer { a in
                if sigma < boxSigma {
                    Self.kernelPasses(a.baseAddress!, width: w, height: h, weights: kernel(sigma: sigma))
                } else {
                    Self.boxPasses(a.baseAddress!, width: w, height: h, boxes: boxes(sigma: sigma))
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

    /// Columns of the vertical passes are done in strips of this many
    /// pixels (4 floats each), so the scratch is a strip, not a second image.
    private static let pixelStrip = 64

    /// The exact kernel along rows then columns, in place in `pixels`.
    private static func kernelPasses(_ pixels: UnsafeMutablePointer<Float>, width w: Int, height h: Int, weights: [Float]) {
        let r = weights.count / 2
        let lanesMax = min(w, pixelStrip) * 4
        var scratch = [Float](repeating: 0, count: max(w * 4, h * lanesMax))
        weights.withUnsafeBufferPointer { k in scratch.withUnsafeMutableBufferPointer { scratch in
            let s = scratch.baseAddress!
            // Rows: each row copied to the scratch, convolved back.
            for y in 0 ..< h {
                let row = pixels + y * w * 4
                s.update(from: row, count: w * 4)
                for x in 0 ..< w {
                    var sum = SIMD4<Float>(repeating: 0)
                    for t in max(0, x - r) ... min(w - 1, x + r) {
                        let p = s + t * 4
                        sum += SIMD4(p[0], p[1], p[2], p[3]) * k[t - x + r]
                    }
                    let o = row + x * 4
                    o[0] = sum.x; o[1] = sum.y; o[2] = sum.z; o[3] = sum.w
                }
            }
            // Columns, a strip at a time: the strip copied to the scratch, convolved back.
            for start in stride(from: 0, to: w, by: pixelStrip) {
                let lanes = min(pixelStrip, w - start) * 4
                for y in 0 ..< h { (s + y * lanes).update(from: pixels + (y * w + start) * 4, count: lanes) }
                for y in 0 ..< h {
                    let out = pixels + (y * w + start) * 4
                    for i in 0 ..< lanes { out[i] = 0 }
                    for t in max(0, y - r) ... min(h - 1, y + r) {
                        let weight = k[t - y + r], row = s + t * lanes
                        for i in 0 ..< lanes { out[i] += row[i] * weight }
                    }
                }
            }
        }}
    }

    /// Three boxes along rows, then three along columns, in place in
    /// `pixels` (a row, or a strip of columns, of scratch at a time).
    private static func boxPasses(_ pixels: UnsafeMutablePointer<Float>, width w: Int, height h: Int, boxes: [Box]) {
        let lanesMax = min(w, pixelStrip) * 4
        var first = [Float](repeating: 0, count: max(w * 4, h * lanesMax))
        var second = first
        var sums = [Double](repeating: 0, count: max(4, lanesMax))
        first.withUnsafeMutableBufferPointer { p in second.withUnsafeMutableBufferPointer { q in
            sums.withUnsafeMutableBufferPointer { s in
                let p = p.baseAddress!, q = q.baseAddress!
                for y in 0 ..< h {
                    let row = pixels + y * w * 4
                    boxPass(Lanes(base: row, range: 0 ..< w, stride: 4), boxes[0],
                            into: Lanes(base: p, range: 0 ..< w, stride: 4), lanes: 4, sums: s)
                    boxPass(Lanes(base: p, range: 0 ..< w, stride: 4), boxes[1],
                            into: Lanes(base: q, range: 0 ..< w, stride: 4), lanes: 4, sums: s)
                    boxPass(Lanes(base: q, range: 0 ..< w, stride: 4), boxes[2],
                            into: Lanes(base: row, range: 0 ..< w, stride: 4), lanes: 4, sums: s)
                }
                for start in stride(from: 0, to: w, by: pixelStrip) {
                    let lanes = min(pixelStrip, w - start) * 4
                    let column = pixels + start * 4
                    boxPass(Lanes(base: column, range: 0 ..< h, stride: w * 4), boxes[0],
                            into: Lanes(base: p, range: 0 ..< h, stride: lanes), lanes: lanes, sums: s)
                    boxPass(Lanes(base: p, range: 0 ..< h, stride: lanes), boxes[1],
                            into: Lanes(base: q, range: 0 ..< h, stride: lanes), lanes: lanes, sums: s)
                    boxPass(Lanes(base: q, range: 0 ..< h, stride: lanes), boxes[2],
                            into: Lanes(base: column, range: 0 ..< h, stride: w * 4), lanes: lanes, sums: s)
                }
            }
        }}
    }
}
