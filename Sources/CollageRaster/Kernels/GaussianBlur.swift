import CollageNumerics
import Glibc

/// Gaussian blur of a coverage mask, as CSS blurs shadows: sigma = blur / 2
/// (README "Rules": Text), applied separably (rows, then columns).
///
/// - sigma < 2: the exact kernel, truncated at 3 sigma and normalised to
///   sum 1.
/// - sigma >= 2: three successive box blurs of size
///   d = floor(sigma * 3 * sqrt(2 pi) / 4 + 0.5) per axis, as the SVG
///   `feGaussianBlur` definition (Filter Effects Module Level 1, 9.20) allows
///   and browsers do: for odd d three centred boxes; for even d one box
///   centred on the boundary left of the output pixel, one on the boundary
///   right of it, then a centred box of size d + 1. Running sums make the
///   cost per pixel independent of sigma (a `blur: 256` shadow on a large
///   print took seconds with the kernel). The three boxes reach
///   3 d / 2 < 3 sigma, inside `radius(sigma:)`.
///
/// Only the pixels inside a requested window are computed (a shadow is
/// clipped to the canvas), and a blur so wide that no pixel reaches half a
/// coverage level returns nothing.
public enum GaussianBlur {
    /// The kernel radius in whole pixels for `sigma`: ceil(3 sigma). The
    /// blurred mask reaches at most this far beyond the input on every side.
    public static func radius(sigma: Double) -> Int {
        sigma > 0 ? Int(checked: 3 * sigma, .up) : 0
    }

    /// Normalised weights for offsets -radius...radius (the exact kernel).
    static func kernel(sigma: Double) -> [Float] {
        let r = radius(sigma: sigma)
        guard r > 0 else { return [1] }
        var weights = (-r...r).map { offset -> Double in
            let x = Double(offset)
            return gaussian(x, sigma: sigma)
        }
        let sum = weights.reduce(0, +)
        weights = weights.map { $0 / sum }
        return weights.map(Float.init)
    }

    /// exp(-x² / 2σ²), written as (x / σ)² so that a tiny σ (a `blur` of
    /// 1e-300) gives weights 1 at 0 and 0 elsewhere instead of 0 / 0 = NaN.
    private static func gaussian(_ x: Double, sigma: Double) -> Double {
        let t = x / sigma
        return exp(-0.5 * t * t)
    }

    /// The smallest sigma blurred with three boxes instead of the kernel.
    static let boxSigma = 2.0

    /// One box of the three-box approximation: output c is the sum of
    /// inputs c - before ... c + after, divided by `divisor`.
    struct Box: Equatable {
        var before: Int, after: Int, divisor: Double
    }

    /// The three boxes for `sigma` (>= `boxSigma`), per the SVG definition.
    static func boxes(sigma: Double) -> [Box] {
        let d = Int(checked: sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5, .down)
        if d % 2 == 1 {
            let half = (d - 1) / 2
            return Array(repeating: Box(before: half, after: half, divisor: Double(d)), count: 3)
        }
        let half = d / 2
        return [Box(before: half, after: half - 1, divisor: Double(d)),
                Box(before: half - 1, after: half, divisor: Double(d)),
                Box(before: half, after: half, divisor: Double(d + 1))]
    }

    /// Blurs `mask` with sigma `sigma` pixels. The result is larger by the
    /// kernel radius on every side: its top-left pixel is `radius` pixels
    /// up and left of the input's. sigma <= 0 returns the mask unchanged.
    public static func blur(_ mask: CoverageMask, sigma: Double) -> (mask: CoverageMask, radius: Int) {
        let r = radius(sigma: sigma)
        guard r > 0, mask.width > 0, mask.height > 0 else { return (mask, 0) }
        let window = PixelRect(x: -r, y: -r, width: mask.width + 2 * r, height: mask.height + 2 * r)
        var full = CoverageMask(width: window.width, height: window.height,
                                coverage: [UInt8](repeating: 0, count: window.width * window.height))
        if let part = blur(mask, sigma: sigma, within: window) {
            for y in 0..<part.mask.height {
                let to = (part.y + r + y) * full.width + part.x + r
                full.coverage.replaceSubrange(to..<(to + part.mask.width),
                                              with: part.mask.coverage[(y * part.mask.width)..<((y + 1) * part.mask.width)])
            }
        }
        return (full, r)
    }

