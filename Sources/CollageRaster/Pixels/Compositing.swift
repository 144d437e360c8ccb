/// The space coverage, opacity, alpha, blend results, filter matrices and
/// blurs are composited in (`canvas.compositing`, docs/format.md "Effects").
///
/// The renderer's float pixels (image draws after resampling, isolated
/// layers, shadows) are premultiplied values of this *working space*, each
/// 0...1; the canvas stays RGBA8 sRGB-encoded with straight alpha, read
/// through `decodeTable` and written through `encodeTable`. Resampling a
/// photo happens in linear light under both; its resampled pixels (and
/// every other linear source: gradient and glyph tiles, vector pictures)
/// enter the working space through `fromLinear(_:count:)`.
public enum Compositing: String, Sendable, Hashable, CaseIterable {
    /// Premultiplied sRGB-encoded values, as CSS, SVG and Canvas 2D
    /// composite: result = src + dst × (1 − srcα) on encoded values, so 50%
    /// black over white is 127.5 (128). The default.
    case css
    /// Premultiplied linear light (collage before issue 36): 50% black over
    /// white is 187.
    case linear

    /// `decodeTable[v]`: the working value of canvas byte `v` (sRGB-encoded).
    /// `css`: `v / 255`; `linear`: `SRGBTransfer.decodeTable`.
    @inline(__always)
    var decodeTable: [Float] { self == .css ? SRGBTransfer.alphaTable : SRGBTransfer.decodeTable }

    /// The canvas byte of a working value, indexed by
    /// `SRGBTransfer.encodeIndex` (a value 0...1 in `encodeSteps` steps).
    /// `css`: the nearest byte to `value × 255`; `linear`: `SRGBTransfer.encodeTable`.
    @inline(__always)
    var encodeTable: [UInt8] { self == .css ? Self.encodedIdentityTable : SRGBTransfer.encodeTable }

    /// `encodedIdentityTable[i]` is the byte nearest to `i / encodeSteps × 255`.
    static let encodedIdentityTable: [UInt8] = (0...SRGBTransfer.encodeSteps).map { i in
        UInt8(truncatingIfNeeded: (i * 255 * 2 + SRGBTransfer.encodeSteps) / (2 * SRGBTransfer.encodeSteps))
    }

    /// The working values of `color`'s straight R, G, B (0...1) and its alpha.
    @inline(__always)
    func values(of color: Color) -> (Float, Float, Float, Float) {
        let decode = decodeTable
        return (decode[Int(color.red)], decode[Int(color.green)], decode[Int(color.blue)], Float(color.alpha) / 255)
    }

    /// Converts `count` premultiplied linear-light RGBA pixels at `pixels`
    /// to premultiplied working values in place. `linear`: nothing to do.
    /// `css`: each pixel's straight colour is encoded to the nearest 8-bit
    /// sRGB value (as a browser holds an image) and premultiplied again by
    /// its alpha (clamped to 0...1); transparent pixels become zero.
    func fromLinear(_ pixels: UnsafeMutablePointer<Float>, count: Int) {
        guard self == .css else { return }
        SRGBTransfer.encodeTable.withUnsafeBufferPointer { encode in
            SRGBTransfer.alphaTable.withUnsafeBufferPointer { fraction in
                for i in 0 ..< count {
                    let p = pixels + i &* 4
                    let raw = p[3]
                    if raw >= 1 {
                        // Opaque (a gradient or photo tile): the general path's
                        // division by 1 and products with 1 are exact, so
                        // skipping them gives the same values (issue 32: the
                        // text poster's 2048x2048 gradient background).
                        p[0] = fraction[Int(encode[SRGBTransfer.encodeIndex(p[0])])]
                        p[1] = fraction[Int(encode[SRGBTransfer.encodeIndex(p[1])])]
                        p[2] = fraction[Int(encode[SRGBTransfer.encodeIndex(p[2])])]
                        p[3] = 1
                        continue
                    }
                    let a: Float = raw > 0 ? raw : 0
                    guard a > 0 else { p[0] = 0; p[1] = 0; p[2] = 0; p[3] = 0; continue }
                    let inverse = 1 / a
                    p[0] = fraction[Int(encode[SRGBTransfer.encodeIndex(p[0] * inverse)])] * a
                    p[1] = fraction[Int(encode[SRGBTransfer.encodeIndex(p[1] * inverse)])] * a
                    p[2] = fraction[Int(encode[SRGBTransfer.encodeIndex(p[2] * inverse)])] * a
                    p[3] = a
                }
            }
        }
    }

    /// `count` linear pixels at `source` copied to `scratch` (room for
    /// `count` pixels) and converted there (`fromLinear(_:count:)`); returns `scratch`.
    func fromLinear(_ source: UnsafePointer<Float>, count: Int, into scratch: UnsafeMutablePointer<Float>)
        -> UnsafePointer<Float> {
        scratch.update(from: source, count: count * 4)
        fromLinear(scratch, count: count)
        return UnsafePointer(scratch)
    }

    /// `fromLinear(_:count:)` over a whole buffer of RGBA pixels.
    func fromLinear(_ pixels: inout [Float]) {
        guard self == .css, !pixels.isEmpty else { return }
        pixels.withUnsafeMutableBufferPointer { fromLinear($0.baseAddress!, count: $0.count / 4) }
    }
}
