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
    /// `dx² + dy² <= radius²`. Each output row takes, for every disc row
    /// `dy` that meets the mask, the extreme of the mask row over the
    /// window of half-width `w = floor(sqrt(radius² - dy²))`: from the
    /// row's prefix or suffix extremes when the window reaches an end of
    /// the row, else with the van Herk / Gil-Werman running extremes. The
    /// cost is at most `area` × min(2 radius + 1, mask height) plus the
    /// mask's rows, so a huge spread stays cheap.
    static func morph(_ mask: PlacedMask, radius: Int, dilate: Bool, over area: PixelRect) -> CoverageMask {
        var out = CoverageMask(width: max(0, area.width), height: max(0, area.height))
        let mw = mask.mask.width, mh = mask.mask.height
        guard area.width > 0, area.height > 0, mw > 0, mh > 0, radius >= 0 else { return out }
        @inline(__always) func pick(_ a: UInt8, _ b: UInt8) -> UInt8 { dilate ? max(a, b) : min(a, b) }
        let input = mask.mask.coverage
        // Prefix and suffix extremes of every mask row.
        var prefix = input, suffix = input
        for row in 0 ..< mh {
            let base = row * mw
            if mw > 1 {
                for k in 1 ..< mw { prefix[base + k] = pick(prefix[base + k - 1], input[base + k]) }
                for k in stride(from: mw - 2, through: 0, by: -1) { suffix[base + k] = pick(suffix[base + k + 1], input[base + k]) }
            }
        }
        func halfWidth(_ dy: Int) -> Int {
            let square = radius * radius - dy * dy
            var w = Int(checked: Double(square).squareRoot())
            while w * w > square { w -= 1 }
            while (w + 1) * (w + 1) <= square { w += 1 }
            return w
        }
        var forward = [UInt8](repeating: 0, count: mw), backward = [UInt8](repeating: 0, count: mw)
        var result = [UInt8](repeating: 0, count: area.width)
        for row in 0 ..< area.height {
            let y = area.y + row
            let dys: ClosedRange<Int>
            if dilate {
                let lo = max(-radius, mask.y - y), hi = min(radius, mask.y + mh - 1 - y)
                guard lo <= hi else { continue }
                dys = lo ... hi
                for k in 0 ..< area.width { result[k] = 0 }
            } else {
                // Erosion: a disc row outside the mask reads 0.
                guard y - radius >= mask.y, y + radius < mask.y + mh else { continue }
                dys = -radius ... radius
                for k in 0 ..< area.width { result[k] = 255 }
            }
            for dy in dys {
                let sy = y + dy - mask.y
                let w = halfWidth(abs(dy))
                let base = sy * mw
                var runsReady = false
                for k in 0 ..< area.width {
                    let first = area.x + k - w - mask.x, last = area.x + k + w - mask.x
                    let value: UInt8
                    if last < 0 || first > mw - 1 {
                        value = 0
                    } else if first <= 0 && last >= mw - 1 {
                        value = first < 0 || last > mw - 1 ? (dilate ? prefix[base + mw - 1] : 0) : prefix[base + mw - 1]
                    } else if first <= 0 {
                        value = first < 0 && !dilate ? 0 : prefix[base + last]
                    } else if last >= mw - 1 {
                        value = last > mw - 1 && !dilate ? 0 : suffix[base + first]
                    } else {
                        // Inside the row: a window of 2w + 1 < mw pixels.
                        if !runsReady {
                            let block = 2 * w + 1
                            for i in 0 ..< mw {
                                forward[i] = i % block == 0 ? input[base + i] : pick(forward[i - 1], input[base + i])
                            }
                            for i in stride(from: mw - 1, through: 0, by: -1) {
                                backward[i] = (i + 1) % block == 0 || i == mw - 1 ? input[base + i]
                                    : pick(backward[i + 1], input[base + i])
                            }
                            runsReady = true
                        }
                        value = pick(backward[first], forward[last])
                    }
                    result[k] = pick(result[k], value)
                }
            }
            for k in 0 ..< area.width { out.coverage[row * area.width + k] = result[k] }
        }
        return out
    }
}
