import CollageNumerics

/// Makes an `ImageDraw` paint the shadow its picture's alpha casts instead
/// of the picture (`Shadow.Caster.alpha`: an image overlay's shadow). The
/// draw's geometry is the picture's, already moved by the shadow's offset
/// (canvas pixels); its `clip` is the picture's sampling area, wider than
/// the canvas by `margin` so that alpha just outside the canvas still blurs
/// in. The renderer resamples the picture as for a normal draw, keeps its
/// alpha (times the draw's edge coverage), grows it by `spread` with a disc
/// (grey-scale dilation; erosion for a negative spread), blurs it with a
/// Gaussian of `sigma` (`GaussianBlur`) and composites `color` times that
/// coverage, times the draw's opacity, over `clip`: as CSS
/// `filter: drop-shadow`, plus a spread.
public struct ImageShadow: Sendable, Equatable {
    /// Canvas pixels the alpha grows by (negative: shrinks), rounded to a
    /// whole-pixel disc radius.
    public var spread: Double
    /// Gaussian standard deviation, canvas pixels; 0 is a sharp shadow.
    public var sigma: Double
    public var color: Color
    /// Canvas pixels the shadow may change (the parent's clip; the canvas
    /// clips it again).
    public var clip: PixelRect

    public init(spread: Double, sigma: Double, color: Color, clip: PixelRect) {
        self.spread = spread; self.sigma = sigma; self.color = color; self.clip = clip
    }

    /// The disc radius of the spread, whole pixels (0 for a non-finite spread).
    var spreadRadius: Int { spread.isFinite ? Int(checked: abs(spread).rounded()) : 0 }

    /// How far (pixels) the shadow reaches beyond its picture: the blur's
    /// kernel radius plus a positive spread.
    var margin: Int {
        let blur = sigma.isFinite && sigma > 0 ? GaussianBlur.radius(sigma: sigma) : 0
        return blur + (spread > 0 ? spreadRadius : 0)
    }

    /// The shadow's coverage over `region` (canvas pixels; `region.width`
    /// × `region.height`, row-major) from `alpha`, the picture's alpha
    /// placed on the canvas (0 outside it).
    func coverage(ofAlpha alpha: PlacedMask, over region: PixelRect) -> CoverageMask {
        let blurRadius = sigma.isFinite && sigma > 0 ? GaussianBlur.radius(sigma: sigma) : 0
        // The spread alpha is needed where the blur reads it.
        let area = PixelRect(x: region.x - blurRadius, y: region.y - blurRadius,
                             width: region.width + 2 * blurRadius, height: region.height + 2 * blurRadius)
        let grown = Self.morph(alpha, radius: spreadRadius, dilate: spread >= 0, over: area)
        let (blurred, radius) = GaussianBlur.blur(grown, sigma: blurRadius > 0 ? sigma : 0)
        let placed = PlacedMask(mask: blurred, x: area.x - radius, y: area.y - radius)
        var out = CoverageMask(width: region.width, height: region.height)
        out.coverage.withUnsafeMutableBufferPointer { target in
            placed.mask.coverage.withUnsafeBufferPointer { source in
                for row in 0 ..< region.height {
                    let sy = region.y + row - placed.y
                    guard sy >= 0, sy < placed.mask.height else { continue }
                    for column in 0 ..< region.width {
                        let sx = region.x + column - placed.x
                        guard sx >= 0, sx < placed.mask.width else { continue }
                        target[row * region.width + column] = source[sy * placed.mask.width + sx]
                    }
                }
            }
        }
        return out
    }

    /// Grey-scale dilation (`dilate`) or erosion of `mask` (0 outside it)
    /// by a disc of `radius` pixels, over `area` (canvas pixels): each
    /// output pixel is the maximum (minimum) of the input within the disc
    /// `dx² + dy² <= radius²`. For every output row and disc row the
    /// horizontal extreme of half-width `w = floor(sqrt(radius² - dy²))` is
    /// taken with the van Herk / Gil-Werman running extreme (three
    /// comparisons a pixel), so the cost is `area` × (2 radius + 1).
    static func morph(_ mask: PlacedMask, radius: Int, dilate: Bool, over area: PixelRect) -> CoverageMask {
        var out = CoverageMask(width: area.width, height: area.height)
        guard area.width > 0, area.height > 0 else { return out }
        let outside: UInt8 = 0
        @inline(__always) func pick(_ a: UInt8, _ b: UInt8) -> UInt8 { dilate ? max(a, b) : min(a, b) }
        let neutral: UInt8 = dilate ? 0 : 255
        // Input row `y` (canvas) over the columns area.x - radius ..< area.maxX + radius.
        let span = area.width + 2 * radius
        var line = [UInt8](repeating: 0, count: span)
        var forward = [UInt8](repeating: 0, count: span)
        var backward = [UInt8](repeating: 0, count: span)
        var result = [UInt8](repeating: neutral, count: area.width)
        let halfWidths = (0 ... radius).map { dy -> Int in
            var w = 0
            while (w + 1) * (w + 1) + dy * dy <= radius * radius { w += 1 }
            return w
        }
        out.coverage.withUnsafeMutableBufferPointer { target in
            mask.mask.coverage.withUnsafeBufferPointer { source in
                for row in 0 ..< area.height {
                    for k in 0 ..< area.width { result[k] = neutral }
                    for dy in -radius ... radius {
                        let y = area.y + row + dy
                        let sy = y - mask.y
                        let w = halfWidths[abs(dy)]
                        for k in 0 ..< span {
                            let sx = area.x - radius + k - mask.x
                            line[k] = sy >= 0 && sy < mask.mask.height && sx >= 0 && sx < mask.mask.width
                                ? source[sy * mask.mask.width + sx] : outside
                        }
                        if w == 0 {
                            for k in 0 ..< area.width { result[k] = pick(result[k], line[k + radius]) }
                            continue
                        }
                        // Running extremes in blocks of 2w + 1: forward from each block's
                        // start, backward from its end; a window is backward[a] ∘ forward[b].
                        let block = 2 * w + 1
                        for k in 0 ..< span {
                            forward[k] = k % block == 0 ? line[k] : pick(forward[k - 1], line[k])
                        }
                        for k in stride(from: span - 1, through: 0, by: -1) {
                            backward[k] = (k + 1) % block == 0 || k == span - 1 ? line[k] : pick(backward[k + 1], line[k])
                        }
                        for k in 0 ..< area.width {
                            let centre = k + radius
                            result[k] = pick(result[k], pick(backward[centre - w], forward[centre + w]))
                        }
                    }
                    for k in 0 ..< area.width { target[row * area.width + k] = result[k] }
                }
            }
        }
        return out
    }
}
