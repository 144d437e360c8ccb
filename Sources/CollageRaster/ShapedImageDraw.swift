import CollageNumerics
import Glibc

/// An image draw with rotation and/or rounded corners (`ImageDraw.rotation`,
/// `ImageDraw.cornerRadius`), beside `Resampler`'s axis-aligned path, which
/// stays untouched.
///
/// Rotation is a two-step resample, both in linear light with premultiplied
/// alpha: (1) the crop window is resampled to the destination size with the
/// separable Lanczos-3 `Resampler` (the same pixels an unrotated draw would
/// show); (2) every canvas pixel of the region is mapped back through the
/// rotation (θ degrees clockwise about the clip's centre, y down) into that
/// destination image (only the part the region reads is computed, so
/// scratch memory is that part's size × 16 bytes) and interpolated there with a 2-D Lanczos-3 kernel at
/// scale 1 (6 × 6 taps, weights normalised by their sum); taps outside the
/// destination image read transparent, which anti-aliases the rotated
/// edges. Since step (2) is at scale 1 the kernel is never widened, and an
/// angle that is a multiple of 360° skips it. The rounded-corner coverage
/// (`RoundedRect` of the visible image, or of the clip when rotated) then
/// multiplies every pixel.
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
        let angle = draw.rotation.truncatingRemainder(dividingBy: 360)
        // Unrotated, the corners that show are those of the visible image
        // (destination ∩ clip: the cell for cover, the letterboxed rectangle
        // for contain); rotated, those of the clip that cuts it.
        let shape = RoundedRect(angle == 0 ? destination.intersection(draw.clip) : draw.clip, radius: draw.cornerRadius)
        var row = [Float](repeating: 0, count: Swift.max(region.width * 4, 4))
        if angle == 0 {
            // Rounded corners only: the axis-aligned resample of the region, masked.
            let local = PixelRect(x: region.x - destination.x, y: region.y - destination.y,
                                  width: region.width, height: region.height)
            let resampler = Resampler(inputSize: source.size, window: window, outputSize: output, region: local)
            resampler.resample(source, opaque: opaque) { outputRow, values in
                let y = destination.y + outputRow
                row.withUnsafeMutableBufferPointer { out in
                    for k in 0 ..< region.width {
                        let c = shape.coverage(region.x + k, y)
                        for channel in 0 ..< 4 { out[k * 4 + channel] = values[k * 4 + channel] * c }
                    }
                    sink(y, out)
                }
            }
            return
        }
        // Step 2's geometry: inverse rotation about the clip's centre.
        let radians = angle * Double.pi / 180
        let cosine = cos(radians), sine = sin(radians)
        let centreX = Double(draw.clip.x) + Double(draw.clip.width) / 2
        let centreY = Double(draw.clip.y) + Double(draw.clip.height) / 2
        /// The destination-local point (pixel-centre coordinates) shown at canvas point (x, y).
        func unrotated(_ x: Double, _ y: Double) -> (Double, Double) {
            let dx = x - centreX, dy = y - centreY
            return (centreX + cosine * dx + sine * dy - Double(destination.x) - 0.5,
                    centreY - sine * dx + cosine * dy - Double(destination.y) - 0.5)
        }
        // Step 1: only the part of the destination image that the region's
        // pixels read (the inverse-rotated region's bounding box plus the
        // kernel's reach), premultiplied linear; the rest reads transparent.
        let corners = [unrotated(Double(region.x), Double(region.y)), unrotated(Double(region.maxX), Double(region.y)),
                       unrotated(Double(region.x), Double(region.maxY)), unrotated(Double(region.maxX), Double(region.maxY))]
        let lowX = Swift.max(0, Int(checked: corners.map(\.0).min()!, .down) - 3)
        let lowY = Swift.max(0, Int(checked: corners.map(\.1).min()!, .down) - 3)
        let highX = Swift.min(output.width, Int(checked: corners.map(\.0).max()!, .up) + 4)
        let highY = Swift.min(output.height, Int(checked: corners.map(\.1).max()!, .up) + 4)
        guard highX > lowX, highY > lowY else {
            for y in region.y ..< region.maxY { row.withUnsafeMutableBufferPointer { sink(y, $0) } }
            return
        }
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
        let wx = UnsafeMutablePointer<Double>.allocate(capacity: 6), wy = UnsafeMutablePointer<Double>.allocate(capacity: 6)
        defer { wx.deallocate(); wy.deallocate() }
        image.withUnsafeBufferPointer { tile in
            row.withUnsafeMutableBufferPointer { out in
                for y in region.y ..< region.maxY {
                    for k in 0 ..< region.width {
                        let x = region.x + k
                        let c = shape.coverage(x, y)
                        let o = k * 4
                        out[o] = 0; out[o + 1] = 0; out[o + 2] = 0; out[o + 3] = 0
                        guard c > 0 else { continue }
                        // Rotate back by θ: the point of the unrotated image shown here, in the part's pixels.
                        var (u, v) = unrotated(Double(x) + 0.5, Double(y) + 0.5)
                        u -= Double(part.x); v -= Double(part.y)
                        // Positions within 1e-9 px of a pixel centre are that centre (a quarter
                        // turn's cos 90° is 6e-17, not 0), where the closed-form taps lose precision.
                        if abs(u - u.rounded()) < 1e-9 { u = u.rounded() }
                        if abs(v - v.rounded()) < 1e-9 { v = v.rounded() }
                        let u0 = Int(checked: u, .down) - 2, v0 = Int(checked: v, .down) - 2
                        guard u0 + 5 >= 0, u0 < w, v0 + 5 >= 0, v0 < h else { continue }
                        let sumX = Self.taps(u - Double(u0 + 2), into: wx)
                        let sumY = Self.taps(v - Double(v0 + 2), into: wy)
                        var r = 0.0, g = 0.0, b = 0.0, a = 0.0
                        for ty in 0 ..< 6 {
                            let sy = v0 + ty
                            guard sy >= 0, sy < h, wy[ty] != 0 else { continue }
                            for tx in 0 ..< 6 {
                                let sx = u0 + tx
                                guard sx >= 0, sx < w else { continue }
                                let weight = wx[tx] * wy[ty]
                                let p = (sy * w + sx) * 4
                                r += weight * Double(tile[p]); g += weight * Double(tile[p + 1])
                                b += weight * Double(tile[p + 2]); a += weight * Double(tile[p + 3])
                            }
                        }
                        let scale = Double(c) / (sumX * sumY)
                        out[o] = Float(r * scale); out[o + 1] = Float(g * scale)
                        out[o + 2] = Float(b * scale); out[o + 3] = Float(a * scale)
                    }
                    sink(y, out)
                }
            }
        }
    }

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
