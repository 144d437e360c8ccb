/// The canvas pixels a scene item may change: its region, and for a shaped
/// image draw (a tilted or rounded print) the columns each of its rows
/// really touches, the non-zero span of its coverage on that row.
///
/// `RenderPlan` decides which draws are direct by footprints rather than
/// by regions, so prints tilted in a grid, whose bounding boxes overlap
/// while their pictures do not, are still written by the worker threads
/// straight into the canvas; such a draw, and the background fill under
/// it, touch only its spans (`BackgroundFill`), so no two threads write
/// the same pixel.
struct Footprint {
    /// The canvas pixels the item may change (empty: the item is skipped).
    let region: PixelRect
    /// Per row of `region` (index `y - region.y`): the canvas columns the
    /// item touches, within the region's (possibly empty); nil: every row's
    /// whole width.
    let spans: [Range<Int>]?

    init(region: PixelRect) {
        self.region = region
        spans = nil
    }

    /// The region, each row narrowed to the columns where `coverage` is not
    /// zero (zero outside the mask).
    init(region: PixelRect, coverage: PlacedMask) {
        self.region = region
        let mask = coverage.mask
        spans = mask.coverage.withUnsafeBufferPointer { bytes in
            (region.y ..< region.maxY).map { y -> Range<Int> in
                let row = y - coverage.y
                let low = Swift.max(region.x, coverage.x), high = Swift.min(region.maxX, coverage.x + mask.width)
                guard row >= 0, row < mask.height, low < high, let base = bytes.baseAddress else { return region.x ..< region.x }
                let line = base + row * mask.width - coverage.x
                var first = low, last = high
                while first < last, line[first] == 0 { first += 1 }
                while last > first, line[last - 1] == 0 { last -= 1 }
                return first ..< last
            }
        }
    }

    /// The columns touched on canvas row `y`, which must be a row of `region`.
    @inline(__always)
    func columns(ofRow y: Int) -> Range<Int> {
        spans?[y - region.y] ?? region.x ..< region.maxX
    }

    /// True when some pixel is in both footprints.
    func intersects(_ other: Footprint) -> Bool {
        let both = region.intersection(other.region)
        guard !both.isEmpty else { return false }
        if spans == nil, other.spans == nil { return true }
        return (both.y ..< both.maxY).contains { columns(ofRow: $0).overlaps(other.columns(ofRow: $0)) }
    }
}
