import CollageNumerics
import Glibc

/// An image draw with a transform or a coverage mask (`ImageDraw.transform`,
/// `ImageDraw.coverage`), beside `Resampler`'s axis-aligned path, which
/// stays untouched.
///
/// A transformed draw is a two-step resample, both in linear light with
/// premultiplied alpha: (1) the crop window is resampled to
/// `destination`'s size, the node's own scale, with the separable Lanczos-3
/// `Resampler` (so a 4000 px photo shown at 400 px is filtered, never
/// aliased); (2) every canvas pixel of the region is mapped back through the
/// inverse of `transform` (rotation, shear, mirrors) into that picture (only
/// the part the region reads is computed, so scratch memory is that part's
/// size × 16 bytes) and interpolated there with a 2-D Lanczos-3 kernel at
/// scale 1 (6 × 6 taps, weights normalised by their sum, tabulated at 1/1024
/// px phases: `phaseTable`); taps outside the
/// picture read its nearest edge pixel. Since step (2) is at scale 1 the
/// kernel is never widened. The coverage (the exact area of the picture's
/// rectangle on each pixel, times any rounded corners) then multiplies
/// every pixel and anti-aliases the edges.
struct ShapedImageDraw {
    let draw: ImageDraw
    /// The crop window in the decoded pixmap's pixels.
    let window: Rect
    /// The canvas pixels to produce (within the clip and the canvas).
    let region: PixelRect

