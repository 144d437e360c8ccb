import CollageNumerics
/// Resampling small rasters (coverage masks, colour tiles) through an
/// arbitrary affine transform: every device pixel centre is mapped back into
/// the raster and interpolated bilinearly; outside reads 0. Used for glyph
/// masks and colour glyphs under rotation (photos take the Lanczos path).
enum AffineSampling {
    /// The device pixels `raster` (local top-left at `x`, `y`, pixel edges at
    /// integers) covers under `transform`, within `clip`.
    static func deviceArea(width: Int, height: Int, x: Double, y: Double, transform: Affine, clip: PixelRect) -> PixelRect? {
        let box = transform.bounds(of: Rect(x: x, y: y, width: Double(width), height: Double(height)))
        guard box.x.isFinite, box.y.isFinite, box.width.isFinite, box.height.isFinite,
              abs(box.x) < 1e8, abs(box.y) < 1e8, box.width < 1e8, box.height < 1e8 else { return nil }
        let x0 = Int(checked: box.x, .down), y0 = Int(checked: box.y, .down)
        let area = PixelRect(x: x0, y: y0, width: Int(checked: box.maxX, .up) - x0, height: Int(checked: box.maxY, .up) - y0)
            .intersection(clip)
        return area.isEmpty ? nil : area
    }

    /// Calls `sample(index, weights)` for the device pixel at `index` with
    /// up to four (raster pixel index, weight) pairs.
    static func forEachPixel(width: Int, height: Int, x: Double, y: Double, inverse: Affine, area: PixelRect,
                             _ body: (_ out: Int, _ taps: [(Int, Float)]) -> Void) {
        var taps: [(Int, Float)] = []
        taps.reserveCapacity(4)
        for row in 0 ..< area.height {
            for column in 0 ..< area.width {
                let local = inverse.apply(Double(area.x + column) + 0.5, Double(area.y + row) + 0.5)
                let u = local.x - x - 0.5, v = local.y - y - 0.5
                let u0 = Int(checked: u, .down), v0 = Int(checked: v, .down)
                let fu = Float(u - Double(u0)), fv = Float(v - Double(v0))
                taps.removeAll(keepingCapacity: true)
                for (dv, wv) in [(0, 1 - fv), (1, fv)] where wv > 0 {
                    let sv = v0 + dv
                    guard sv >= 0, sv < height else { continue }
                    for (du, wu) in [(0, 1 - fu), (1, fu)] where wu > 0 {
                        let su = u0 + du
                        guard su >= 0, su < width else { continue }
                        taps.append((sv * width + su, wu * wv))
                    }
                }
                body(row * area.width + column, taps)
            }
        }
    }

    /// `mask` with its local top-left at (`x`, `y`) under `transform`, in device pixels within `clip`.
    static func mask(_ mask: CoverageMask, x: Double, y: Double, transform: Affine, clip: PixelRect) -> PlacedMask? {
        guard let inverse = transform.inverted,
              let area = deviceArea(width: mask.width, height: mask.height, x: x, y: y, transform: transform, clip: clip)
        else { return nil }
        var out = [UInt8](repeating: 0, count: area.width * area.height)
        forEachPixel(width: mask.width, height: mask.height, x: x, y: y, inverse: inverse, area: area) { index, taps in
            var sum: Float = 0
            for (i, w) in taps { sum += Float(mask.coverage[i]) * w }
            out[index] = UInt8(Int(checked: max(0, min(sum, 255)) + 0.5))
        }
        return PlacedMask(mask: CoverageMask(width: area.width, height: area.height, coverage: out), x: area.x, y: area.y)
    }

    /// `tile` (its origin local) under `transform`, premultiplied, in device pixels within `clip`.
    static func tile(_ tile: ColorTile, transform: Affine, clip: PixelRect) -> ColorTile? {
        let x = Double(tile.originX), y = Double(tile.originY)
        guard let inverse = transform.inverted,
              let area = deviceArea(width: tile.width, height: tile.height, x: x, y: y, transform: transform, clip: clip)
        else { return nil }
        var out = [Float](repeating: 0, count: area.width * area.height * 4)
        forEachPixel(width: tile.width, height: tile.height, x: x, y: y, inverse: inverse, area: area) { index, taps in
            for (i, w) in taps {
                for channel in 0 ..< 4 { out[index * 4 + channel] += tile.pixels[i * 4 + channel] * w }
            }
        }
        return ColorTile(width: area.width, height: area.height, pixels: out, originX: area.x, originY: area.y)
    }
}
