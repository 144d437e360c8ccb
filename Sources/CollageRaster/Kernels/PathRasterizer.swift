import CollageNumerics
import Dispatch
/// Anti-aliased path filling by exact area coverage (README "Rules": Scene
/// graph): every segment deposits, into an accumulation buffer, the signed
/// area it encloses to its right within each pixel it crosses, plus the
/// rest of its height into the pixel after; a running sum along each row
/// then gives every pixel's signed winding-weighted coverage, from which
/// the fill rule takes the coverage (non-zero: |w| clamped to 1; even-odd:
/// the distance of w to the nearest even integer). The technique is the
/// accumulation rasteriser of font-rs and stb_truetype (read, not copied).
/// Curves are flattened into lines first, within `tolerance` device pixels.
///
/// Exact for any pixel that one edge crosses; where several edges cross one
/// pixel their areas add, as in every accumulation rasteriser.
public enum PathRasterizer {
    /// Curves are flattened so that no point of the polyline is farther
    /// than this from the curve, in device pixels: a quarter of the 0.1 px
    /// the scene-graph rule allows, because chords lie inside a convex curve and the
    /// lost area (about 2/3 × tolerance × length) would otherwise show in
    /// small rounded corners.
    public static let tolerance = 0.025

    /// Fills `path` (device coordinates: canvas pixels, origin top-left,
    /// y down) and returns its coverage over the whole pixels it touches,
    /// limited to `clip`, with the mask's top-left canvas pixel; nil when
    /// nothing is covered, or the path is not finite or larger than 1e8 px.
    public static func fill(_ path: Path, rule: FillRule = .nonZero, clip: PixelRect) -> (mask: CoverageMask, x: Int, y: Int)? {
        guard path.isFinite, let bounds = path.controlBounds,
              abs(bounds.x) < 1e8, abs(bounds.y) < 1e8, bounds.width < 1e8, bounds.height < 1e8 else { return nil }
        let area = PixelRect(x: Int(checked: bounds.x, .down), y: Int(checked: bounds.y, .down),
                             width: Int(checked: bounds.maxX, .up) - Int(checked: bounds.x, .down),
                             height: Int(checked: bounds.maxY, .up) - Int(checked: bounds.y, .down)).intersection(clip)
        guard !area.isEmpty else { return nil }
        let coverage = self.coverage(path, rule: rule, area: area)
        return (coverage, area.x, area.y)
    }

    /// The coverage of `path` over exactly the pixels of `area` (device coordinates).
    ///
    /// Rows are done in bands of about `bandFloats` accumulation cells, so
    /// the accumulation buffer stays in cache and is reused, instead of a
    /// fresh buffer of the whole area (page faults and zeroing, which cost
    /// more than the sums); each band takes the segments that reach it.
    public static func coverage(_ path: Path, rule: FillRule = .nonZero, area: PixelRect) -> CoverageMask {
        let width = area.width, height = area.height
        guard width > 0, height > 0 else { return CoverageMask(width: max(0, width), height: max(0, height)) }
        var lines: [Segment] = []
        flatten(path) { x0, y0, x1, y1 in lines.append(Segment(x0: x0, y0: y0, x1: x1, y1: y1)) }
        // One spare cell a row for the area that spills past the right edge.
        let stride = width + 1
        let band = Swift.min(height, Swift.max(8, bandFloats / stride))
        let bands = (height + band - 1) / band
        // By the band their top falls in, so each band adds the segments
        // that start above its end.
        let (segments, ends) = byBand(lines, top: Double(area.y), band: band, bands: bands, bottom: Double(area.y + height))
        var bytes = [UInt8](repeating: 0, count: width * height)
        // Large areas (a tilted print's edge, on the serial path before any
        // decode) split their bands between two threads; band boundaries do
        // not depend on the split, so neither do the bytes.
        let parts = bands >= 2 && width * height >= 1 << 18 ? 2 : 1
        let perPart = (bands + parts - 1) / parts
        bytes.withUnsafeMutableBufferPointer { out in
            // Each part writes only its own bands' rows.
            nonisolated(unsafe) let output = out.baseAddress!
            @Sendable func rasterize(_ part: Int) {
                let firstBand = part * perPart, endBand = Swift.min(bands, firstBand + perPart)
                guard firstBand < endBand else { return }
                var accumulation = [Float](repeating: 0, count: stride * band)
                var active: [Segment] = []
                var next = 0
                accumulation.withUnsafeMutableBufferPointer { buffer in
                    let acc = buffer.baseAddress!
                    for index in firstBand ..< endBand {
                        let first = index * band, rows = Swift.min(band, height - first)
                        let bandTop = Double(area.y + first)
                        while next < ends[index] {
                            active.append(segments[next]); next += 1
                        }
                        active.removeAll { $0.bottom <= bandTop }
                        acc.update(repeating: 0, count: rows * stride)
                        var line = LineAccumulator(acc: acc, stride: stride, width: width, height: rows,
                                                   originX: Double(area.x), originY: bandTop)
                        for segment in active { line.add(segment.x0, segment.y0, segment.x1, segment.y1) }
                        sums(acc, stride: stride, width: width, rows: rows, rule: rule, into: output + first * width)
                    }
                }
            }
            if parts == 1 {
                rasterize(0)
            } else {
                DispatchQueue.concurrentPerform(iterations: parts) { rasterize($0) }
            }
        }
        return CoverageMask(width: width, height: height, coverage: bytes)
    }