    /// The blurred pixels of `mask` inside `window`, in the mask's own
    /// coordinates (its top-left input pixel is (0, 0); the result may start
    /// left of or above it), cropped to the pixels the blur can reach.
    /// - Returns: nil when nothing inside `window` is reached, or when no
    ///   pixel can reach half a coverage level (a blur much wider than the
    ///   mask's total coverage). sigma <= 0 returns the mask within `window`.
    public static func blur(_ mask: CoverageMask, sigma: Double, within window: PixelRect) -> PlacedMask? {
        guard mask.width > 0, mask.height > 0, sigma.isFinite else { return nil }
        let reach = radius(sigma: max(0, sigma))
        let support = PixelRect(x: -reach, y: -reach, width: mask.width + 2 * reach, height: mask.height + 2 * reach)
        let out = support.intersection(window)
        guard !out.isEmpty else { return nil }
        if sigma < boxSigma {
            let full = kernelBlur(mask, sigma: max(0, sigma))
            return PlacedMask(mask: full.mask, x: -full.radius, y: -full.radius).cropped(to: out)
        }
        let boxes = boxes(sigma: sigma)
        // Every output is an average of averages: none exceeds the total
        // coverage over the first horizontal and first vertical box sizes.
        let total = mask.coverage.reduce(0) { $0 + Int($1) }
        guard Double(total) / (boxes[0].divisor * boxes[0].divisor) >= 0.5 else { return nil }
        return boxBlur(mask, boxes: boxes, out: out)
    }

    /// The exact separable kernel (sigma < `boxSigma`, so at most 13 taps).
    private static func kernelBlur(_ mask: CoverageMask, sigma: Double) -> (mask: CoverageMask, radius: Int) {
        let r = radius(sigma: sigma)
        guard r > 0 else { return (mask, 0) }
        let k = kernel(sigma: sigma)
        let width = mask.width + 2 * r, height = mask.height + 2 * r
        // Horizontal pass into floats (rows of the input only), then vertical.
        var horizontal = [Float](repeating: 0, count: width * mask.height)
        horizontal.withUnsafeMutableBufferPointer { out in
            mask.coverage.withUnsafeBufferPointer { input in
                k.withUnsafeBufferPointer { kernel in
                    for y in 0..<mask.height {
                        let row = y * mask.width
                        for x in 0..<mask.width {
                            let v = Float(input[row + x])
                            guard v != 0 else { continue }
                            // Input pixel x lands at output x + r; spread it over x ... x + 2r.
                            let base = y * width + x
                            for i in 0..<kernel.count { out[base + i] += v * kernel[i] }
                        }
                    }
                }
            }
        }
        var coverage = [UInt8](repeating: 0, count: width * height)
        coverage.withUnsafeMutableBufferPointer { out in
            horizontal.withUnsafeBufferPointer { input in
                k.withUnsafeBufferPointer { kernel in
                    var column = [Float](repeating: 0, count: height)
                    for x in 0..<width {
                        for i in 0..<height { column[i] = 0 }
                        for y in 0..<mask.height {
                            let v = input[y * width + x]
                            guard v != 0 else { continue }
                            for i in 0..<kernel.count { column[y + i] += v * kernel[i] }
                        }
                        for y in 0..<height { out[y * width + x] = quantize(column[y]) }
                    }
                }
            }
        }
        return (CoverageMask(width: width, height: height, coverage: coverage), r)
    }

    private static func quantize(_ v: Float) -> UInt8 {
        v >= 255 ? 255 : (v <= 0 ? 0 : UInt8(truncatingIfNeeded: Int(checked: v + 0.5)))
    }

    /// Columns of the vertical passes are done in strips this wide, so the
    /// running sums stay in cache and the scratch stays small.
    private static let strip = 128

