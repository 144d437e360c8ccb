import CollageNumerics
import Glibc

/// An image draw with a transform or a coverage mask (`ImageDraw.transform`,
/// `ImageDraw.coverage`), beside `Resampler`'s axis-aligned path, which
/// stays untouched.
///
/// A transformed draw is a two-step resample, both in linear light with
/// premultiplied alpha: (1) the crop window is resampled to
/// `destination`'s size, the node's own scale, with the separable Lanczos-3
/// `Resampler` on the image's stored pixels, each output pixel placed
/// upright (`OrientedResample`: no upright copy of the photo, and the
/// stored rows are read top to bottom once, so a JPEG can be streamed), so
/// a 4000 px photo shown at 400 px is filtered, never aliased; (2) every
/// canvas pixel of the region is mapped back through the inverse of
/// `transform` (rotation, shear, mirrors) into that picture (only the part
/// the region reads is computed, so scratch memory is that part's size × 16
/// bytes) and interpolated there with a 2-D Lanczos-3 kernel at scale 1
/// (6 × 6 taps, weights normalised by their sum, tabulated at 1/1024 px
/// phases: `phaseTable`); taps outside the picture read its nearest edge
/// pixel. Since step (2) is at scale 1 the kernel is never widened. The
/// coverage (the exact area of the picture's rectangle on each pixel, times
/// any rounded corners) then multiplies every pixel and anti-aliases the
/// edges; pixels outside the coverage's row span are not interpolated.
struct ShapedImageDraw {
    let draw: ImageDraw
    /// The crop window in the pixels of the decoded image turned upright.
    let window: Rect
    /// The canvas pixels to produce (within the clip and the canvas).
    let region: PixelRect

    /// The stored pixels a draw reads: the decoded size as stored, how it
    /// relates to the upright picture, and its rows (RGBA8 sRGB, asked for
    /// in increasing order, each at most once; `needColumns` hears first
    /// which columns will be read).
    struct StoredRows {
        let size: Size
        let orientation: StoredOrientation
        let opaque: Bool
        var needColumns: (Range<Int>) -> Void = { _ in }
        let row: (Int) -> UnsafePointer<UInt8>
    }

    /// Calls `sink(y, pixels)` for every canvas row `y` of the region (in
    /// no fixed order), with `region.width` premultiplied linear RGBA pixels.
    func resample(_ source: StoredRows, sink: (Int, UnsafeMutableBufferPointer<Float>) -> Void) {
        let destination = draw.destination
        let output = Size(width: destination.width, height: destination.height)
        var row = [Float](repeating: 0, count: Swift.max(region.width * 4, 4))
        guard let transform = draw.transform, let inverse = transform.inverted else {
            // Coverage only: the axis-aligned resample of the region, masked.
            let local = PixelRect(x: region.x - destination.x, y: region.y - destination.y,
                                  width: region.width, height: region.height)
            let oriented = OrientedResample(storedSize: source.size, orientation: source.orientation, window: window,
                                            outputSize: output, region: local)
            row.withUnsafeMutableBufferPointer { out in
                if source.orientation.transposed {
                    // Stored rows are upright columns: resample the region whole, then mask its rows.
                    let tile = Self.upright(source, oriented, part: local)
                    tile.withUnsafeBufferPointer { pixels in
                        for line in 0 ..< local.height {
                            let y = region.y + line
                            masked(pixels.baseAddress! + line * local.width * 4, y: y, into: out)
                            sink(y, out)
                        }
                    }
                    return
                }
                var upright = [Float](repeating: 0, count: Swift.max(region.width * 4, 4))
                upright.withUnsafeMutableBufferPointer { line in
                    source.needColumns(oriented.resampler.horizontal.lowest ..< oriented.resampler.horizontal.highest)
                    oriented.resampler.resample(inputRow: source.row, opaque: source.opaque) { stored, values in
                        let place = oriented.placement(ofRow: stored)
                        var at = (place.x - local.x) * 4
                        let step = place.dx * 4
                        for k in 0 ..< local.width {
                            line[at] = values[k * 4]; line[at + 1] = values[k * 4 + 1]
                            line[at + 2] = values[k * 4 + 2]; line[at + 3] = values[k * 4 + 3]
                            at += step
                        }
                        let y = destination.y + place.y
                        masked(line.baseAddress!, y: y, into: out)
                        sink(y, out)
                    }
                }
            }
            return
        }
        // Step 1: only the part of the picture that the region's pixels read.
        let part = Self.part(read: region, inverse: inverse,
                             within: PixelRect(x: 0, y: 0, width: output.width, height: output.height))
        let oriented = OrientedResample(storedSize: source.size, orientation: source.orientation, window: window,
                                        outputSize: output, region: part)
        let image = Self.upright(source, oriented, part: part)
        // Step 2.
        image.withUnsafeBufferPointer { tile in
            row.withUnsafeMutableBufferPointer { out in
                guard let shape = draw.coverage else { return }
                Self.interpolate(tile.baseAddress!, part: part, inverse: inverse, coverage: shape, region: region,
                                 into: out, sink: sink)
            }
        }
    }

