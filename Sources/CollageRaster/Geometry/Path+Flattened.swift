extension Path {
    /// The path with every curve replaced by chords straying at most
    /// `tolerance` (pixels of the path's own space) from it, as the path
    /// rasteriser flattens (`PathRasterizer.quadChords`, `cubicChords`);
    /// moves, lines and closes are kept as they are. A path drawn many times
    /// can be flattened once, finer than the rasteriser's own 0.025 px, and
    /// then filled exactly.
    public func flattened(tolerance: Double) -> Path {
        var out = Path()
        var x = 0.0, y = 0.0, startX = 0.0, startY = 0.0
        for element in elements {
            switch element {
            case .move(let mx, let my):
                out.move(to: mx, my); x = mx; y = my; startX = mx; startY = my
            case .line(let lx, let ly):
                out.line(to: lx, ly); x = lx; y = ly
            case .quad(let cx, let cy, let ex, let ey):
                let n = PathRasterizer.quadChords(x, y, cx, cy, ex, ey, tolerance: tolerance)
                let x0 = x, y0 = y
                for i in 1 ... n {
                    let t = Double(i) / Double(n), u = 1 - t
                    out.line(to: u * u * x0 + 2 * u * t * cx + t * t * ex, u * u * y0 + 2 * u * t * cy + t * t * ey)
                }
                x = ex; y = ey
            case .cubic(let c1x, let c1y, let c2x, let c2y, let ex, let ey):
                let n = PathRasterizer.cubicChords(x, y, c1x, c1y, c2x, c2y, ex, ey, tolerance: tolerance)
                let x0 = x, y0 = y
                for i in 1 ... n {
                    let t = Double(i) / Double(n), u = 1 - t
                    let w0 = u * u * u, w1 = 3 * u * u * t, w2 = 3 * u * t * t, w3 = t * t * t
                    out.line(to: w0 * x0 + w1 * c1x + w2 * c2x + w3 * ex, w0 * y0 + w1 * c1y + w2 * c2y + w3 * ey)
                }
                x = ex; y = ey
            case .close:
                out.close(); x = startX; y = startY
            }
        }
        return out
    }
}
