extension PlacedMask {
    /// The product of two coverages over the pixels both cover; nil when
    /// they do not meet.
    func multiplied(by other: PlacedMask) -> PlacedMask? {
        let area = rect.intersection(other.rect)
        guard !area.isEmpty else { return nil }
        var out = [UInt8](repeating: 0, count: area.width * area.height)
        for row in 0 ..< area.height {
            let a = (area.y + row - y) * mask.width + (area.x - x)
            let b = (area.y + row - other.y) * other.mask.width + (area.x - other.x)
            for column in 0 ..< area.width {
                let product = Int(mask.coverage[a + column]) * Int(other.mask.coverage[b + column])
                out[row * area.width + column] = UInt8((product + 127) / 255)
            }
        }
        return PlacedMask(mask: CoverageMask(width: area.width, height: area.height, coverage: out), x: area.x, y: area.y)
    }

    /// The part of the mask inside `clip`; nil when none is.
    func cropped(to clip: PixelRect) -> PlacedMask? {
        let area = rect.intersection(clip)
        guard !area.isEmpty else { return nil }
        if area == rect { return self }
        var out = [UInt8](repeating: 0, count: area.width * area.height)
        for row in 0 ..< area.height {
            let source = (area.y + row - y) * mask.width + (area.x - x)
            for column in 0 ..< area.width { out[row * area.width + column] = mask.coverage[source + column] }
        }
        return PlacedMask(mask: CoverageMask(width: area.width, height: area.height, coverage: out), x: area.x, y: area.y)
    }

    /// Coverage times (1 − `other`'s coverage) where `other` covers (a knockout).
    func subtracting(_ other: PlacedMask) -> PlacedMask {
        var result = self
        let area = rect.intersection(other.rect)
        guard !area.isEmpty else { return result }
        for row in 0 ..< area.height {
            let a = (area.y + row - y) * mask.width + (area.x - x)
            let b = (area.y + row - other.y) * other.mask.width + (area.x - other.x)
            for column in 0 ..< area.width {
                let keep = 255 - Int(other.mask.coverage[b + column])
                result.mask.coverage[a + column] = UInt8((Int(mask.coverage[a + column]) * keep + 127) / 255)
            }
        }
        return result
    }
}