    /// `values` (one row of the region, `region.width` pixels) times the
    /// coverage of canvas row `y`, into `out`.
    private func masked(_ values: UnsafePointer<Float>, y: Int, into out: UnsafeMutableBufferPointer<Float>) {
        guard let shape = draw.coverage else {
            out.baseAddress!.update(from: values, count: region.width * 4)
            return
        }
        let table = SRGBTransfer.alphaTable
        let cy = y - shape.y
        shape.mask.coverage.withUnsafeBufferPointer { mask in
            for k in 0 ..< region.width {
                let cx = region.x + k - shape.x
                let c: Float = cy >= 0 && cy < shape.mask.height && cx >= 0 && cx < shape.mask.width
                    ? table[Int(mask[cy * shape.mask.width + cx])] : 0
                for channel in 0 ..< 4 { out[k * 4 + channel] = values[k * 4 + channel] * c }
            }
        }
    }

    /// The picture pixels (within `bounds`, never empty) that step 2 reads
    /// for the canvas pixels `region` through `inverse`: the inverse-mapped
    /// region's bounding box plus the kernel's reach.
    static func part(read region: PixelRect, inverse: Affine, within bounds: PixelRect) -> PixelRect {
        /// The picture point (pixel-centre coordinates) shown at canvas point (x, y).
        func local(_ x: Double, _ y: Double) -> (Double, Double) {
            let p = inverse.apply(x, y)
            return (p.x - 0.5, p.y - 0.5)
        }
        let corners = [local(Double(region.x), Double(region.y)), local(Double(region.maxX), Double(region.y)),
                       local(Double(region.x), Double(region.maxY)), local(Double(region.maxX), Double(region.maxY))]
        let lowX = Swift.max(bounds.x, Swift.min(bounds.maxX - 1, Int(checked: corners.map(\.0).min()!, .down) - 3))
        let lowY = Swift.max(bounds.y, Swift.min(bounds.maxY - 1, Int(checked: corners.map(\.1).min()!, .down) - 3))
        let highX = Swift.max(lowX + 1, Swift.min(bounds.maxX, Int(checked: corners.map(\.0).max()!, .up) + 4))
        let highY = Swift.max(lowY + 1, Swift.min(bounds.maxY, Int(checked: corners.map(\.1).max()!, .up) + 4))
        return PixelRect(x: lowX, y: lowY, width: highX - lowX, height: highY - lowY)
    }

    /// Step 1: the upright output pixels `part` of `oriented` (premultiplied
    /// linear RGBA, `part.width` pixels a row).
    static func upright(_ source: StoredRows, _ oriented: OrientedResample, part: PixelRect) -> [Float] {
        let w = part.width
        var image = [Float](repeating: 0, count: w * part.height * 4)
        let resampler = oriented.resampler
        let count = resampler.horizontal.outputs.count
        source.needColumns(resampler.horizontal.lowest ..< resampler.horizontal.highest)
        image.withUnsafeMutableBufferPointer { tile in
            resampler.resample(inputRow: source.row, opaque: source.opaque) { row, values in
                let place = oriented.placement(ofRow: row)
                var start = ((place.y - part.y) * w + (place.x - part.x)) * 4
                let step = (place.dx + place.dy * w) * 4
                for k in 0 ..< count {
                    let p = k * 4
                    tile[start] = values[p]; tile[start + 1] = values[p + 1]
                    tile[start + 2] = values[p + 2]; tile[start + 3] = values[p + 3]
                    start += step
                }
            }
        }
        return image
    }

