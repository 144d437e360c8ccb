import CollageRaster
import CRasterKernels

/// The small picture `focus: auto` and `focus: faces` analyse: the oriented
/// photo reduced to a long side of `longSide` pixels (decoded at the
/// smallest power-of-two scale that keeps at least that, JPEG at its DCT
/// 1/2-1/8, then area-averaged), its sRGB channels as 0...1 and its luma for
/// the face detector.
public struct AnalysisImage: Sendable {
    public let width: Int, height: Int
    /// Oriented source pixels per analysis pixel, per axis.
    public let scaleX: Double, scaleY: Double
    /// sRGB (gamma-encoded) 0...1, row-major; transparent pixels over white.
    public var red: [Float], green: [Float], blue: [Float]
    /// BT.601 luma as OpenCV's `cvtColor(RGB2GRAY)` computes it (14-bit fixed point).
    public var grey: GreyImage

    /// The analysis image's long side, pixels, whatever the photo's size (a
    /// photo with a shorter long side is analysed at its own size). The
    /// cascades' windows (45 px frontal, 40 px profile) are therefore the
    /// smallest faces found: 14% (frontal) and 12.5% (profile) of the
    /// photo's long side. Chosen for the speed target of issue 40: the cost
    /// of the scan grows with the analysed pixels.
    public static let longSide = 320

    /// The decode's reduction factor (1, 2, 4 or 8) for a photo of `size`
    /// (oriented source pixels): the largest whose decoded long side is still
    /// at least `longSide`.
    public static func reduction(for size: Size) -> Int {
        let long = max(size.width, size.height)
        var k = 8
        while k > 1 && (long + k - 1) / k < longSide { k /= 2 }
        return k
    }

    /// What the decoder is asked for: each side divided by `reduction(for:)`, rounded up (as libjpeg scales).
    public static func decodeSize(for size: Size) -> Size {
        let k = reduction(for: size)
        return Size(width: (size.width + k - 1) / k, height: (size.height + k - 1) / k)
    }

    /// The analysis size for a photo of `size`: the long side `longSide`
    /// (or the photo's own when shorter), the short side in proportion,
    /// rounded to nearest, at least 1.
    public static func size(for size: Size) -> Size {
        let long = max(size.width, size.height)
        guard long > longSide else { return Size(width: max(size.width, 1), height: max(size.height, 1)) }
        func scaled(_ side: Int) -> Int { max(1, (side * longSide + long / 2) / long) }
        return size.width >= size.height ? Size(width: longSide, height: scaled(size.height))
                                         : Size(width: scaled(size.width), height: longSide)
    }

    /// The analysis image of a photo's decode as stored (the render's own
    /// decode, any size): first averaged in blocks of k x k stored pixels
    /// (`blockAverage`: each pixel over white, the block's mean rounded to
    /// nearest; k the largest whole factor, at most 8, that keeps both
    /// upright sides at least the analysis size's; none when under 2), then
    /// turned upright (`orientation`) and area-averaged as
    /// `init(pixmap:source:)` does. The block average makes the reduction of
    /// a large decode cheap (a 12 MP photo's render decode at DCT 1/2 is 3 MP).
    /// - Parameters:
    ///   - stored: the decode as stored, RGBA8 sRGB, straight alpha.
    ///   - orientation: how `stored` stands upright.
    ///   - source: the oriented photo's size, source pixels.
    public init(stored: Pixmap, orientation: StoredOrientation, source: Size) {
        let target = Self.size(for: source)
        let upright = orientation.uprightSize(ofStored: stored.size)
        let k = min(8, upright.width / max(target.width, 1), upright.height / max(target.height, 1))
        let reduced = k >= 2 ? Self.blockAverage(stored, by: k) : stored
        self.init(pixmap: orientation.upright(reduced), source: source)
    }

