extension CoverageMask {
    /// The per-pixel maximum of several placed masks (each with its top-left
    /// canvas pixel), over the rectangle that holds them all; nil for none.
    public static func union(_ masks: [(CoverageMask, Int, Int)]) -> (mask: CoverageMask, x: Int, y: Int)? {
        guard let first = masks.first else { return nil }
        var bounds = PixelRect(x: first.1, y: first.2, width: first.0.width, height: first.0.height)
        for (mask, x, y) in masks.dropFirst() {
            let x0 = Swift.min(bounds.x, x), y0 = Swift.min(bounds.y, y)
            let x1 = Swift.max(bounds.maxX, x + mask.width), y1 = Swift.max(bounds.maxY, y + mask.height)
            bounds = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
        var coverage = [UInt8](repeating: 0, count: bounds.width * bounds.height)
        for (mask, x, y) in masks {
            for row in 0..<mask.height {
                let target = (y + row - bounds.y) * bounds.width + (x - bounds.x)
                let source = row * mask.width
                for column in 0..<mask.width {
                    coverage[target + column] = Swift.max(coverage[target + column], mask.coverage[source + column])
                }
            }
        }
        return (CoverageMask(width: bounds.width, height: bounds.height, coverage: coverage), bounds.x, bounds.y)
    }
}
