/// A glyph mask's coverage in canvas pixels, for a shadow cast by it
/// (`Shadow.Caster.alpha`, a component's `shadow`).
extension MaskLeaf {
    /// The mask drawn by `transform` (local coordinates to canvas pixels) as
    /// the flattener draws it (placed where it lands on whole pixels, else
    /// `AffineSampling.mask`), as coverage over `area` (canvas pixels).
    func coverage(under transform: Affine, in area: PixelRect) -> CoverageMask {
        var coverage = CoverageMask(width: area.width, height: area.height)
        let x = transform.tx + self.x, y = transform.ty + self.y
        let placed: PlacedMask?
        if transform.isTranslation, x == x.rounded(), y == y.rounded(), abs(x) < 1e9, abs(y) < 1e9 {
            placed = PlacedMask(mask: mask, x: Int(x), y: Int(y)).cropped(to: area)
        } else {
            placed = AffineSampling.mask(mask, x: self.x, y: self.y, transform: transform, clip: area)
        }
        guard let placed else { return coverage }
        let overlap = placed.rect.intersection(area)
        guard !overlap.isEmpty else { return coverage }
        for py in overlap.y..<overlap.maxY {
            for px in overlap.x..<overlap.maxX {
                coverage.coverage[(py - area.y) * area.width + px - area.x] =
                    placed.mask.coverage[(py - placed.y) * placed.mask.width + px - placed.x]
            }
        }
        return coverage
    }
}
