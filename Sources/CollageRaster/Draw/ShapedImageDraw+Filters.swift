/// A transformed draw with filters (`ImageDraw.transform` and
/// `ImageDraw.filters`): the filters apply in the picture's own frame,
/// before its transform, as CSS applies `filter` in an element's local
/// space before its `transform`.
///
/// Steps: (1) the picture is resampled to its frame (`destination`'s size,
/// the node's own scale: `ShapedImageDraw` step 1 for stored pixels, or the
/// vector picture drawn at that scale); (2) `ImageFilters` run on it there,
/// a blur reading beyond the frame by the draw's `edges` (`.extended`: the
/// frame's edge pixels repeated, so a blurred letterbox stays opaque up to
/// its turned edges; `.transparent`: the picture spreads out by the blur's
/// reach, `Array.blurReach`, and the draw's coverage is that of the frame
/// grown by it: `SceneFlattener`); (3) the filtered frame is mapped onto the
/// canvas through the transform with `ShapedImageDraw` step 2 (6 × 6-tap
/// Lanczos-3 interpolation, taps beyond the filtered frame reading its edge
/// pixel) times the coverage (its turned edges and any clip).
///
/// Only the part of the frame the canvas region reads is filtered: that
/// part (`part(read:inverse:within:)`) plus the blur's reach on every side
/// (clamped to the frame) is resampled, so memory is that part's size × 16
/// bytes, twice, plus the region's tile.
extension ShapedImageDraw {
    /// The filtered frame pixels `frame(part)` returns for a frame rectangle:
    /// `part.width × part.height` premultiplied linear RGBA pixels, rows top to bottom.
    typealias FramePixels = (_ part: PixelRect) throws -> [Float]

    /// The filtered, transformed `draw` over canvas pixels `region`
    /// (`region.width × region.height` premultiplied RGBA pixels of `space`,
    /// rows top to bottom; zero outside the coverage), from the picture's
    /// frame pixels `frame` (linear, brought into `space` before the filters).
    /// A draw without a transform or coverage gives zeros.
    static func filtered(_ draw: ImageDraw, region: PixelRect, space: Compositing, frame: FramePixels) rethrows -> [Float] {
        var tile = [Float](repeating: 0, count: Swift.max(0, region.width * region.height) * 4)
        guard !region.isEmpty, let transform = draw.transform, let inverse = transform.inverted,
              let coverage = draw.coverage else { return tile }
        let size = draw.destination
        let whole = PixelRect(x: 0, y: 0, width: size.width, height: size.height)
        let blur = draw.filters.blurReach
        let spread = draw.edges == .transparent ? blur : 0
        // The filtered picture: the frame, grown by a transparent blur's spread.
        let extent = PixelRect(x: -spread, y: -spread, width: size.width + 2 * spread, height: size.height + 2 * spread)
        let part = Self.part(read: region, inverse: inverse, within: extent)
        let input = PixelRect(x: part.x - blur, y: part.y - blur, width: part.width + 2 * blur,
                              height: part.height + 2 * blur).intersection(whole)
        guard !input.isEmpty else { return tile }
        var pixels = try frame(input)
        space.fromLinear(&pixels)
        let filtered = ImageFilters.apply(draw.filters, to: pixels, picture: input, edges: draw.edges, output: part,
                                          space: space)
        var row = [Float](repeating: 0, count: region.width * 4)
        filtered.withUnsafeBufferPointer { picture in
            tile.withUnsafeMutableBufferPointer { tile in
                row.withUnsafeMutableBufferPointer { out in
                    interpolate(picture.baseAddress!, part: part, inverse: inverse, coverage: coverage, region: region,
                                into: out) { y, values in
                        (tile.baseAddress! + (y - region.y) * region.width * 4)
                            .update(from: values.baseAddress!, count: region.width * 4)
                    }
                }
            }
        }
        return tile
    }
}