    /// `lines` by the band (of `band` rows from `top`) their top falls in,
    /// those above the first in the first, in path order within a band (a
    /// counting sort: no comparisons, which cost more than the sums for a
    /// glyph run's thousands of short lines); lines starting at or below
    /// `bottom`, which reach no band, dropped. `ends[i]`: how many lie in
    /// bands 0...i.
    private static func byBand(_ lines: [Segment], top: Double, band: Int, bands: Int,
                               bottom: Double) -> (segments: [Segment], ends: [Int]) {
        if bands == 1 {
            let kept = lines.filter { $0.top < bottom }
            return (kept, [kept.count])
        }
        let rows = Double(band)
        func index(_ segment: Segment) -> Int {
            let offset = (segment.top - top) / rows
            return offset <= 0 ? 0 : Swift.min(bands - 1, Int(checked: offset, .down))
        }
        var starts = [Int](repeating: 0, count: bands + 1)
        for line in lines where line.top < bottom { starts[index(line) + 1] += 1 }
        for i in 0 ..< bands { starts[i + 1] += starts[i] }
        let ends = Array(starts.dropFirst())
        guard starts[bands] > 0 else { return ([], ends) }
        var out = [Segment](repeating: lines[0], count: starts[bands])
        for line in lines where line.top < bottom {
            let i = index(line)
            out[starts[i]] = line
            starts[i] += 1
        }
        return (out, ends)
    }

    /// Accumulation cells a band of `coverage` holds (512 KiB of floats).
    static let bandFloats = 1 << 17

    /// A line of a flattened path, canvas pixels.
    private struct Segment {
        let x0: Double, y0: Double, x1: Double, y1: Double
        var top: Double { Swift.min(y0, y1) }
        var bottom: Double { Swift.max(y0, y1) }
    }

    /// The running sum along each of `rows` accumulation rows, as coverage
    /// bytes by `rule` (`width` a row) into `out`.
    private static func sums(_ acc: UnsafePointer<Float>, stride: Int, width: Int, rows: Int, rule: FillRule,
                             into out: UnsafeMutablePointer<UInt8>) {
        // One loop per rule, so the per-pixel work has no branch on it.
        switch rule {
        case .nonZero:
            for row in 0 ..< rows {
                var sum: Float = 0
                let from = acc + row * stride, to = out + row * width
                for column in 0 ..< width {
                    sum += from[column]
                    let w = abs(sum)
                    to[column] = byte(w < 1 ? w : 1)
                }
            }
        case .evenOdd:
            for row in 0 ..< rows {
                var sum: Float = 0
                let from = acc + row * stride, to = out + row * width
                for column in 0 ..< width {
                    sum += from[column]
                    let w = abs(sum)
                    let folded = w - 2 * (w * 0.5).rounded(.down)
                    to[column] = byte(folded <= 1 ? folded : 2 - folded)
                }
            }
        }
    }

