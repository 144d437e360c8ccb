/// A coarse grid over the canvas listing, per cell, the scene items whose
/// regions touch it, so `RenderPlan` compares a draw only with the items
/// near it instead of with every item (a tiled background is thousands of
/// draws side by side: comparing every pair took seconds).
///
/// Regions are canvas pixels (origin top-left, y down), already clipped to
/// the canvas; empty ones are in no cell. Two regions that share a pixel
/// share a cell, so no intersecting pair is missed.
struct RegionBuckets {
    private let regions: [PixelRect]
    private let side: Int, cellWidth: Int, cellHeight: Int
    private var cells: [[Int]]

    /// About one cell per item, at most 64 x 64 cells over `canvas`.
    init(_ regions: [PixelRect], canvas: PixelRect) {
        self.regions = regions
        side = Swift.max(1, Swift.min(64, Int(Double(regions.count).squareRoot())))
        cellWidth = Swift.max(1, (canvas.width + side - 1) / side)
        cellHeight = Swift.max(1, (canvas.height + side - 1) / side)
        cells = [[Int]](repeating: [], count: side * side)
        for (index, region) in regions.enumerated() where !region.isEmpty {
            let (columns, rows) = cellRanges(region)
            for row in rows { for column in columns { cells[row * side + column].append(index) } }
        }
    }

    /// The columns and rows of the cells `region` (not empty) touches.
    private func cellRanges(_ region: PixelRect) -> (ClosedRange<Int>, ClosedRange<Int>) {
        func cell(_ v: Int, _ size: Int) -> Int { Swift.min(side - 1, Swift.max(0, v / size)) }
        return (cell(region.x, cellWidth) ... cell(region.maxX - 1, cellWidth),
                cell(region.y, cellHeight) ... cell(region.maxY - 1, cellHeight))
    }

    /// True when `test` holds for some other item whose region shares a
    /// cell with item `index`'s (not empty); each such item is tested once
    /// (in the first cell the two share), in no particular order.
    func contains(near index: Int, where test: (Int) -> Bool) -> Bool {
        let (columns, rows) = cellRanges(regions[index])
        for row in rows {
            for column in columns {
                for other in cells[row * side + column] where other != index {
                    let (otherColumns, otherRows) = cellRanges(regions[other])
                    guard Swift.max(columns.lowerBound, otherColumns.lowerBound) == column,
                          Swift.max(rows.lowerBound, otherRows.lowerBound) == row else { continue }
                    if test(other) { return true }
                }
            }
        }
        return false
    }
}
