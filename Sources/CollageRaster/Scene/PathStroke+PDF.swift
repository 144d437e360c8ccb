extension PathStroke {
    /// Whether PDF's stroke operators draw this stroke dashed by `dash`
    /// (the raster's pattern, `Path.drawnDashPattern`; nil: solid) as the
    /// raster does. The raster joins a closed subpath's last dash to its
    /// first where the pattern is "on" at both ends of it (SVG); PDF caps
    /// both, which at a corner leaves the join out. Such a stroke is false
    /// (its outline is filled instead); a smooth start (a rounded
    /// rectangle's, an ellipse's) is true: caps meeting on a smooth line
    /// draw what a join draws there.
    func pdfStrokable(dash: [Double]?) -> Bool {
        guard let dash, !dash.isEmpty else { return true }
        var subpaths: [[Path.Element]] = []
        for element in centerline.elements {
            if case .move = element { subpaths.append([]) }
            if subpaths.isEmpty { subpaths.append([]) }
            subpaths[subpaths.count - 1].append(element)
        }
        for subpath in subpaths {
            guard subpath.count >= 3, case .close = subpath[subpath.count - 1], Self.startsAtACorner(subpath) else { continue }
            let lines = Path(elements: subpath).polylines().filter { $0.points.allSatisfy { $0.x.isFinite && $0.y.isFinite } }
            guard let line = lines.first, line.closed else { continue }
            if Self.isOn(dash, at: style.dashOffset), Self.isOn(dash, at: style.dashOffset + line.length) { return false }
        }
        return true
    }

    /// Whether `pattern` is in a dash (not a gap) `position` along it, as
    /// the raster's dashes start (`Stroker.position(in:at:)`).
    static func isOn(_ pattern: [Double], at position: Double) -> Bool {
        Stroker.position(in: pattern, at: position).index % 2 == 0
    }

    /// Whether closed `subpath` (move, …, close) turns at its start: the
    /// direction it arrives in (its closing line, or its last segment's end
    /// tangent when it ends there) differs from the one it leaves in.
    static func startsAtACorner(_ subpath: [Path.Element]) -> Bool {
        guard case .move(let x0, let y0) = subpath[0] else { return false }
        let start = SIMD2(x0, y0)
        var current = start, arrivingTangent = SIMD2<Double>(0, 0)
        var leaving: SIMD2<Double>?
        for element in subpath.dropFirst() {
            let points: [SIMD2<Double>]
            switch element {
            case .line(let x, let y): points = [SIMD2(x, y)]
            case .quad(let cx, let cy, let x, let y): points = [SIMD2(cx, cy), SIMD2(x, y)]
            case .cubic(let c1x, let c1y, let c2x, let c2y, let x, let y): points = [SIMD2(c1x, c1y), SIMD2(c2x, c2y), SIMD2(x, y)]
            default: continue
            }
            if leaving == nil, let first = points.first(where: { $0 != current }) { leaving = first - current }
            if let last = points.last, let before = ([current] + points.dropLast()).last(where: { $0 != last }) {
                arrivingTangent = last - before
            }
            current = points.last ?? current
        }
        guard let leaving else { return false }
        let arriving = current != start ? start - current : arrivingTangent
        let cross = arriving.x * leaving.y - arriving.y * leaving.x
        let dot = arriving.x * leaving.x + arriving.y * leaving.y
        let norms = (arriving.x * arriving.x + arriving.y * arriving.y).squareRoot()
            * (leaving.x * leaving.x + leaving.y * leaving.y).squareRoot()
        return norms > 0 && (abs(cross) > 1e-9 * norms || dot <= 0)
    }
}