    /// Step 2: every canvas pixel of the region within its coverage row's
    /// non-zero span, mapped back through `inverse` into `picture` (the
    /// `part` of the resampled picture, `part.width` pixels a row) and
    /// interpolated there with the 6 × 6 Lanczos-3 taps of its phase (taps
    /// beyond `part` read its nearest edge pixel), times the coverage
    /// `shape`; each row goes to `sink`. Positions step along the row
    /// (the inverse's x column) instead of a full inverse map per pixel.
    static func interpolate(_ picture: UnsafePointer<Float>, part: PixelRect, inverse: Affine, coverage shape: PlacedMask,
                            region: PixelRect, into out: UnsafeMutableBufferPointer<Float>,
                            sink: (Int, UnsafeMutableBufferPointer<Float>) -> Void) {
        let w = part.width, h = part.height
        let pixels = UnsafeRawPointer(picture).assumingMemoryBound(to: SIMD4<Float>.self)
        let table = Self.phaseTable.baseAddress!, splat = Self.splatTable.baseAddress!
        let phases = Double(Self.phases), shift = Self.phaseBits, fraction = Self.phases - 1
        // Beyond these every tap reads the edge pixel, whatever the phase, so
        // clamping there changes nothing and keeps the conversions in range
        // (a NaN lands on the low side).
        let uHigh = Double(w) + 3, vHigh = Double(h) + 3
        let mw = shape.mask.width
        SRGBTransfer.alphaTable.withUnsafeBufferPointer { alphaBuffer in
        shape.mask.coverage.withUnsafeBufferPointer { maskBuffer in
            let alpha = alphaBuffer.baseAddress!
            for y in region.y ..< region.maxY {
                out.update(repeating: 0)
                let cy = y - shape.y
                let low = Swift.max(region.x, shape.x), high = Swift.min(region.maxX, shape.x + mw)
                guard cy >= 0, cy < shape.mask.height, low < high, let base = maskBuffer.baseAddress else {
                    sink(y, out)
                    continue
                }
                let line = base + cy * mw - shape.x
                var first = low, last = high
                while first < last, line[first] == 0 { first += 1 }
                while last > first, line[last - 1] == 0 { last -= 1 }
                let yc = Double(y) + 0.5, x0 = Double(first) + 0.5
                let uStart = inverse.a * x0 + inverse.c * yc + inverse.tx - 0.5 - Double(part.x)
                let vStart = inverse.b * x0 + inverse.d * yc + inverse.ty - 0.5 - Double(part.y)
                for x in first ..< last {
                    let m = line[x]
                    if m == 0 { continue }
                    let t = Double(x - first)
                    var u = uStart + t * inverse.a, v = vStart + t * inverse.b
                    u = u > -4 ? (u < uHigh ? u : uHigh) : -4
                    v = v > -4 ? (v < vHigh ? v : vHigh) : -4
                    // The nearest of `phases` sub-pixel positions (within
                    // 1/2048 px), so no trigonometry per pixel; a centre is
                    // phase 0 exactly (a 90° turn copies pixels). The +8
                    // keeps the value positive, so truncation is floor.
                    let su = Int((u + 8) * phases + 0.5), sv = Int((v + 8) * phases + 0.5)
                    let u0 = (su >> shift) - 10, v0 = (sv >> shift) - 10
                    let wx = table + (su & fraction) * 7, wy = table + (sv & fraction) * 7
                    // Separable: each of the six rows' horizontal sum, then the vertical one.
                    var sum = SIMD4<Float>()
                    if u0 >= 0, v0 >= 0, u0 + 6 <= w, v0 + 6 <= h {
                        // Inside the picture: no edge clamping.
                        sum = Self.taps6x6(pixels + v0 * w + u0, stride: w, splat + (su & fraction) * 6,
                                           splat + (sv & fraction) * 6)
                    } else {
                        for ty in 0 ..< 6 where wy[ty] != 0 {
                            let row = pixels + Swift.min(Swift.max(v0 + ty, 0), h - 1) * w
                            var across = SIMD4<Float>()
                            for tx in 0 ..< 6 { across += row[Swift.min(Swift.max(u0 + tx, 0), w - 1)] * wx[tx] }
                            sum += across * wy[ty]
                        }
                    }
                    let scaled = sum * (alpha[Int(m)] / (wx[6] * wy[6]))
                    let o = (x - region.x) * 4
                    out[o] = scaled.x; out[o + 1] = scaled.y; out[o + 2] = scaled.z; out[o + 3] = scaled.w
                }
                sink(y, out)
            }
        }
        }
    }

