import CollageRaster

/// Where imposition puts items on sheets (docs/print.md "Imposition"): a
/// grid of equal cells, `columns` x `rows`, each the item's bleed box, with
/// `gutter` pixels between cells, centred on the sheet. Sheet pixels, origin
/// top-left, y down; every offset is a whole pixel, so items are copied, not
/// resampled.
public struct ImpositionPlan: Sendable, Equatable {
    /// `--grid`: a fixed grid, or `auto` (as many as fit).
    public enum Grid: Sendable, Equatable {
        case fixed(columns: Int, rows: Int)
        case auto
    }

    /// An error that stops imposition before anything is read or written.
    public struct PlanError: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String
    }

    public var sheet: Size
    /// One cell: the item's bleed box (the item's trim with its bleed on each side).
    public var item: Size
    public var columns: Int
    public var rows: Int
    public var gutter: Int
    /// Sheet pixels beyond the grid on the left and top (the grid is centred).
    public var left: Int
    public var top: Int

    /// Items one sheet holds.
    public var perSheet: Int { columns * rows }

    /// The plan for `count` items of `item` pixels on a `sheet`.
    /// - Throws: `PlanError` when the item is larger than the sheet, a fixed
    ///   grid does not fit the sheet, or (with `allowMoreSheets` false) a
    ///   fixed grid holds fewer than `count` items.
    public init(sheet: Size, item: Size, count: Int, grid: Grid, gutter: Int, allowMoreSheets: Bool) throws(PlanError) {
        guard item.width <= sheet.width, item.height <= sheet.height else {
            throw PlanError(description: "an item of \(item.width)x\(item.height) pixels is larger than the sheet (\(sheet.width)x\(sheet.height) pixels)")
        }
        let fit = { (side: Int, cell: Int) in (side + gutter) / (cell + gutter) }
        switch grid {
        case .auto:
            columns = max(1, fit(sheet.width, item.width)); rows = max(1, fit(sheet.height, item.height))
        case .fixed(let c, let r):
            columns = c; rows = r
            let width = c * item.width + (c - 1) * gutter, height = r * item.height + (r - 1) * gutter
            guard width <= sheet.width, height <= sheet.height else {
                throw PlanError(description: "a \(c)x\(r) grid of \(item.width)x\(item.height) items with a \(gutter)-pixel gutter is "
                                + "\(width)x\(height) pixels, larger than the sheet (\(sheet.width)x\(sheet.height)); "
                                + "at most \(fit(sheet.width, item.width))x\(fit(sheet.height, item.height)) fit: use --grid auto")
            }
            guard allowMoreSheets || count <= c * r else {
                throw PlanError(description: "\(count) items do not fit a \(c)x\(r) grid (\(c * r) a sheet); use --grid auto to fill as many sheets as they need")
            }
        }
        self.sheet = sheet; self.item = item; self.gutter = gutter
        left = (sheet.width - (columns * item.width + (columns - 1) * gutter)) / 2
        top = (sheet.height - (rows * item.height + (rows - 1) * gutter)) / 2
    }

    /// Sheets `count` items fill (the last partly).
    public func sheets(for count: Int) -> Int { max(1, (count + perSheet - 1) / perSheet) }

    /// Item `index`'s sheet (from 0), column and row (from 0), row by row.
    public func position(of index: Int) -> (sheet: Int, column: Int, row: Int) {
        let onSheet = index % perSheet
        return (index / perSheet, onSheet % columns, onSheet / columns)
    }

    /// The cell (bleed box) at `column`, `row`, sheet pixels.
    public func cell(column: Int, row: Int) -> PixelRect {
        PixelRect(x: left + column * (item.width + gutter), y: top + row * (item.height + gutter),
                  width: item.width, height: item.height)
    }
}