    /// The three boxes along rows, then along columns, computing only what
    /// the pixels of `out` (mask coordinates) depend on.
    private static func boxBlur(_ mask: CoverageMask, boxes: [Box], out: PixelRect) -> PlacedMask {
        let w = mask.width, h = mask.height
        // Horizontal: each input row to the output's columns, in floats.
        let columns = out.x..<(out.x + out.width)
        let spans = spans(input: 0..<w, boxes: boxes, final: columns)
        var rows = [Float](repeating: 0, count: out.width * h)
        let longest = spans.map(\.count).max() ?? 0
        var line = [Float](repeating: 0, count: w)
        var a = [Float](repeating: 0, count: longest), b = [Float](repeating: 0, count: longest)
        var sums = [Double](repeating: 0, count: 1)
        for y in 0..<h {
            for x in 0..<w { line[x] = Float(mask.coverage[y * w + x]) }
            line.withUnsafeMutableBufferPointer { l in a.withUnsafeMutableBufferPointer { a in b.withUnsafeMutableBufferPointer { b in
                rows.withUnsafeMutableBufferPointer { rows in sums.withUnsafeMutableBufferPointer { s in
                    let final = rows.baseAddress! + y * out.width
                    boxPass(Lanes(base: l.baseAddress!, range: 0..<w, stride: 1), boxes[0],
                            into: Lanes(base: a.baseAddress!, range: spans[1], stride: 1), lanes: 1, sums: s)
                    boxPass(Lanes(base: a.baseAddress!, range: spans[1], stride: 1), boxes[1],
                            into: Lanes(base: b.baseAddress!, range: spans[2], stride: 1), lanes: 1, sums: s)
                    boxPass(Lanes(base: b.baseAddress!, range: spans[2], stride: 1), boxes[2],
                            into: Lanes(base: final, range: columns, stride: 1), lanes: 1, sums: s)
                }}
            }}}
        }
        // Vertical: strips of columns; the "lanes" of a pass are a strip's columns.
        let outRows = out.y..<(out.y + out.height)
        let vertical = self.spans(input: 0..<h, boxes: boxes, final: outRows)
        let tallest = vertical.map(\.count).max() ?? 0
        var coverage = [UInt8](repeating: 0, count: out.width * out.height)
        var p = [Float](repeating: 0, count: tallest * strip), q = [Float](repeating: 0, count: tallest * strip)
        var result = [Float](repeating: 0, count: out.height * strip)
        sums = [Double](repeating: 0, count: strip)
        for start in stride(from: 0, to: out.width, by: strip) {
            let lanes = min(strip, out.width - start)
            rows.withUnsafeBufferPointer { rows in p.withUnsafeMutableBufferPointer { p in q.withUnsafeMutableBufferPointer { q in
                result.withUnsafeMutableBufferPointer { r in sums.withUnsafeMutableBufferPointer { s in
                    boxPass(Lanes(base: UnsafeMutablePointer(mutating: rows.baseAddress! + start), range: 0..<h, stride: out.width),
                            boxes[0], into: Lanes(base: p.baseAddress!, range: vertical[1], stride: strip), lanes: lanes, sums: s)
                    boxPass(Lanes(base: p.baseAddress!, range: vertical[1], stride: strip), boxes[1],
                            into: Lanes(base: q.baseAddress!, range: vertical[2], stride: strip), lanes: lanes, sums: s)
                    boxPass(Lanes(base: q.baseAddress!, range: vertical[2], stride: strip), boxes[2],
                            into: Lanes(base: r.baseAddress!, range: outRows, stride: strip), lanes: lanes, sums: s)
                }}
            }}}
            for y in 0..<out.height {
                for x in 0..<lanes { coverage[y * out.width + start + x] = quantize(result[y * strip + x]) }
            }
        }
        return PlacedMask(mask: CoverageMask(width: out.width, height: out.height, coverage: coverage), x: out.x, y: out.y)
    }

    /// The coordinates each pass must produce: `[input, after box 1, after
    /// box 2]` would be the supports; the result is the input range, then
    /// what box 2 and box 3 read of the previous pass's support, the last
    /// pass writing `final`. (Index 0 is the input itself.)
    private static func spans(input: Range<Int>, boxes: [Box], final: Range<Int>) -> [Range<Int>] {
        var support = [input]
        for box in boxes { let s = support.last!; support.append((s.lowerBound - box.before)..<(s.upperBound + box.after)) }
        // Needed by box k + 1 from pass k's output: its outputs widened by its reach.
        var needed = Array(repeating: final, count: 4)
        for k in stride(from: 2, through: 1, by: -1) {
            let next = needed[k + 1], box = boxes[k]
            needed[k] = (next.lowerBound - box.before)..<(next.upperBound + box.after)
        }
        return (0..<3).map { k in
            k == 0 ? input : clampRange(needed[k], to: support[k])
        }
    }

    private static func clampRange(_ r: Range<Int>, to s: Range<Int>) -> Range<Int> {
        let lower = max(r.lowerBound, s.lowerBound), upper = min(r.upperBound, s.upperBound)
        return lower < upper ? lower..<upper : lower..<lower
    }

    /// `lanes` parallel lines stored at `base + (c - range.lowerBound) * stride + lane`
    /// for coordinates c in `range`; zero outside it.
    struct Lanes {
        var base: UnsafeMutablePointer<Float>
        var range: Range<Int>
        var stride: Int
        func pointer(_ c: Int) -> UnsafeMutablePointer<Float> { base + (c - range.lowerBound) * stride }
    }

    /// output[c] = (sum of input[c - before ... c + after]) / divisor for
    /// every c of `output.range`, by a running sum per lane (in doubles, so
    /// the sliding adds and subtracts do not drift).
    static func boxPass(_ input: Lanes, _ box: Box, into output: Lanes, lanes: Int,
                                sums: UnsafeMutableBufferPointer<Double>) {
        guard !output.range.isEmpty else { return }
        let scale = 1 / box.divisor
        for lane in 0..<lanes { sums[lane] = 0 }
        let first = output.range.lowerBound
        var c = max(first - box.before, input.range.lowerBound)
        while c < min(first + box.after + 1, input.range.upperBound) {
            let row = input.pointer(c)
            for lane in 0..<lanes { sums[lane] += Double(row[lane]) }
            c += 1
        }
        for c in output.range {
            if c > first {
                let entering = c + box.after, leaving = c - box.before - 1
                if input.range.contains(entering) {
                    let row = input.pointer(entering)
                    for lane in 0..<lanes { sums[lane] += Double(row[lane]) }
                }
                if input.range.contains(leaving) {
                    let row = input.pointer(leaving)
                    for lane in 0..<lanes { sums[lane] -= Double(row[lane]) }
                }
            }
            let row = output.pointer(c)
            for lane in 0..<lanes { row[lane] = Float(sums[lane] * scale) }
        }
    }
}
