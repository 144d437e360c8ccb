/// Writes and blends onto the canvas: source-over with premultiplied alpha
/// in the working space of a `Compositing` (sRGB-encoded values under
/// `css`, linear light under `linear`; README "Rules": Rendering); the
/// canvas itself stays RGBA8 sRGB with straight alpha, converted through
/// the space's tables.
enum Compositor {
    /// Opaque fast path: writes `count` pixels of colour in `space` (R, G,
    /// B, A floats, alpha ignored and taken as 1; `.linear` for a photo's
    /// resampled pixels) straight to sRGB bytes at `destination`, without
    /// reading the canvas.
    /// `step`: canvas pixels from one written pixel to the next (1 along a
    /// row; -1, the canvas width or its negative for an oriented image).
    static func writeOpaque(_ source: UnsafePointer<Float>, count: Int, to destination: UnsafeMutablePointer<UInt8>,
                            step: Int = 1, space: Compositing) {
        space.encodeTable.withUnsafeBufferPointer { encode in
            let table = encode.baseAddress!
            let raw = UnsafeRawPointer(source)
            for i in 0..<count {
                // `SRGBTransfer.encodeIndex` on the four lanes at once (same
                // operations, same results; the alpha lane is not used).
                let index = SRGBTransfer.encodeIndices(raw.loadUnaligned(fromByteOffset: i &* 16, as: SIMD4<Float>.self))
                // R, G, B, 255 in memory order, one 32-bit store.
                let packed = UInt32(table[Int(index[0])]) | UInt32(table[Int(index[1])]) << 8
                    | UInt32(table[Int(index[2])]) << 16 | 0xFF00_0000
                UnsafeMutableRawPointer(destination + i &* step &* 4).storeBytes(of: packed.littleEndian, as: UInt32.self)
            }
        }
    }

