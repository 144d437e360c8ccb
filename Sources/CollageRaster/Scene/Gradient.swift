import Glibc

/// A gradient paint over `box`, the painted node's own box in its local
/// coordinates (canvas pixels before the node's transforms, so the
/// gradient turns with the node), with CSS's geometry (CSS Images 3
/// "Gradients"):
///
/// - linear: `angle` in degrees, 0 towards the top, 90 towards the right
///   (clockwise on screen); the gradient line runs through the box's centre
///   and is |W sin θ| + |H cos θ| long, so the corners in its direction get
///   the end colours;
/// - radial: a circle about (`centerX`, `centerY`) (fractions of the box),
///   of `radius` pixels, by default the distance to the farthest corner
///   (CSS `circle farthest-corner`).
///
/// Beyond the ends the end colours continue. Colours interpolate
/// premultiplied in `space`: sRGB-encoded values (CSS's default), linear
/// light, or Oklab; two stops at one position make a hard edge (the later
/// colour from there on).
public struct Gradient: Sendable, Hashable {
    public enum Shape: Sendable, Hashable {
        case linear(angle: Double)
        /// `radius` nil: to the farthest corner of the box.
        case radial(centerX: Double, centerY: Double, radius: Double?)
    }

    /// The space colours interpolate in.
    public enum Space: String, Sendable, Hashable, CaseIterable {
        case srgb, linear, oklab
    }

    /// A colour at `position` (0...1 along the gradient line or radius).
    public struct Stop: Sendable, Hashable {
        public var color: Color
        public var position: Double
        public init(color: Color, position: Double) { self.color = color; self.position = position }
    }

    public var shape: Shape
    /// At least one; positions non-decreasing in 0...1.
    public var stops: [Stop]
    public var space: Space
    public var box: Rect

    public init(shape: Shape, stops: [Stop], space: Space = .srgb, box: Rect) {
        self.shape = shape; self.stops = stops; self.space = space; self.box = box
    }

    /// Entries of the colour table `tile` looks up (a hard edge is sharp
    /// to 1/4096 of the gradient's length).
    static let tableSize = 4096

    /// The gradient's position (0...1 before clamping) at local point (x, y),
    /// as an affine function for linear gradients: t = ax·x + ay·y + a0.
    var linearCoefficients: (ax: Double, ay: Double, a0: Double)? {
        guard case .linear(let angle) = shape else { return nil }
        let radians = angle * Double.pi / 180
        let dx = sin(radians), dy = -cos(radians)
        let length = abs(box.width * dx) + abs(box.height * dy)
        guard length > 1e-12, length.isFinite else { return (0, 0, 0) }
        let cx = box.x + box.width / 2, cy = box.y + box.height / 2
        // t = ((p − c) · d) / L + 1/2
        return (dx / length, dy / length, 0.5 - (cx * dx + cy * dy) / length)
    }

    /// A radial gradient's circle in local coordinates (its centre, and its
    /// radius: by default to the farthest corner of the box); nil for a linear one.
    var radialCircle: (x: Double, y: Double, radius: Double)? {
        guard case .radial(let fx, let fy, let given) = shape else { return nil }
        let cx = box.x + box.width * fx, cy = box.y + box.height * fy
        let corners = [(box.x, box.y), (box.maxX, box.y), (box.x, box.maxY), (box.maxX, box.maxY)]
        return (cx, cy, given ?? corners.map { (($0.0 - cx) * ($0.0 - cx) + ($0.1 - cy) * ($0.1 - cy)).squareRoot() }.max()!)
    }

    /// Premultiplied linear-light RGBA at `tableSize` evenly spaced positions 0...1.
    func table() -> [Float] {
        let n = Self.tableSize
        var out = [Float](repeating: 0, count: n * 4)
        guard let first = stops.first else { return out }
        let converted = stops.map { convert($0.color) }
        var segment = 0
        for i in 0 ..< n {
            let t = Double(i) / Double(n - 1)
            var value: SIMD4<Double>
            if t <= first.position || stops.count == 1 {
                value = converted[0]
            } else if t >= stops[stops.count - 1].position {
                value = converted[stops.count - 1]
            } else {
                while segment + 1 < stops.count - 1, stops[segment + 1].position <= t { segment += 1 }
                let p0 = stops[segment].position, p1 = stops[segment + 1].position
                let f = p1 > p0 ? (t - p0) / (p1 - p0) : 1
                value = converted[segment] + (converted[segment + 1] - converted[segment]) * f
            }
            let linear = toLinearPremultiplied(value)
            for k in 0 ..< 4 { out[i * 4 + k] = Float(linear[k]) }
        }
        return out
    }

    /// A stop's colour in the interpolation space, premultiplied (alpha last).
    private func convert(_ color: Color) -> SIMD4<Double> {
        let a = Double(color.alpha) / 255
        let r = Double(color.red) / 255, g = Double(color.green) / 255, b = Double(color.blue) / 255
        switch space {
        case .srgb: return SIMD4(r * a, g * a, b * a, a)
        case .linear:
            return SIMD4(SRGBTransfer.linear(fromEncoded: r) * a, SRGBTransfer.linear(fromEncoded: g) * a,
                         SRGBTransfer.linear(fromEncoded: b) * a, a)
        case .oklab:
            let lab = Self.oklab(SRGBTransfer.linear(fromEncoded: r), SRGBTransfer.linear(fromEncoded: g),
                                 SRGBTransfer.linear(fromEncoded: b))
            return SIMD4(lab.0 * a, lab.1 * a, lab.2 * a, a)
        }
    }