    /// Coverage `c` as a byte, `c × 255` rounded to nearest (ties to even;
    /// 0 for NaN or below 0, 255 from 1 on). Adding 2^23 leaves the rounded
    /// integer in the float's low mantissa bits: no checked float-to-int
    /// conversion, whose range tests cost more than the rest of the pass.
    @inline(__always)
    static func byte(_ c: Float) -> UInt8 {
        let clamped = c > 0 ? (c < 1 ? c : 1) : 0
        return UInt8(truncatingIfNeeded: (clamped * 255 + 8_388_608).bitPattern)
    }

    /// Calls `segment` for every line of `path` with curves flattened
    /// (`tolerance`), each subpath closed back to its start.
    static func flatten(_ path: Path, segment: (Double, Double, Double, Double) -> Void) {
        var startX = 0.0, startY = 0.0, x = 0.0, y = 0.0, open = false
        func lineTo(_ nx: Double, _ ny: Double) {
            if nx != x || ny != y { segment(x, y, nx, ny) }
            x = nx; y = ny
        }
        func closeSubpath() { if open { lineTo(startX, startY) }; open = false }
        for element in path.elements {
            switch element {
            case .move(let mx, let my):
                closeSubpath()
                startX = mx; startY = my; x = mx; y = my; open = true
            case .line(let lx, let ly):
                open = true
                lineTo(lx, ly)
            case .quad(let cx, let cy, let ex, let ey):
                open = true
                let n = quadChords(x, y, cx, cy, ex, ey, tolerance: tolerance)
                let x0 = x, y0 = y
                for i in 1 ... n {
                    let t = Double(i) / Double(n), u = 1 - t
                    lineTo(u * u * x0 + 2 * u * t * cx + t * t * ex, u * u * y0 + 2 * u * t * cy + t * t * ey)
                }
            case .cubic(let c1x, let c1y, let c2x, let c2y, let ex, let ey):
                open = true
                let n = cubicChords(x, y, c1x, c1y, c2x, c2y, ex, ey, tolerance: tolerance)
                let x0 = x, y0 = y
                for i in 1 ... n {
                    let t = Double(i) / Double(n), u = 1 - t
                    let w0 = u * u * u, w1 = 3 * u * u * t, w2 = 3 * u * t * t, w3 = t * t * t
                    lineTo(w0 * x0 + w1 * c1x + w2 * c2x + w3 * ex, w0 * y0 + w1 * c1y + w2 * c2y + w3 * ey)
                }
            case .close:
                closeSubpath()
                x = startX; y = startY
            }
        }
        closeSubpath()
    }

    /// Chords for a quadratic from (x0, y0) over (cx, cy) to (ex, ey) to stray at most `tolerance`.
    static func quadChords(_ x0: Double, _ y0: Double, _ cx: Double, _ cy: Double, _ ex: Double, _ ey: Double,
                           tolerance: Double) -> Int {
        // Second difference d: the curve's second derivative is 2d,
        // so n chords stray at most |d| / (4 n²) from it.
        let dx = x0 - 2 * cx + ex, dy = y0 - 2 * cy + ey
        return segments(((dx * dx + dy * dy).squareRoot() / (4 * tolerance)).squareRoot())
    }

    /// Chords for a cubic to stray at most `tolerance`.
    static func cubicChords(_ x0: Double, _ y0: Double, _ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double,
                            _ ex: Double, _ ey: Double, tolerance: Double) -> Int {
        // The second derivative is at most 6·max|dᵢ|, so n chords
        // stray at most 0.75·max|dᵢ| / n².
        let ax = x0 - 2 * c1x + c2x, ay = y0 - 2 * c1y + c2y
        let bx = c1x - 2 * c2x + ex, by = c1y - 2 * c2y + ey
        let d = max((ax * ax + ay * ay).squareRoot(), (bx * bx + by * by).squareRoot())
        return segments((0.75 * d / tolerance).squareRoot())
    }

