/// Applies an image draw's `Filter`s, in order, to its resampled pixels
/// (premultiplied RGBA floats of a `Compositing` working space: `blur`
/// averages those values, sRGB-encoded under `css`, linear light under
/// `linear`). Colour functions act on the
/// un-premultiplied sRGB-encoded colour, 8 bits a channel in and out of
/// each run of consecutive colour functions (as browsers filter 8-bit
/// pixels), each function's result clamped to 0...1; `opacity` scales
/// every channel; `blur` is `GaussianBlur.blur(_:picture:sigma:edges:output:)`.
enum ImageFilters {
    /// The filtered pixels over `output` (canvas pixels) of `pixels`, which
    /// hold `picture` (inside `output`; pixels of `output` outside it start
    /// transparent).
    static func apply(_ filters: [Filter], to pixels: [Float], picture: PixelRect, edges: GaussianBlur.Edges,
                      output: PixelRect, space: Compositing) -> [Float] {
        var current = pixels, rect = picture
        var index = 0
        while index < filters.count {
            let filter = filters[index]
            if filter.colorMatrix != nil {
                var end = index
                while end < filters.count, filters[end].colorMatrix != nil { end += 1 }
                applyColor(filters[index ..< end].compactMap(\.colorMatrix), to: &current, space: space)
                index = end
                continue
            }
            switch filter {
            case .opacity(let amount):
                let k = Float(min(max(amount, 0), 1))
                current.withUnsafeMutableBufferPointer { p in for i in p.indices { p[i] *= k } }
            case .blur(let sigma):
                current = current.withUnsafeBufferPointer {
                    GaussianBlur.blur($0, picture: rect, sigma: sigma, edges: edges, output: output)
                }
                rect = output
            default:
                break
            }
            index += 1
        }
        guard rect != output else { return current }
        // No blur: the picture placed in the output rectangle.
        var out = [Float](repeating: 0, count: output.width * output.height * 4)
        let area = rect.intersection(output)
        guard !area.isEmpty else { return out }
        for y in area.y ..< area.maxY {
            let from = ((y - rect.y) * rect.width + area.x - rect.x) * 4
            let to = ((y - output.y) * output.width + area.x - output.x) * 4
            out.replaceSubrange(to ..< to + area.width * 4, with: current[from ..< from + area.width * 4])
        }
        return out
    }

    /// A run of colour matrices on every pixel that is not transparent.
    private static func applyColor(_ matrices: [(matrix: [Float], offset: Float)], to pixels: inout [Float],
                                   space: Compositing) {
        let flat = matrices.flatMap { $0.matrix + [$0.offset] }
        let count = matrices.count
        space.encodeTable.withUnsafeBufferPointer { encode in
        space.decodeTable.withUnsafeBufferPointer { decode in
        flat.withUnsafeBufferPointer { m in
        pixels.withUnsafeMutableBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) {
                let a = p[i + 3] > 1 ? 1 : p[i + 3]
                guard a > 0 else { continue }
                let inverse = 1 / a
                var c = SIMD3<Float>(Float(encode[SRGBTransfer.encodeIndex(p[i] * inverse)]),
                                     Float(encode[SRGBTransfer.encodeIndex(p[i + 1] * inverse)]),
                                     Float(encode[SRGBTransfer.encodeIndex(p[i + 2] * inverse)])) / 255
                for k in 0 ..< count {
                    let base = k * 10
                    var next = SIMD3<Float>(
                        m[base] * c.x + m[base + 1] * c.y + m[base + 2] * c.z,
                        m[base + 3] * c.x + m[base + 4] * c.y + m[base + 5] * c.z,
                        m[base + 6] * c.x + m[base + 7] * c.y + m[base + 8] * c.z) + SIMD3(repeating: m[base + 9])
                    next.clamp(lowerBound: SIMD3(repeating: 0), upperBound: SIMD3(repeating: 1))
                    c = next
                }
                p[i] = decode[Int(SRGBTransfer.byte(fromFraction: c.x))] * a
                p[i + 1] = decode[Int(SRGBTransfer.byte(fromFraction: c.y))] * a
                p[i + 2] = decode[Int(SRGBTransfer.byte(fromFraction: c.z))] * a
                p[i + 3] = a
            }
        }}}}
    }
}