    /// `pixmap` averaged in blocks of `k` x `k` pixels (the last row and
    /// column of blocks average the pixels they have): each pixel over white
    /// (`overWhite`), the block's sum divided by its pixel count, rounded
    /// half up; opaque.
    ///
    /// Each block row is averaged by `collage_block_means` (CRasterKernels:
    /// the row's k rows added per byte in SSE2 or AVX2 16-bit lanes, then k
    /// columns at a time, the means by multiply-shift, exact as
    /// `roundingReciprocal(of:)`); a block with a pixel that is not opaque
    /// (which it lists) is summed again here pixel by pixel over white, so
    /// the result is exactly that of summing every pixel over white
    /// (`BlockAverageTests`). Issue 40, the reference job's faces variant:
    /// 1.08 G instructions as a per-pixel loop, 0.55 G as packed 64-bit
    /// words, 0.16 G as block sums in C with the means in Swift, 0.06 G in
    /// this form. `k` is 1...8.
    static func blockAverage(_ pixmap: Pixmap, by k: Int) -> Pixmap {
        precondition((1...8).contains(k), "blockAverage: k is 1...8")
        let sw = pixmap.width, sh = pixmap.height
        let w = (sw + k - 1) / k, h = (sh + k - 1) / k
        guard w > 0, h > 0 else { return Pixmap(width: w, height: h, pixels: []) }
        // The block row's per-byte column sums, and its blocks that are not opaque.
        let scratch = UnsafeMutablePointer<UInt16>.allocate(capacity: sw * 4)
        let translucent = UnsafeMutablePointer<Int>.allocate(capacity: w)
        defer { scratch.deallocate(); translucent.deallocate() }
        let out = pixmap.pixels.withUnsafeBufferPointer { px in
            [UInt8](unsafeUninitializedCapacity: w * h * 4) { out, initialized in
                let base = px.baseAddress!
                for by in 0..<h {
                    let y0 = by * k, y1 = min(sh, y0 + k), row = out.baseAddress! + by * w * 4
                    let listed = collage_block_means(base + y0 * sw * 4, sw * 4, y1 - y0, sw, k, scratch, row, translucent)
                    for i in 0..<listed {
                        let bx = translucent[i], x0 = bx * k, n = min(k, sw - x0), count = (y1 - y0) * n
                        var r = 0, g = 0, b = 0
                        for y in y0..<y1 {
                            var p = base + (y * sw + x0) * 4
                            for _ in 0..<n {
                                let c = overWhite(p)
                                r += c.r; g += c.g; b += c.b
                                p += 4
                            }
                        }
                        let o = row + bx * 4
                        o[0] = UInt8((r * 2 + count) / (2 * count))
                        o[1] = UInt8((g * 2 + count) / (2 * count))
                        o[2] = UInt8((b * 2 + count) / (2 * count))
                        o[3] = 255
                    }
                }
                initialized = w * h * 4
            }
        }
        return Pixmap(width: w, height: h, pixels: out)
    }

    /// The multiplier m that divides by 2·`count` rounding down, as
    /// `(n · m) >> 32`, for every n below 2^16 (`count` 1...64, n = 2·sum +
    /// count with sum at most 64 x 255), as `collage_block_means` computes
    /// it for its means: m = ⌈2^32 / (2·count)⌉ exceeds
    /// 2^32 / (2·count) by less than 1, so n·m / 2^32 exceeds n / (2·count)
    /// by less than 2^-16, less than the 1 / (2·count) between the quotient
    /// and the next whole number (`BlockAverageTests` checks every n).
    @inline(__always) static func roundingReciprocal(of count: Int) -> UInt64 {
        let d = UInt64(2 * count)
        return ((1 << 32) + d - 1) / d
    }

    /// The RGBA8 pixel at `p` over white, 0...255 a channel: c·a + 255·(255 − a), /255 rounded.
    @inline(__always) static func overWhite(_ p: UnsafePointer<UInt8>) -> (r: Int, g: Int, b: Int) {
        let a = Int(p[3])
        guard a != 255 else { return (Int(p[0]), Int(p[1]), Int(p[2])) }
        return ((Int(p[0]) * a + 255 * (255 - a) + 127) / 255, (Int(p[1]) * a + 255 * (255 - a) + 127) / 255,
                (Int(p[2]) * a + 255 * (255 - a) + 127) / 255)
    }