    /// Chord count for a flattening estimate: at least 1, at most 10 000.
    private static func segments(_ estimate: Double) -> Int {
        guard estimate.isFinite else { return 1 }
        return Int(checked: max(1, min(10_000, estimate)), .up)
    }
}

/// Deposits the signed area of line segments into an accumulation buffer
/// (`PathRasterizer`): for a piece of a segment inside one pixel, of signed
/// height h (positive going down) and mean x fraction m within the pixel,
/// the pixel gets h·(1 − m) and the next pixel h·m, so the running sum
/// along the row is h to the right of the piece.
struct LineAccumulator {
    let acc: UnsafeMutablePointer<Float>
    let stride: Int, width: Int, height: Int
    let originX: Double, originY: Double

    /// Adds the segment from (x0, y0) to (x1, y1), canvas pixels.
    mutating func add(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
        let x0 = ax - originX, y0 = ay - originY, x1 = bx - originX, y1 = by - originY
        guard y0 != y1 else { return }
        let direction: Double = y1 > y0 ? 1 : -1
        // Walk top to bottom whatever the direction; `direction` signs the area.
        let (tx, ty, ex, ey) = y0 < y1 ? (x0, y0, x1, y1) : (x1, y1, x0, y0)
        let top = max(ty, 0), bottom = min(ey, Double(height))
        guard top < bottom else { return }
        let slope = (ex - tx) / (ey - ty)
        var row = Int(checked: top, .down)
        while row < height, Double(row) < bottom {
            let rowTop = max(top, Double(row)), rowBottom = min(bottom, Double(row + 1))
            if rowBottom > rowTop {
                let xa = tx + (rowTop - ty) * slope, xb = tx + (rowBottom - ty) * slope
                addRowPiece(row: row, xa, rowTop, xb, rowBottom, direction: direction)
            }
            row += 1
        }
    }

    /// A piece of a segment within one row, from (xa, ya) to (xb, yb), ya < yb.
    /// The part left of the mask counts fully at pixel 0 (all of the mask
    /// lies to its right); the part right of it changes no visible pixel.
    private mutating func addRowPiece(row: Int, _ xa: Double, _ ya: Double, _ xb: Double, _ yb: Double, direction: Double) {
        let base = acc + row * stride
        let limit = Double(width)
        let lo = min(xa, xb), hi = max(xa, xb)
        if hi - lo < 1e-12 {
            let x = min(max(xa, 0), limit)
            let column = Int(checked: x, .down)
            deposit(base, column: column, height: (yb - ya) * direction, meanFraction: x - Double(column))
            return
        }
        // y along the piece as a function of x, from its left end.
        let leftY = xa < xb ? ya : yb
        let dydx = (yb - ya) / (xb - xa)
        @inline(__always) func y(at x: Double) -> Double { leftY + (x - lo) * dydx }
        if lo < 0 {
            let end = min(hi, 0)
            deposit(base, column: 0, height: abs(y(at: end) - leftY) * direction, meanFraction: 0)
        }
        var x = max(lo, 0)
        let stop = min(hi, limit)
        var column = Int(checked: x, .down)
        while x < stop {
            let next = min(Double(column + 1), stop)
            let piece = abs(y(at: next) - y(at: x))
            deposit(base, column: column, height: piece * direction, meanFraction: (x + next) / 2 - Double(column))
            x = next
            column += 1
        }
    }

    @inline(__always)
    private func deposit(_ base: UnsafeMutablePointer<Float>, column: Int, height h: Double, meanFraction m: Double) {
        guard column < width else { base[width] += Float(h); return }
        base[column] += Float(h * (1 - m))
        base[column + 1] += Float(h * m)
    }
}
