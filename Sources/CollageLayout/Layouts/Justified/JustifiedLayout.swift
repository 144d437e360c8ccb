import CollageNumerics
import CollageRaster
import CollageSpec

/// The `justified` layout (docs/format.md "Layout rules"), as photo sites lay out
/// albums: rows of whole photos (each keeps its aspect ratio, no crop) that
/// fill the width exactly.
///
/// A row of photos with aspects aᵢ (width / height) across the inner width W
/// (canvas width minus padding) with gap g is (W − (n−1)·g) / Σaᵢ high.
/// Breaks minimise Σ (row height − rowHeight)² by dynamic programming over
/// the break points; the last row is not stretched: it is rowHeight high
/// (cost 0) unless its photos are too wide for that, then it shrinks like
/// the others. Row heights are rounded half away from zero; each row's
/// width (the inner width; for an unstretched last row Σaᵢ·height rounded)
/// is split by the weights aᵢ with the snapping rule.
public enum JustifiedLayout {
    /// One row: the photo indices it holds and its height before rounding.
    public struct Row: Sendable, Hashable {
        public var photos: Range<Int>
        public var height: Double
    }

    /// The rows for `aspects` (each > 0) across `width` (inner width, pixels).
    public static func rows(aspects: [Double], width: Int, gap: Int, rowHeight: Double) -> [Row] {
        let n = aspects.count
        guard n > 0 else { return [] }
        var prefix = [0.0]
        for a in aspects { prefix.append(prefix.last! + a) }
        func height(_ i: Int, _ j: Int) -> Double {
            Double(width - (j - i - 1) * gap) / (prefix[j] - prefix[i])
        }
        func cost(_ i: Int, _ j: Int) -> Double {
            let h = j == n ? min(height(i, j), rowHeight) : height(i, j)
            let d = h - rowHeight
            return d * d
        }
        var best = [Double](repeating: .infinity, count: n + 1)
        var from = [Int](repeating: 0, count: n + 1)
        best[0] = 0
        for j in 1...n {
            for i in stride(from: j - 1, through: 0, by: -1) {
                let total = best[i] + cost(i, j)
                // `<` keeps the longest last row among equal costs (i descends).
                if total < best[j] { best[j] = total; from[j] = i }
                // Rows only get lower as they get longer: stop once far below.
                if height(i, j) < rowHeight / 8 { break }
            }
        }
        var rows: [Row] = []
        var j = n
        while j > 0 {
            let i = from[j]
            rows.append(Row(photos: i ..< j, height: j == n ? min(height(i, j), rowHeight) : height(i, j)))
            j = i
        }
        return rows.reversed()
    }

    /// The cells in photo order and the canvas height they need
    /// (2 · padding + Σ row heights + gaps).
    /// - Throws: `.outOfRange` at `layout` when a row cannot give every photo a pixel.
    static func cells(aspects: [Double], canvasWidth: Int, gap: Int, padding: Int, rowHeight: Double,
                      at location: SourceLocation, line: String = "row") throws(DiagnosticList) -> (cells: [PixelRect], height: Int) {
        let inner = canvasWidth - 2 * padding
        var cells: [PixelRect] = []
        var y = padding
        for row in rows(aspects: aspects, width: inner, gap: gap, rowHeight: rowHeight) {
            let count = row.photos.count
            let weights = Array(aspects[row.photos])
            let height = max(1, Int(checked: row.height, .toNearestOrAwayFromZero))
            let stretched = row.photos.upperBound < aspects.count || row.height < rowHeight
            let available = stretched ? inner - (count - 1) * gap
                : min(inner - (count - 1) * gap, Int(checked: weights.reduce(0, +) * row.height, .toNearestOrAwayFromZero))
            guard available >= count else {
                throw DiagnosticList([Diagnostic(.outOfRange, at: location,
                    "the justified \(line) of photos \(row.photos.lowerBound + 1) to \(row.photos.upperBound) "
                    + "has \(max(available, 0)) px for \(count) photos",
                    notes: ["widen the canvas, or reduce 'gap' or 'padding'"])])
            }
            let widths = Snapping.split(available, weights: weights)
            let xs = Snapping.offsets(of: widths, origin: padding, gap: gap)
            for k in 0..<count { cells.append(PixelRect(x: xs[k], y: y, width: widths[k], height: height)) }
            y += height + gap
        }
        return (cells, y - gap + padding)
    }

    /// `direction: vertical`: columns of whole photos filling the inner
    /// height, each at a width near `columnWidth`; the mirror of `cells`
    /// (rows of the transposed photos, aspects inverted, across the height,
    /// then transposed back), so the same breaks and snapping rule apply
    /// down the columns (left over pixels go to the bottom-most photos).
    /// Returns the cells in photo order and the canvas width they need.
    static func columnCells(aspects: [Double], canvasHeight: Int, gap: Int, padding: Int, columnWidth: Double,
                            at location: SourceLocation) throws(DiagnosticList) -> (cells: [PixelRect], width: Int) {
        let transposed = try cells(aspects: aspects.map { 1 / $0 }, canvasWidth: canvasHeight, gap: gap, padding: padding,
                                   rowHeight: columnWidth, at: location, line: "column")
        return (transposed.cells.map { PixelRect(x: $0.y, y: $0.x, width: $0.height, height: $0.width) }, transposed.height)
    }
}