    /// Calls `sink(y, pixels)` for every canvas row `y` of the region, top to
    /// bottom, with `region.width` premultiplied linear RGBA pixels.
    func resample(_ source: Pixmap, opaque: Bool, sink: (Int, UnsafeMutableBufferPointer<Float>) -> Void) {
        let destination = draw.destination
        let output = Size(width: destination.width, height: destination.height)
        let shape = draw.coverage
        @inline(__always) func coverage(_ x: Int, _ y: Int) -> Float {
            guard let shape else { return 1 }
            let cx = x - shape.x, cy = y - shape.y
            guard cx >= 0, cy >= 0, cx < shape.mask.width, cy < shape.mask.height else { return 0 }
            return SRGBTransfer.alphaTable[Int(shape.mask.coverage[cy * shape.mask.width + cx])]
        }
        var row = [Float](repeating: 0, count: Swift.max(region.width * 4, 4))
        guard let transform = draw.transform, let inverse = transform.inverted else {
            // Coverage only: the axis-aligned resample of the region, masked.
            let local = PixelRect(x: region.x - destination.x, y: region.y - destination.y,
                                  width: region.width, height: region.height)
            let resampler = Resampler(inputSize: source.size, window: window, outputSize: output, region: local)
            resampler.resample(source, opaque: opaque) { outputRow, values in
                let y = destination.y + outputRow
                row.withUnsafeMutableBufferPointer { out in
                    for k in 0 ..< region.width {
                        let c = coverage(region.x + k, y)
                        for channel in 0 ..< 4 { out[k * 4 + channel] = values[k * 4 + channel] * c }
                    }
                    sink(y, out)
                }
            }
            return
        }
        /// The picture point (pixel-centre coordinates) shown at canvas point (x, y).
        func local(_ x: Double, _ y: Double) -> (Double, Double) {
            let p = inverse.apply(x, y)
            return (p.x - 0.5, p.y - 0.5)
        }
        // Step 1: only the part of the picture that the region's pixels read
        // (the inverse-mapped region's bounding box plus the kernel's reach).
        let corners = [local(Double(region.x), Double(region.y)), local(Double(region.maxX), Double(region.y)),
                       local(Double(region.x), Double(region.maxY)), local(Double(region.maxX), Double(region.maxY))]
        let lowX = Swift.max(0, Swift.min(output.width - 1, Int(checked: corners.map(\.0).min()!, .down) - 3))
        let lowY = Swift.max(0, Swift.min(output.height - 1, Int(checked: corners.map(\.1).min()!, .down) - 3))
        let highX = Swift.max(lowX + 1, Swift.min(output.width, Int(checked: corners.map(\.0).max()!, .up) + 4))
        let highY = Swift.max(lowY + 1, Swift.min(output.height, Int(checked: corners.map(\.1).max()!, .up) + 4))
        let part = PixelRect(x: lowX, y: lowY, width: highX - lowX, height: highY - lowY)
        let w = part.width, h = part.height
        var image = [Float](repeating: 0, count: w * h * 4)
        let resampler = Resampler(inputSize: source.size, window: window, outputSize: output, region: part)
        image.withUnsafeMutableBufferPointer { tile in
            resampler.resample(source, opaque: opaque) { outputRow, values in
                let start = (outputRow - part.y) * w * 4
                for k in 0 ..< w * 4 { tile[start + k] = values[k] }
            }
        }
        let table = Self.phaseTable
        image.withUnsafeBufferPointer { tile in
            row.withUnsafeMutableBufferPointer { out in
                let pixels = UnsafeRawPointer(tile.baseAddress!).assumingMemoryBound(to: SIMD4<Float>.self)
                for y in region.y ..< region.maxY {
                    for k in 0 ..< region.width {
                        let x = region.x + k
                        let c = coverage(x, y)
                        let o = k * 4
                        out[o] = 0; out[o + 1] = 0; out[o + 2] = 0; out[o + 3] = 0
                        guard c > 0 else { continue }
                        var (u, v) = local(Double(x) + 0.5, Double(y) + 0.5)
                        u -= Double(part.x); v -= Double(part.y)
                        // The taps of the nearest of `phases` sub-pixel positions
                        // (within 1/2048 px), so no trigonometry per pixel; a
                        // centre is phase 0 exactly (a 90° turn copies pixels).
                        let (iu, pu) = Self.phase(u), (iv, pv) = Self.phase(v)
                        let u0 = iu - 2, v0 = iv - 2
                        let wx = table.baseAddress! + pu * 7, wy = table.baseAddress! + pv * 7
                        // Separable: each of the six rows' horizontal sum, then the vertical one.
                        var sum = SIMD4<Float>()
                        if u0 >= 0, v0 >= 0, u0 + 6 <= w, v0 + 6 <= h {
                            // Inside the picture: no edge clamping.
                            for ty in 0 ..< 6 where wy[ty] != 0 {
                                let line = pixels + (v0 + ty) * w + u0
                                var across = line[0] * wx[0]
                                for tx in 1 ..< 6 { across += line[tx] * wx[tx] }
                                sum += across * wy[ty]
                            }
                        } else {
                            for ty in 0 ..< 6 where wy[ty] != 0 {
                                let line = pixels + Swift.min(Swift.max(v0 + ty, 0), h - 1) * w
                                var across = SIMD4<Float>()
                                for tx in 0 ..< 6 { across += line[Swift.min(Swift.max(u0 + tx, 0), w - 1)] * wx[tx] }
                                sum += across * wy[ty]
                            }
                        }
                        let scaled = sum * (c / (wx[6] * wy[6]))
                        out[o] = scaled.x; out[o + 1] = scaled.y; out[o + 2] = scaled.z; out[o + 3] = scaled.w
                    }
                    sink(y, out)
                }
            }
        }
    }

    /// Sub-pixel positions the 2-D step's kernel is tabulated at.
    static let phases = 1024

    /// The whole pixel and the phase (0 ..< `phases`) nearest to `u`; a
    /// fraction that rounds up to 1 is the next pixel's phase 0.
    @inline(__always)
    static func phase(_ u: Double) -> (Int, Int) {
        let whole = Int(checked: u, .down)
        let p = Int(checked: (u - Double(whole)) * Double(phases), .toNearestOrAwayFromZero)
        return p >= phases ? (whole + 1, 0) : (whole, p)
    }

    /// For every phase p in 0 ..< `phases`, its six Lanczos-3 weights
    /// (`taps(p / phases)`) and their sum: 7 floats a phase.
    /// Written once, then only read (so safe to share between threads).
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
