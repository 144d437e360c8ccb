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
    ///
    /// Separable: rows, then columns. The passes run over `output` grown by
    /// the radius r on every side (the padded rectangle), exactly as if that
    /// rectangle were filled with the picture and its edges (repeated or
    /// zero) and blurred whole, so the bytes do not depend on how it is
    /// stored; but it is never materialised: each padded row is built in a
    /// row scratch, blurred there and only its `output` columns are kept,
    /// and only for the rows that differ (a row beyond the picture repeats
    /// its edge row's result, or is zero); the columns are then blurred in
    /// strips of 64 read from those rows.
    /// Memory: `output`'s width × the picture's rows within the padded
    /// rectangle (16 bytes a pixel), one padded row, a strip of 64 padded
    /// columns (three of each for the boxes), and the result.
    static func blur(_ pixels: UnsafeBufferPointer<Float>, picture: PixelRect, sigma: Double, edges: Edges,
                     output: PixelRect) -> [Float] {
        let sigma = sigma.isFinite ? max(0, sigma) : 0
        let r = radius(sigma: sigma)
        guard !picture.isEmpty, !output.isEmpty else { return [Float](repeating: 0, count: max(0, output.width * output.height * 4)) }
        let padded = PixelRect(x: output.x - r, y: output.y - r, width: output.width + 2 * r, height: output.height + 2 * r)
        let w = padded.width, h = padded.height, ow = output.width
        // The padded rows whose row pass is kept: beyond them a row repeats
        // the nearest of them (extended) or is zero (transparent).
        let kept: Range<Int>
        if edges == .extended {
            let low = min(max(padded.y, picture.y), picture.maxY - 1)
            kept = low ..< min(max(padded.maxY - 1, picture.y), picture.maxY - 1) + 1
        } else {
            kept = max(padded.y, picture.y) ..< max(max(padded.y, picture.y), min(padded.maxY, picture.maxY))
        }
        let boxed = r > 0 && sigma >= boxSigma
        let weights = r > 0 && !boxed ? kernel(sigma: sigma) : [1]
        let boxes = boxed ? boxes(sigma: sigma) : []
        let lanesMax = min(ow, pixelStrip) * 4
        var rows = [Float](repeating: 0, count: ow * kept.count * 4)
        var line = [Float](repeating: 0, count: w * 4)
        var first = [Float](repeating: 0, count: boxed ? max(w * 4, h * lanesMax) : 0)
        var second = first
        var strip = [Float](repeating: 0, count: h * lanesMax)
        var sums = [Double](repeating: 0, count: max(4, lanesMax))
        var out = [Float](repeating: 0, count: ow * output.height * 4)
        rows.withUnsafeMutableBufferPointer { rows in line.withUnsafeMutableBufferPointer { line in
        first.withUnsafeMutableBufferPointer { p in second.withUnsafeMutableBufferPointer { q in
        strip.withUnsafeMutableBufferPointer { strip in sums.withUnsafeMutableBufferPointer { s in
        weights.withUnsafeBufferPointer { k in out.withUnsafeMutableBufferPointer { out in
            let line = line.baseAddress!, strip = strip.baseAddress!
            // Rows: each kept padded row built (the picture's row, its edges
            // repeated or zero), blurred along, its output columns kept.
            for y in kept {
                let source = pixels.baseAddress! + (y - picture.y) * picture.width * 4
                for x in 0 ..< w {
                    var sx = padded.x + x
                    let to = line + x * 4
                    if sx < picture.x || sx >= picture.maxX {
                        guard edges == .extended else { to[0] = 0; to[1] = 0; to[2] = 0; to[3] = 0; continue }
                        sx = min(max(sx, picture.x), picture.maxX - 1)
                    }
                    let from = source + (sx - picture.x) * 4
                    to[0] = from[0]; to[1] = from[1]; to[2] = from[2]; to[3] = from[3]
                }
                let kept = rows.baseAddress! + (y - kept.lowerBound) * ow * 4
                if boxed {
                    let p = p.baseAddress!, q = q.baseAddress!
                    boxPass(Lanes(base: line, range: 0 ..< w, stride: 4), boxes[0],
                            into: Lanes(base: p, range: 0 ..< w, stride: 4), lanes: 4, sums: s)
                    boxPass(Lanes(base: p, range: 0 ..< w, stride: 4), boxes[1],
                            into: Lanes(base: q, range: 0 ..< w, stride: 4), lanes: 4, sums: s)
                    boxPass(Lanes(base: q, range: 0 ..< w, stride: 4), boxes[2],
                            into: Lanes(base: line, range: 0 ..< w, stride: 4), lanes: 4, sums: s)
                    kept.update(from: line + r * 4, count: ow * 4)
                } else if r > 0 {
                    for x in r ..< r + ow {
                        var sum = SIMD4<Float>(repeating: 0)
                        for t in x - r ... x + r {
                            let p = line + t * 4
                            sum += SIMD4(p[0], p[1], p[2], p[3]) * k[t - x + r]
                        }
                        let o = kept + (x - r) * 4
                        o[0] = sum.x; o[1] = sum.y; o[2] = sum.z; o[3] = sum.w
                    }
                } else {
                    kept.update(from: line, count: ow * 4)
                }
            }
            // Columns, a strip of output columns at a time: the padded
            // column built from the kept rows, blurred down, its output rows kept.
            for start in stride(from: 0, to: ow, by: pixelStrip) {
                let lanes = min(pixelStrip, ow - start) * 4
                for j in 0 ..< h {
                    var y = padded.y + j
                    let to = strip + j * lanes
                    if !kept.contains(y) {
                        guard edges == .extended, !kept.isEmpty else { for i in 0 ..< lanes { to[i] = 0 }; continue }
                        y = min(max(y, kept.lowerBound), kept.upperBound - 1)
                    }
                    to.update(from: rows.baseAddress! + ((y - kept.lowerBound) * ow + start) * 4, count: lanes)
                }
                if boxed {
                    let p = p.baseAddress!, q = q.baseAddress!
                    boxPass(Lanes(base: strip, range: 0 ..< h, stride: lanes), boxes[0],
                            into: Lanes(base: p, range: 0 ..< h, stride: lanes), lanes: lanes, sums: s)
                    boxPass(Lanes(base: p, range: 0 ..< h, stride: lanes), boxes[1],
                            into: Lanes(base: q, range: 0 ..< h, stride: lanes), lanes: lanes, sums: s)
                    boxPass(Lanes(base: q, range: 0 ..< h, stride: lanes), boxes[2],
                            into: Lanes(base: strip, range: 0 ..< h, stride: lanes), lanes: lanes, sums: s)
                }
                for y in 0 ..< output.height {
                    let target = out.baseAddress! + (y * ow + start) * 4
                    if boxed || r == 0 {
                        target.update(from: strip + (y + r) * lanes, count: lanes)
                        continue
                    }
                    for i in 0 ..< lanes { target[i] = 0 }
                    for t in y ... y + 2 * r {
                        let weight = k[t - y], row = strip + t * lanes
                        for i in 0 ..< lanes { target[i] += row[i] * weight }
                    }
                }
            }
        }}}}}}}}
        return out
    }

    /// Columns of the vertical passes are done in strips of this many
    /// pixels (4 floats each), so the scratch is a strip, not a second image.
    private static let pixelStrip = 64
}
