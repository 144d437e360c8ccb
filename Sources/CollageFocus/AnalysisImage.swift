import CollageRaster

/// The small picture `focus: auto` and `focus: faces` analyse: the oriented
/// photo reduced by a power of two (JPEG: decoded at that DCT scale), its
/// sRGB channels as 0...1 and its luma for the face detector.
public struct AnalysisImage: Sendable {
    public let width: Int, height: Int
    /// Oriented source pixels per analysis pixel, per axis.
    public let scaleX: Double, scaleY: Double
    /// sRGB (gamma-encoded) 0...1, row-major; transparent pixels over white.
    public var red: [Float], green: [Float], blue: [Float]
    /// BT.601 luma as OpenCV's `cvtColor(RGB2GRAY)` computes it (14-bit fixed point).
    public var grey: GreyImage

    /// The long side the reduction aims for: the largest power-of-two
    /// reduction (at most 8, the JPEG DCT's 1/8) that keeps the long side at
    /// least this many pixels.
    public static let targetLongSide = 512

    /// The reduction factor (1, 2, 4 or 8) for a photo of `size` (oriented source pixels).
    public static func reduction(for size: Size) -> Int {
        let long = max(size.width, size.height)
        var k = 8
        while k > 1 && (long + k - 1) / k < targetLongSide { k /= 2 }
        return k
    }

    /// The analysis size for `size`: each side divided by `reduction(for:)`, rounded up (as libjpeg scales).
    public static func size(for size: Size) -> Size {
        let k = reduction(for: size)
        return Size(width: (size.width + k - 1) / k, height: (size.height + k - 1) / k)
    }

    /// - Parameters:
    ///   - pixmap: the oriented photo decoded at any size; box-reduced here
    ///     (whole-pixel boxes, partial boxes at the right and bottom edges
    ///     averaged over what they hold) to `size(for: source)`.
    ///   - source: the oriented photo's size, source pixels.
    public init(pixmap: Pixmap, source: Size) {
        let target = Self.size(for: source)
        let factorX = max(1, (pixmap.width + target.width - 1) / max(target.width, 1))
        let factorY = max(1, (pixmap.height + target.height - 1) / max(target.height, 1))
        let w = (pixmap.width + factorX - 1) / factorX, h = (pixmap.height + factorY - 1) / factorY
        width = w; height = h
        scaleX = Double(source.width) / Double(w); scaleY = Double(source.height) / Double(h)
        var r = [Float](repeating: 0, count: w * h), g = r, b = r
        var luma = [UInt8](repeating: 0, count: w * h)
        pixmap.pixels.withUnsafeBufferPointer { px in
            for y in 0..<h {
                for x in 0..<w {
                    var sr = 0, sg = 0, sb = 0, n = 0
                    for sy in (y * factorY)..<min(pixmap.height, (y + 1) * factorY) {
                        for sx in (x * factorX)..<min(pixmap.width, (x + 1) * factorX) {
                            let i = (sy * pixmap.width + sx) * 4
                            let a = Int(px[i + 3])
                            // Over white: c·a + 255·(255 − a), /255 rounded.
                            sr += (Int(px[i]) * a + 255 * (255 - a) + 127) / 255
                            sg += (Int(px[i + 1]) * a + 255 * (255 - a) + 127) / 255
                            sb += (Int(px[i + 2]) * a + 255 * (255 - a) + 127) / 255
                            n += 1
                        }
                    }
                    let cr = (sr + n / 2) / n, cg = (sg + n / 2) / n, cb = (sb + n / 2) / n
                    let o = y * w + x
                    r[o] = Float(cr) / 255; g[o] = Float(cg) / 255; b[o] = Float(cb) / 255
                    luma[o] = UInt8((cr * 4899 + cg * 9617 + cb * 1868 + (1 << 13)) >> 14)
                }
            }
        }
        red = r; green = g; blue = b
        grey = GreyImage(width: w, height: h, pixels: luma)
    }
}
