import Glibc

/// Anti-aliased coverage of a rectangle with rounded corners (canvas pixels,
/// origin top-left, y down), sampled at pixel centres: 1 inside, 0 outside,
/// and in the corner squares `clamp(r − d + 0.5, 0, 1)` where d is the
/// distance from the pixel centre to the corner circle's centre, a one-pixel
/// linear ramp across the arc. The radius is clamped to half the shorter side.
public struct RoundedRect: Sendable, Hashable {
    public var x: Double, y: Double, width: Double, height: Double
    public var radius: Double

    public init(x: Double, y: Double, width: Double, height: Double, radius: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
        self.radius = max(0, min(radius, min(width, height) / 2))
    }

    public init(_ rect: PixelRect, radius: Double) {
        self.init(x: Double(rect.x), y: Double(rect.y), width: Double(rect.width), height: Double(rect.height), radius: radius)
    }

    /// Coverage 0...1 of canvas pixel (`px`, `py`).
    @inline(__always)
    public func coverage(_ px: Int, _ py: Int) -> Float {
        let cx = Double(px) + 0.5, cy = Double(py) + 0.5
        guard cx > x, cx < x + width, cy > y, cy < y + height else {
            // Pixel centres on or outside the edge: a square rectangle with
            // integer edges covers whole pixels, so outside is 0.
            return 0
        }
        guard radius > 0 else { return 1 }
        let ix = cx < x + radius ? x + radius : (cx > x + width - radius ? x + width - radius : cx)
        let iy = cy < y + radius ? y + radius : (cy > y + height - radius ? y + height - radius : cy)
        if ix == cx || iy == cy { return 1 }
        let d = ((cx - ix) * (cx - ix) + (cy - iy) * (cy - iy)).squareRoot()
        return Float(max(0, min(1, radius - d + 0.5)))
    }

    /// A mask of the band between this shape and the same shape inset by
    /// `width` (corner radius reduced by `width`): a border drawn inside the
    /// rectangle. The mask covers `bounds` (whole pixels).
    public static func borderMask(_ rect: PixelRect, radius: Double, width: Double) -> CoverageMask {
        let outer = RoundedRect(rect, radius: radius)
        let inner = RoundedRect(x: Double(rect.x) + width, y: Double(rect.y) + width,
                                width: max(0, Double(rect.width) - 2 * width), height: max(0, Double(rect.height) - 2 * width),
                                radius: max(0, outer.radius - width))
        var coverage = [UInt8](repeating: 0, count: max(0, rect.width * rect.height))
        for row in 0 ..< rect.height {
            for column in 0 ..< rect.width {
                let px = rect.x + column, py = rect.y + row
                let band = outer.coverage(px, py) - inner.edgeCoverage(px, py)
                coverage[row * rect.width + column] = SRGBTransfer.byte(fromFraction: band)
            }
        }
        return CoverageMask(width: max(0, rect.width), height: max(0, rect.height), coverage: coverage)
    }

    /// Like `coverage`, with fractional straight edges antialiased too (an
    /// inner rectangle of a fractional border width).
    func edgeCoverage(_ px: Int, _ py: Int) -> Float {
        let overlapX = max(0, min(Double(px + 1), x + width) - max(Double(px), x))
        let overlapY = max(0, min(Double(py + 1), y + height) - max(Double(py), y))
        let box = Float(overlapX * overlapY)
        guard box > 0 else { return 0 }
        let inCorner = (Double(px) + 0.5 < x + radius || Double(px) + 0.5 > x + width - radius)
            && (Double(py) + 0.5 < y + radius || Double(py) + 0.5 > y + height - radius)
        return inCorner && radius > 0 ? min(box, coverage(px, py)) : box
    }
}