    /// The 6 × 6 taps from `first` (rows `stride` pixels apart), weighted
    /// `wx[tx] * wy[ty]` (each weight in all four lanes: `splatTable`):
    /// each row's horizontal sum, then the vertical one.
    /// Kept out of line: inlined into the pixel loop, LLVM's vectoriser
    /// splits these 4-lane operations into scalar ones and shuffles (about
    /// twice as slow); on its own every operation stays one SSE instruction,
    /// and the weights are loads, not broadcasts.
    @inline(never)
    static func taps6x6(_ first: UnsafePointer<SIMD4<Float>>, stride: Int,
                        _ wx: UnsafePointer<SIMD4<Float>>, _ wy: UnsafePointer<SIMD4<Float>>) -> SIMD4<Float> {
        @inline(__always) func across(_ row: UnsafePointer<SIMD4<Float>>) -> SIMD4<Float> {
            var sum = row[0] * wx[0]
            sum += row[1] * wx[1]; sum += row[2] * wx[2]
            sum += row[3] * wx[3]; sum += row[4] * wx[4]; sum += row[5] * wx[5]
            return sum
        }
        var sum = across(first) * wy[0]
        sum += across(first + stride) * wy[1]
        sum += across(first + 2 * stride) * wy[2]
        sum += across(first + 3 * stride) * wy[3]
        sum += across(first + 4 * stride) * wy[4]
        sum += across(first + 5 * stride) * wy[5]
        return sum
    }

    /// Sub-pixel positions the 2-D step's kernel is tabulated at: 2^`phaseBits`.
    static let phaseBits = 10
    static let phases = 1 << phaseBits

    /// For every phase p in 0 ..< `phases`, its six Lanczos-3 weights
    /// (`taps(p / phases)`) and their sum: 7 floats a phase.
    /// Written once, then only read (so safe to share between threads).
    /// `phaseTable`'s six weights of each phase, each in all four lanes
    /// (6 × 16 bytes a phase), for `taps6x6`. Written once, then only read.
    nonisolated(unsafe) static let splatTable: UnsafeBufferPointer<SIMD4<Float>> = {
        let table = UnsafeMutableBufferPointer<SIMD4<Float>>.allocate(capacity: phases * 6)
        for p in 0 ..< phases {
            for t in 0 ..< 6 { table[p * 6 + t] = SIMD4(repeating: phaseTable[p * 7 + t]) }
        }
        return UnsafeBufferPointer(table)
    }()

    nonisolated(unsafe) static let phaseTable: UnsafeBufferPointer<Float> = {
        let table = UnsafeMutableBufferPointer<Float>.allocate(capacity: phases * 7)
        var weights = [Double](repeating: 0, count: 6)
        for p in 0 ..< phases {
            let sum = weights.withUnsafeMutableBufferPointer { taps(Double(p) / Double(phases), into: $0.baseAddress!) }
            for t in 0 ..< 6 { table[p * 7 + t] = Float(weights[t]) }
            table[p * 7 + 6] = Float(sum)
        }
        return UnsafeBufferPointer(table)
    }()

    /// cos(kπ/3), sin(kπ/3) for k = 2, 1, 0, −1, −2, −3 (exact halves and √3/2).
    private static let tapCos: (Double, Double, Double, Double, Double, Double) = (-0.5, 0.5, 1, 0.5, -0.5, -1)
    private static let tapSin: (Double, Double, Double, Double, Double, Double) =
        (0.75.squareRoot(), 0.75.squareRoot(), 0, -(0.75.squareRoot()), -(0.75.squareRoot()), 0)

    /// The six Lanczos-3 weights `LanczosKernel.weight(f + 2 − t)`, t = 0 ..< 6,
    /// for a fraction `f` in 0 ..< 1 (callers snap values within 1e-9 of an
    /// integer to it: the addition formula cancels there), with three trigonometric calls instead
    /// of twelve: sin(π(f + k)) = (−1)^k sin(πf), and sin(π(f + k)/3) by the
    /// angle-addition formula. Returns their sum.
    @inline(__always)
    static func taps(_ f: Double, into weights: UnsafeMutablePointer<Double>) -> Double {
        if f == 0 {
            for t in 0 ..< 6 { weights[t] = t == 2 ? 1 : 0 }
            return 1
        }
        let sinPi = sin(Double.pi * f)
        let sinThird = sin(Double.pi * f / 3), cosThird = cos(Double.pi * f / 3)
        let c = tapCos, s = tapSin
        @inline(__always) func weight(_ t: Int, _ cosK: Double, _ sinK: Double) -> Double {
            let x = f + Double(2 - t)
            let a = t % 2 == 0 ? sinPi : -sinPi
            let b = sinThird * cosK + cosThird * sinK
            return x > -3 && x < 3 ? 3 * a * b / (Double.pi * Double.pi * x * x) : 0
        }
        weights[0] = weight(0, c.0, s.0); weights[1] = weight(1, c.1, s.1); weights[2] = weight(2, c.2, s.2)
        weights[3] = weight(3, c.3, s.3); weights[4] = weight(4, c.4, s.4); weights[5] = weight(5, c.5, s.5)
        return weights[0] + weights[1] + weights[2] + weights[3] + weights[4] + weights[5]
    }
}