    /// An interpolated value back to premultiplied linear RGBA (0...1).
    private func toLinearPremultiplied(_ v: SIMD4<Double>) -> SIMD4<Double> {
        let a = min(max(v[3], 0), 1)
        guard a > 0 else { return SIMD4(0, 0, 0, 0) }
        func clamp(_ x: Double) -> Double { min(max(x, 0), 1) }
        switch space {
        case .srgb:
            return SIMD4(SRGBTransfer.linear(fromEncoded: clamp(v[0] / a)) * a,
                         SRGBTransfer.linear(fromEncoded: clamp(v[1] / a)) * a,
                         SRGBTransfer.linear(fromEncoded: clamp(v[2] / a)) * a, a)
        case .linear:
            return SIMD4(clamp(v[0] / a) * a, clamp(v[1] / a) * a, clamp(v[2] / a) * a, a)
        case .oklab:
            let rgb = Self.linearSRGB(fromOklab: v[0] / a, v[1] / a, v[2] / a)
            return SIMD4(clamp(rgb.0) * a, clamp(rgb.1) * a, clamp(rgb.2) * a, a)
        }
    }

    /// Linear sRGB to Oklab (Björn Ottosson, "A perceptual color space for image processing", 2020).
    static func oklab(_ r: Double, _ g: Double, _ b: Double) -> (Double, Double, Double) {
        let l = cbrt(0.412_221_470_8 * r + 0.536_332_536_3 * g + 0.051_445_992_9 * b)
        let m = cbrt(0.211_903_498_2 * r + 0.680_699_545_1 * g + 0.107_396_956_6 * b)
        let s = cbrt(0.088_302_461_9 * r + 0.281_718_837_6 * g + 0.629_978_700_5 * b)
        return (0.210_454_255_3 * l + 0.793_617_785_0 * m - 0.004_072_046_8 * s,
                1.977_998_495_1 * l - 2.428_592_205_0 * m + 0.450_593_709_9 * s,
                0.025_904_037_1 * l + 0.782_771_766_2 * m - 0.808_675_766_0 * s)
    }

    /// Oklab to linear sRGB (the inverse of `oklab`).
    static func linearSRGB(fromOklab L: Double, _ a: Double, _ b: Double) -> (Double, Double, Double) {
        let l = L + 0.396_337_777_4 * a + 0.215_803_757_3 * b
        let m = L - 0.105_561_345_8 * a - 0.063_854_172_8 * b
        let s = L - 0.089_484_177_5 * a - 1.291_485_548_0 * b
        let l3 = l * l * l, m3 = m * m * m, s3 = s * s * s
        return (4.076_741_662_1 * l3 - 3.307_711_591_3 * m3 + 0.230_969_929_2 * s3,
                -1.268_438_004_6 * l3 + 2.609_757_401_1 * m3 - 0.341_319_396_5 * s3,
                -0.004_196_086_3 * l3 - 0.703_418_614_7 * m3 + 1.707_614_701_0 * s3)
    }

    /// The gradient's pixels under `mask` (canvas pixels): each pixel's
    /// centre mapped back through `transform` (local → canvas) to the
    /// gradient, its colour times the coverage and `opacity`, as a colour
    /// tile (premultiplied linear light); nil when the transform is singular.
    func tile(under mask: PlacedMask, transform: Affine, opacity: Double) -> ColorTile? {
        guard let inverse = transform.inverted, opacity.isFinite else { return nil }
        let width = mask.mask.width, height = mask.mask.height
        guard width > 0, height > 0 else { return nil }
        let lut = table()
        var pixels = [Float](repeating: 0, count: width * height * 4)
        let scale = Float(Self.tableSize - 1)
        let linear = linearCoefficients
        let (cx, cy, radius) = radialCircle ?? (0, 0, 1)
        let invRadius = radius > 1e-12 && radius.isFinite ? 1 / radius : 0
        let fade = Float(min(max(opacity, 0), 1)) / 255
        lut.withUnsafeBufferPointer { table in
            mask.mask.coverage.withUnsafeBufferPointer { coverage in
                pixels.withUnsafeMutableBufferPointer { out in
                    let lut = table.baseAddress!, cov = coverage.baseAddress!, dst = out.baseAddress!
                    for row in 0 ..< height {
                        // Local coordinates of this row's first pixel centre, and their step a column.
                        let start = inverse.apply(Double(mask.x) + 0.5, Double(mask.y + row) + 0.5)
                        let stepX = inverse.a, stepY = inverse.b
                        for column in 0 ..< width {
                            let c = cov[row * width + column]
                            guard c != 0 else { continue }
                            let x = start.x + stepX * Double(column), y = start.y + stepY * Double(column)
                            var t: Double
                            if let linear {
                                t = linear.ax * x + linear.ay * y + linear.a0
                            } else {
                                let dx = x - cx, dy = y - cy
                                t = (dx * dx + dy * dy).squareRoot() * invRadius
                            }
                            t = t > 0 ? (t < 1 ? t : 1) : 0   // NaN reads as 0
                            let index = Int(Float(t) * scale + 0.5) &* 4
                            let weight = Float(c) * fade
                            let p = (row * width + column) &* 4
                            dst[p] = lut[index] * weight
                            dst[p + 1] = lut[index + 1] * weight
                            dst[p + 2] = lut[index + 2] * weight
                            dst[p + 3] = lut[index + 3] * weight
                        }
                    }
                }
            }
        }
        return ColorTile(width: width, height: height, pixels: pixels, originX: mask.x, originY: mask.y)
    }
}