    /// Copies `count` RGBA8 pixels (contiguous at `source`) to the canvas at
    /// `destination`, `step` canvas pixels apart (as for `writeOpaque`).
    static func copyPixels(_ source: UnsafePointer<UInt8>, count: Int, to destination: UnsafeMutablePointer<UInt8>,
                           step: Int) {
        if step == 1 {
            destination.update(from: source, count: count * 4)
            return
        }
        let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(destination)
        for i in 0..<count {
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self),
                          toByteOffset: i &* step &* 4, as: UInt32.self)
        }
    }

    /// Appends to `pixels` the `count` RGBA8 canvas pixels at `source`,
    /// `step` canvas pixels apart, in order: what `copyPixels` puts back.
    static func gatherPixels(from source: UnsafeMutablePointer<UInt8>, count: Int, step: Int, into pixels: inout [UInt8]) {
        if step == 1 {
            pixels.append(contentsOf: UnsafeBufferPointer(start: source, count: count * 4))
            return
        }
        let from = UnsafeRawPointer(source)
        for i in 0..<count {
            withUnsafeBytes(of: from.loadUnaligned(fromByteOffset: i &* step &* 4, as: UInt32.self)) {
                pixels.append(contentsOf: $0)
            }
        }
    }

    /// Source-over of `count` premultiplied pixels of `space` (R, G, B, A
    /// floats), each scaled by `opacity` (0...1), onto the canvas bytes at `destination`.
    /// Alpha is clamped to 0...1 and colour to 0...alpha first, which removes
    /// the Lanczos ringing that no real pixel can hold.
    /// `step`: canvas pixels from one pixel to the next, as for `writeOpaque`.
    static func blend(_ source: UnsafePointer<Float>, count: Int, opacity: Float,
                      onto destination: UnsafeMutablePointer<UInt8>, step: Int = 1, space: Compositing) {
        space.encodeTable.withUnsafeBufferPointer { encode in
        space.decodeTable.withUnsafeBufferPointer { decode in
        SRGBTransfer.alphaTable.withUnsafeBufferPointer { alpha in
            for i in 0..<count {
                let p = i * 4
                let a = clamp(source[p + 3] * opacity, 1)
                guard a > 0 else { continue }
                if a >= 1 {
                    // Opaque: what `over` gives for a = 1 (nothing of the canvas kept), without reading it.
                    let d = destination + i &* step &* 4
                    d[0] = encode[SRGBTransfer.encodeIndex(clamp(source[p] * opacity, 1))]
                    d[1] = encode[SRGBTransfer.encodeIndex(clamp(source[p + 1] * opacity, 1))]
                    d[2] = encode[SRGBTransfer.encodeIndex(clamp(source[p + 2] * opacity, 1))]
                    d[3] = 255
                    continue
                }
                over(r: clamp(source[p] * opacity, a), g: clamp(source[p + 1] * opacity, a),
                     b: clamp(source[p + 2] * opacity, a), a: a,
                     onto: destination + i &* step &* 4, encode: encode, decode: decode, alpha: alpha)
            }
        }}}
    }

    /// Source-over of `color` scaled by each coverage byte (0 = none,
    /// 255 = full) of `coverage`, `count` pixels, onto `destination`, in `space`.
    static func blend(_ color: Color, coverage: UnsafePointer<UInt8>, count: Int,
                      onto destination: UnsafeMutablePointer<UInt8>, space: Compositing) {
        let (red, green, blue, colorAlpha) = space.values(of: color)
        let linear = (red, green, blue)
        space.encodeTable.withUnsafeBufferPointer { encode in
        space.decodeTable.withUnsafeBufferPointer { decode in
        SRGBTransfer.alphaTable.withUnsafeBufferPointer { alpha in
            for i in 0..<count {
                let c = coverage[i]
                guard c != 0 else { continue }
                let a = colorAlpha * alpha[Int(c)]
                if a == 1 {
                    let d = destination + i * 4
                    d[0] = color.red; d[1] = color.green; d[2] = color.blue; d[3] = 255
                    continue
                }
                over(r: linear.0 * a, g: linear.1 * a, b: linear.2 * a, a: a,
                     onto: destination + i * 4, encode: encode, decode: decode, alpha: alpha)
            }
        }}}
    }

    /// Fills `count` pixels at `destination` with `color`: a plain write when
    /// it is opaque, source-over in `space` otherwise.
    static func fill(_ color: Color, count: Int, onto destination: UnsafeMutablePointer<UInt8>, space: Compositing) {
        if color.isOpaque {
            for i in 0..<count {
                let d = destination + i * 4
                d[0] = color.red; d[1] = color.green; d[2] = color.blue; d[3] = 255
            }
            return
        }
        guard color.alpha != 0 else { return }
        let (red, green, blue, a) = space.values(of: color)
        let r = red * a, g = green * a, b = blue * a
        space.encodeTable.withUnsafeBufferPointer { encode in
        space.decodeTable.withUnsafeBufferPointer { decode in
        SRGBTransfer.alphaTable.withUnsafeBufferPointer { alpha in
            for i in 0..<count {
                over(r: r, g: g, b: b, a: a, onto: destination + i * 4, encode: encode, decode: decode, alpha: alpha)
            }
        }}}
    }

    /// One pixel of source-over: premultiplied working-space source (`r`,
    /// `g`, `b` at most `a`, `a` in 0...1) over the straight sRGB canvas
    /// pixel `d`, through the space's `encode` and `decode` tables.
    @inline(__always)
    static func over(r: Float, g: Float, b: Float, a: Float, onto d: UnsafeMutablePointer<UInt8>,
                             encode: UnsafeBufferPointer<UInt8>, decode: UnsafeBufferPointer<Float>,
                             alpha: UnsafeBufferPointer<Float>) {
        let da = alpha[Int(d[3])]
        let keep = (1 - a) * da
        let outA = a + keep
        guard outA > 0 else { d[0] = 0; d[1] = 0; d[2] = 0; d[3] = 0; return }
        let inverse = 1 / outA
        d[0] = encode[SRGBTransfer.encodeIndex((r + decode[Int(d[0])] * keep) * inverse)]
        d[1] = encode[SRGBTransfer.encodeIndex((g + decode[Int(d[1])] * keep) * inverse)]
        d[2] = encode[SRGBTransfer.encodeIndex((b + decode[Int(d[2])] * keep) * inverse)]
        d[3] = SRGBTransfer.byte(fromFraction: outA)
    }

    /// `value` clamped to `0...limit` (NaN gives 0).
    @inline(__always)
    private static func clamp(_ value: Float, _ limit: Float) -> Float {
        value > 0 ? (value < limit ? value : limit) : 0
    }
}
