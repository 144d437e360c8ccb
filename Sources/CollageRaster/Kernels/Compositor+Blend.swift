/// Blend modes (`BlendMode`) onto the canvas and onto isolated layers: the
/// source and the backdrop are un-premultiplied and sRGB-encoded (8 bits a
/// channel, as browsers blend), mixed by the mode's formula, and the mixed
/// colour (1 - αb) Cs + αb B(Cb, Cs) is composited source-over in the
/// premultiplied working space of the `Compositing` with the source's alpha
/// (W3C Compositing and Blending Level 1, "Blending"; README "Rules": Rendering).
extension Compositor {
    /// `count` premultiplied pixels of `space` (R, G, B, A floats) times
    /// `opacity`, blended by `mode` onto the canvas bytes at `destination`.
    static func blend(_ source: UnsafePointer<Float>, count: Int, opacity: Float, mode: BlendMode,
                      onto destination: UnsafeMutablePointer<UInt8>, space: Compositing) {
        guard mode != .normal else { return blend(source, count: count, opacity: opacity, onto: destination, space: space) }
        space.encodeTable.withUnsafeBufferPointer { encode in
        space.decodeTable.withUnsafeBufferPointer { decode in
        SRGBTransfer.alphaTable.withUnsafeBufferPointer { alpha in
            for i in 0 ..< count {
                let p = i * 4
                guard let (cs, a) = BlendPixel.source(source + p, opacity: opacity, encode: encode) else { continue }
                let d = destination + p
                let ab = alpha[Int(d[3])]
                let cb = SIMD3<Float>(Float(d[0]), Float(d[1]), Float(d[2])) / 255
                let mixed = BlendPixel.mix(mode, backdrop: cb, backdropAlpha: ab, source: cs, decode: decode)
                over(r: mixed.x * a, g: mixed.y * a, b: mixed.z * a, a: a, onto: d, encode: encode, decode: decode, alpha: alpha)
            }
        }}}
    }
}

extension FloatCompositor {
    /// `count` premultiplied pixels of `space` times `opacity`, blended by
    /// `mode` onto premultiplied float pixels of `space` (an isolated layer).
    static func blend(_ source: UnsafePointer<Float>, count: Int, opacity: Float, mode: BlendMode,
                      onto destination: UnsafeMutablePointer<Float>, space: Compositing) {
        guard mode != .normal else { return over(source, count: count, opacity: opacity, onto: destination) }
        space.encodeTable.withUnsafeBufferPointer { encode in
        space.decodeTable.withUnsafeBufferPointer { decode in
            for i in 0 ..< count {
                let p = i * 4
                guard let (cs, a) = BlendPixel.source(source + p, opacity: opacity, encode: encode) else { continue }
                let d = destination + p
                let ab: Float = d[3] > 0 ? (d[3] < 1 ? d[3] : 1) : 0
                var cb = SIMD3<Float>(repeating: 0)
                if ab > 0 {
                    let inverse = 1 / ab
                    cb = SIMD3(Float(encode[SRGBTransfer.encodeIndex(d[0] * inverse)]),
                               Float(encode[SRGBTransfer.encodeIndex(d[1] * inverse)]),
                               Float(encode[SRGBTransfer.encodeIndex(d[2] * inverse)])) / 255
                }
                let mixed = BlendPixel.mix(mode, backdrop: cb, backdropAlpha: ab, source: cs, decode: decode)
                let keep = 1 - a
                d[0] = mixed.x * a + d[0] * keep
                d[1] = mixed.y * a + d[1] * keep
                d[2] = mixed.z * a + d[2] * keep
                d[3] = a + ab * keep
            }
        }}
    }
}

/// The per-pixel steps both blend loops share.
enum BlendPixel {
    /// The source pixel's un-premultiplied sRGB colour (0...1, 8-bit steps)
    /// and its alpha times `opacity` (clamped as `Compositor.blend` does);
    /// nil when transparent.
    @inline(__always)
    static func source(_ p: UnsafePointer<Float>, opacity: Float, encode: UnsafeBufferPointer<UInt8>)
        -> (SIMD3<Float>, Float)? {
        let raw = p[3] * opacity
        let a: Float = raw > 0 ? (raw < 1 ? raw : 1) : 0
        guard a > 0 else { return nil }
        let inverse = opacity / a
        let cs = SIMD3<Float>(Float(encode[SRGBTransfer.encodeIndex(p[0] * inverse)]),
                              Float(encode[SRGBTransfer.encodeIndex(p[1] * inverse)]),
                              Float(encode[SRGBTransfer.encodeIndex(p[2] * inverse)])) / 255
        return (cs, a)
    }

    /// The mixed colour (1 - αb) Cs + αb B(Cb, Cs), rounded to 8 bits and
    /// returned in the working space of `decode` (not premultiplied).
    @inline(__always)
    static func mix(_ mode: BlendMode, backdrop cb: SIMD3<Float>, backdropAlpha ab: Float, source cs: SIMD3<Float>,
                    decode: UnsafeBufferPointer<Float>) -> SIMD3<Float> {
        var b = mode.blend(backdrop: cb, source: cs)
        b.clamp(lowerBound: SIMD3(repeating: 0), upperBound: SIMD3(repeating: 1))
        let m = cs * (1 - ab) + b * ab
        return SIMD3(decode[Int(SRGBTransfer.byte(fromFraction: m.x))], decode[Int(SRGBTransfer.byte(fromFraction: m.y))],
                     decode[Int(SRGBTransfer.byte(fromFraction: m.z))])
    }
}
