import CollageNumerics
extension CoverageMask {
    /// Anti-aliased coverage of a rectangle with rounded corners (a label
    /// box), in canvas pixels (origin top-left, y down), fractional.
    ///
    /// Each pixel's coverage is 0.5 minus the signed distance from its centre
    /// to the shape's edge, clamped to 0...1 (a one-pixel ramp straddling the
    /// edge). `radius` is clamped to half the shorter side.
    ///
    /// - Parameter clip: only these canvas pixels are computed (the canvas).
    /// - Returns: the mask and its top-left canvas pixel; nil for an empty
    ///   or non-finite rectangle, or one wholly outside `clip`.
    public static func roundedRect(_ rect: Rect, radius: Double,
                                   clip: PixelRect? = nil) -> (mask: CoverageMask, x: Int, y: Int)? {
        guard rect.x.isFinite, rect.y.isFinite, rect.width.isFinite, rect.height.isFinite,
              rect.width > 0, rect.height > 0, rect.width < 1e9, rect.height < 1e9,
              abs(rect.x) < 1e9, abs(rect.y) < 1e9 else { return nil }
        let r = max(0, min(radius.isFinite ? radius : 0, rect.width / 2, rect.height / 2))
        var area = PixelRect(x: Int(checked: rect.x, .down), y: Int(checked: rect.y, .down), width: 0, height: 0)
        area.width = Int(checked: rect.x + rect.width, .up) - area.x
        area.height = Int(checked: rect.y + rect.height, .up) - area.y
        if let clip { area = area.intersection(clip) }
        guard !area.isEmpty else { return nil }
        let x0 = area.x, y0 = area.y, width = area.width, height = area.height
        var coverage = [UInt8](repeating: 0, count: width * height)
        let cx = rect.x + rect.width / 2, cy = rect.y + rect.height / 2
        let hx = rect.width / 2 - r, hy = rect.height / 2 - r
        for y in 0..<height {
            let py = Double(y0 + y) + 0.5
            let qy = abs(py - cy) - hy
            for x in 0..<width {
                let px = Double(x0 + x) + 0.5
                let qx = abs(px - cx) - hx
                // Signed distance to a rounded box (negative inside).
                let ox = max(qx, 0), oy = max(qy, 0)
                let outside = (ox * ox + oy * oy).squareRoot()
                let distance = outside + min(max(qx, qy), 0) - r
                let c = min(max(0.5 - distance, 0), 1)
                coverage[y * width + x] = UInt8(truncatingIfNeeded: Int(checked: c * 255 + 0.5))
            }
        }
        return (CoverageMask(width: width, height: height, coverage: coverage), x0, y0)
    }
}