    /// - Parameters:
    ///   - pixmap: the oriented photo decoded at any size; area-averaged
    ///     here (each analysis pixel the mean of the decoded pixels it
    ///     covers, fractions weighted, as OpenCV's `INTER_AREA`) to
    ///     `size(for: source)`, or kept as it is when not larger.
    ///   - source: the oriented photo's size, source pixels.
    public init(pixmap: Pixmap, source: Size) {
        let target = Self.size(for: source)
        let w = min(target.width, pixmap.width), h = min(target.height, pixmap.height)
        width = w; height = h
        scaleX = Double(source.width) / Double(w); scaleY = Double(source.height) / Double(h)
        let sw = pixmap.width, sh = pixmap.height
        let columns = AreaTaps(source: sw, destination: w), rows = AreaTaps(source: sh, destination: h)
        // Each decoded pixel over white (`overWhite`).
        var r = [Float](repeating: 0, count: w * h), g = r, b = r
        var luma = [UInt8](repeating: 0, count: w * h)
        // Source rows reduced horizontally (`collage_area_row`: red, green,
        // blue and a fourth lane a pixel), each once, though most are summed
        // into two analysis rows: a ring of as many rows as an analysis row
        // sums (its taps are consecutive rows, so they never share a slot),
        // slot `row % ringRows`.
        let ringRows = (0..<h).reduce(1) { max($0, rows.range($1).count) }
        let stride = w * 4
        let ring = UnsafeMutablePointer<Float>.allocate(capacity: max(1, ringRows * stride))
        let held = UnsafeMutablePointer<Int>.allocate(capacity: ringRows)
        held.initialize(repeating: -1, count: ringRows)
        // An analysis row's source rows and weights (`collage_area_column`: summed, rounded to 8 bits).
        let taps = UnsafeMutablePointer<UnsafePointer<Float>?>.allocate(capacity: ringRows)
        let tapWeights = UnsafeMutablePointer<Float>.allocate(capacity: ringRows)
        defer { ring.deallocate(); held.deallocate(); taps.deallocate(); tapWeights.deallocate() }
        // v / 255 for each 8-bit v (the same division, done once).
        var unit = [Float](repeating: 0, count: 256)
        for v in 0..<256 { unit[v] = Float(v) / 255 }
        if w > 0 && h > 0 {
            pixmap.pixels.withUnsafeBufferPointer { px in
            columns.index.withUnsafeBufferPointer { ci in
            columns.weight.withUnsafeBufferPointer { cw in
            columns.start.withUnsafeBufferPointer { cs in
            r.withUnsafeMutableBufferPointer { r in
            g.withUnsafeMutableBufferPointer { g in
            b.withUnsafeMutableBufferPointer { b in
            luma.withUnsafeMutableBufferPointer { luma in
            unit.withUnsafeBufferPointer { unit in
                for y in 0..<h {
                    var count = 0
                    for t in rows.range(y) {
                        let sy = rows.index[t]
                        let slot = sy % ringRows, row = ring + slot * stride
                        if held[slot] != sy {
                            held[slot] = sy
                            collage_area_row(px.baseAddress! + sy * sw * 4, ci.baseAddress!, cw.baseAddress!, cs.baseAddress!, w, row)
                        }
                        taps[count] = UnsafePointer(row); tapWeights[count] = rows.weight[t]
                        count += 1
                    }
                    let o = y * w
                    collage_area_column(taps, tapWeights, count, w, unit.baseAddress!, r.baseAddress! + o, g.baseAddress! + o,
                                        b.baseAddress! + o, luma.baseAddress! + o)
                }
            }}}}}}}}}
        }
        red = r; green = g; blue = b
        grey = GreyImage(width: w, height: h, pixels: luma)
    }
}

/// One axis of an area reduction from `source` to `destination` pixels
/// (destination ≤ source): destination pixel d covers source
/// [d·s, (d+1)·s), s = source / destination; each source pixel it touches
/// weighted by the part it covers, the weights summing to 1.
struct AreaTaps {
    var index: [Int] = [], weight: [Float] = []
    /// Destination pixel d's taps: start[d]..<start[d + 1].
    var start: [Int] = [0]

    init(source: Int, destination: Int) {
        let s = Double(source) / Double(destination)
        for d in 0..<destination {
            let lo = Double(d) * s, hi = min(Double(source), Double(d + 1) * s)
            var i = Int(lo)
            while Double(i) < hi - 1e-9 && i < source {
                let covered = min(hi, Double(i + 1)) - max(lo, Double(i))
                if covered > 1e-9 { index.append(i); weight.append(Float(covered / s)) }
                i += 1
            }
            start.append(index.count)
        }
    }

    @inline(__always) func range(_ d: Int) -> Range<Int> { start[d]..<start[d + 1] }
}
