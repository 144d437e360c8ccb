@testable import CollageLayout
import CollageRaster
import CollageSpec

/// A text block's paths as the scene's path rasteriser covers them (canvas
/// pixels, unclipped), so the layout tests assert the ink a block draws.
extension TextBlock {
    /// A coverage mask with its top-left canvas pixel.
    struct Layer: Equatable {
        var mask: CoverageMask
        var x: Int
        var y: Int
    }

    /// `path` filled (non-zero) by `PathRasterizer`; nil when it covers nothing.
    static func coverage(_ path: Path?) -> Layer? {
        guard let path, !path.isEmpty else { return nil }
        let everywhere = PixelRect(x: -1 << 20, y: -1 << 20, width: 1 << 21, height: 1 << 21)
        return PathRasterizer.fill(path, clip: everywhere).map { Layer(mask: $0.mask, x: $0.x, y: $0.y) }
    }

    /// The overlay's own colour's glyphs (fill 0), covered.
    var mask: CoverageMask? { Self.coverage(fills.first).map(\.mask) }
    var maskX: Int { Self.coverage(fills.first)?.x ?? 0 }
    var maskY: Int { Self.coverage(fills.first)?.y ?? 0 }
    /// The stroke, covered.
    var strokeLayer: Layer? { Self.coverage(stroke) }
    /// Each other span colour's glyphs, covered, with the colour.
    var spanFills: [(layer: Layer, color: RGBA)] {
        fills.indices.dropFirst().compactMap { index in
            Self.coverage(fills[index]).map { ($0, layout.fillColors[index]) }
        }
    }
}

extension TextBlock {
    /// The overlay's own colour's glyphs as the scene draws them on a canvas
    /// of `size` (`SceneFlattener`: the path filled, clipped to the canvas).
    func mask(on size: Size) -> Layer? {
        guard let fill = fills.first, !fill.isEmpty else { return nil }
        let items = SceneFlattener(canvas: size).flatten([.path(PathLeaf(path: fill, paint: .solid(.black)))])
        for case .mask(let draw) in items { return Layer(mask: draw.mask, x: draw.originX, y: draw.originY) }
        return nil
    }
}
