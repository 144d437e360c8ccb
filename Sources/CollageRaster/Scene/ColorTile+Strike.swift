import CollageNumerics
extension ColorTile {
    /// Scales a colour glyph's bitmap strike (FreeType BGRA: premultiplied,
    /// sRGB-encoded, 4 bytes a pixel) to the font size and places it on the
    /// canvas: the strike's top-left corner lands at canvas point (`left`,
    /// `top`) (fractional, pixels, y down) and every strike pixel becomes
    /// `scale` canvas pixels wide.
    ///
    /// Each canvas pixel is the area average of the strike pixels its
    /// footprint overlaps, in premultiplied linear light; partly covered
    /// edge pixels get proportionally less alpha.
    ///
    /// - Parameters:
    ///   - pitch: bytes from one strike row to the next (>= 4 width).
    ///   - clip: canvas pixels outside it are not computed (a 9000 px emoji
    ///     is mostly off a 2400 px canvas); nil computes the whole tile.
    /// - Returns: nil for an empty strike, a non-positive scale, or a tile
    ///   entirely outside `clip`.
    public static func scaledStrike(bgra: UnsafePointer<UInt8>, width: Int, height: Int, pitch: Int,
                                    scale: Double, left: Double, top: Double, clip: PixelRect? = nil) -> ColorTile? {
        guard width > 0, height > 0, scale > 0, scale.isFinite, left.isFinite, top.isFinite,
              abs(left) < 1e7, abs(top) < 1e7 else { return nil }
        var x0 = Int(checked: left, .down), y0 = Int(checked: top, .down)
        var x1 = Int(checked: left + Double(width) * scale, .up)
        var y1 = Int(checked: top + Double(height) * scale, .up)
        if let clip {
            x0 = max(x0, clip.x); y0 = max(y0, clip.y); x1 = min(x1, clip.maxX); y1 = min(y1, clip.maxY)
        }
        let outWidth = x1 - x0, outHeight = y1 - y0
        guard outWidth > 0, outHeight > 0 else { return nil }
        // Per axis: for each output pixel, the strike pixels it overlaps and
        // the overlap in strike pixels.
        func weights(origin: Double, start: Int, count: Int, limit: Int) -> [[(Int, Double)]] {
            (0..<count).map { i in
                let a = (Double(start + i) - origin) / scale, b = (Double(start + i + 1) - origin) / scale
                var list: [(Int, Double)] = []
                var s = max(0, Int(checked: a, .down))
                while s < limit, Double(s) < b {
                    let overlap = min(b, Double(s + 1)) - max(a, Double(s))
                    if overlap > 0 { list.append((s, overlap)) }
                    s += 1
                }
                return list
            }
        }
        let columns = weights(origin: left, start: x0, count: outWidth, limit: width)
        let rows = weights(origin: top, start: y0, count: outHeight, limit: height)
        // Linear premultiplied strike.
        var linear = [Float](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let p = bgra + y * pitch + x * 4
                let a = p[3]
                guard a != 0 else { continue }
                let alpha = Float(a) / 255
                let o = (y * width + x) * 4
                // Unpremultiply (rounded), decode, premultiply in linear light.
                func channel(_ v: UInt8) -> Float {
                    let straight = min(255, (Int(v) * 255 + Int(a) / 2) / Int(a))
                    return SRGBTransfer.decode(UInt8(straight)) * alpha
                }
                linear[o] = channel(p[2]); linear[o + 1] = channel(p[1]); linear[o + 2] = channel(p[0])
                linear[o + 3] = alpha
            }
        }
        let area = Float(scale * scale)
        var pixels = [Float](repeating: 0, count: outWidth * outHeight * 4)
        for (oy, rowWeights) in rows.enumerated() {
            for (ox, columnWeights) in columns.enumerated() {
                var sum: (Float, Float, Float, Float) = (0, 0, 0, 0)
                for (sy, wy) in rowWeights {
                    for (sx, wx) in columnWeights {
                        let w = Float(wx * wy)
                        let o = (sy * width + sx) * 4
                        sum.0 += linear[o] * w; sum.1 += linear[o + 1] * w
                        sum.2 += linear[o + 2] * w; sum.3 += linear[o + 3] * w
                    }
                }
                let o = (oy * outWidth + ox) * 4
                let a = min(sum.3 * area, 1)
                pixels[o] = min(sum.0 * area, a); pixels[o + 1] = min(sum.1 * area, a)
                pixels[o + 2] = min(sum.2 * area, a); pixels[o + 3] = a
            }
        }
        return ColorTile(width: outWidth, height: outHeight, pixels: pixels, originX: x0, originY: y0)
    }
}
