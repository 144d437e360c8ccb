import XCTest
@testable import CollageRaster

/// The blur of premultiplied RGBA float pixels (`GaussianBlur+Pixels.swift`)
/// gives exactly the floats of the straightforward algorithm it replaced:
/// the output padded by the radius filled with the picture and its edges
/// (repeated or zero), blurred whole in place, rows then columns, and the
/// output cropped from it. The reference below is that algorithm.
final class PixelBlurTests: XCTestCase {
    /// The padded whole-image blur (the reference).
    private func reference(_ pixels: [Float], picture: PixelRect, sigma: Double, edges: GaussianBlur.Edges,
                           output: PixelRect) -> [Float] {
        let r = GaussianBlur.radius(sigma: sigma)
        let padded = PixelRect(x: output.x - r, y: output.y - r, width: output.width + 2 * r, height: output.height + 2 * r)
        let w = padded.width, h = padded.height
        var a = [Float](repeating: 0, count: w * h * 4)
        for y in 0 ..< h {
            for x in 0 ..< w {
                var sx = padded.x + x, sy = padded.y + y
                if !(picture.x ..< picture.maxX).contains(sx) || !(picture.y ..< picture.maxY).contains(sy) {
                    guard edges == .extended else { continue }
                    sx = min(max(sx, picture.x), picture.maxX - 1); sy = min(max(sy, picture.y), picture.maxY - 1)
                }
                for c in 0 ..< 4 { a[(y * w + x) * 4 + c] = pixels[((sy - picture.y) * picture.width + sx - picture.x) * 4 + c] }
            }
        }
        if r > 0 && sigma >= GaussianBlur.boxSigma {
            let boxes = GaussianBlur.boxes(sigma: sigma)
            var p = [Float](repeating: 0, count: w * h * 4), q = p
            var sums = [Double](repeating: 0, count: w * 4)
            a.withUnsafeMutableBufferPointer { a in p.withUnsafeMutableBufferPointer { p in q.withUnsafeMutableBufferPointer { q in
                sums.withUnsafeMutableBufferPointer { s in
                    func three(_ base: UnsafeMutablePointer<Float>, _ count: Int, _ stride: Int, _ lanes: Int) {
                        typealias L = GaussianBlur.Lanes
                        GaussianBlur.boxPass(L(base: base, range: 0 ..< count, stride: stride), boxes[0],
                                             into: L(base: p.baseAddress!, range: 0 ..< count, stride: lanes), lanes: lanes, sums: s)
                        GaussianBlur.boxPass(L(base: p.baseAddress!, range: 0 ..< count, stride: lanes), boxes[1],
                                             into: L(base: q.baseAddress!, range: 0 ..< count, stride: lanes), lanes: lanes, sums: s)
                        GaussianBlur.boxPass(L(base: q.baseAddress!, range: 0 ..< count, stride: lanes), boxes[2],
                                             into: L(base: base, range: 0 ..< count, stride: stride), lanes: lanes, sums: s)
                    }
                    for y in 0 ..< h { three(a.baseAddress! + y * w * 4, w, 4, 4) }
                    for x in 0 ..< w { three(a.baseAddress! + x * 4, h, w * 4, 4) }
                }
            }}}
        } else if r > 0 {
            let k = GaussianBlur.kernel(sigma: sigma)
            var b = a
            for y in 0 ..< h {
                for x in 0 ..< w {
                    var sum = SIMD4<Float>(repeating: 0)
                    for t in max(0, x - r) ... min(w - 1, x + r) {
                        let i = (y * w + t) * 4
                        sum += SIMD4(a[i], a[i + 1], a[i + 2], a[i + 3]) * k[t - x + r]
                    }
                    for c in 0 ..< 4 { b[(y * w + x) * 4 + c] = sum[c] }
                }
            }
            for y in 0 ..< h {
                for x in 0 ..< w {
                    var sum = [Float](repeating: 0, count: 4)
                    for t in max(0, y - r) ... min(h - 1, y + r) {
                        for c in 0 ..< 4 { sum[c] += b[(t * w + x) * 4 + c] * k[t - y + r] }
                    }
                    for c in 0 ..< 4 { a[(y * w + x) * 4 + c] = sum[c] }
                }
            }
        }
        var out = [Float](repeating: 0, count: output.width * output.height * 4)
        for y in 0 ..< output.height {
            for x in 0 ..< output.width * 4 { out[y * output.width * 4 + x] = a[((y + r) * w + r) * 4 + x] }
        }
        return out
    }

    /// Pseudo-random premultiplied pixels (a fixed linear congruential sequence), some transparent.
    private func pixels(_ count: Int, seed: UInt32) -> [Float] {
        var state = seed
        var out: [Float] = []
        for _ in 0 ..< count {
            state = state &* 1_664_525 &+ 1_013_904_223
            let alpha = Float(state >> 24) / 255
            for _ in 0 ..< 3 {
                state = state &* 1_664_525 &+ 1_013_904_223
                out.append(Float(state >> 16 & 0xFF) / 255 * alpha)
            }
            out.append(alpha)
        }
        return out
    }

    /// Kernel and box sigmas (odd and even boxes), both edges, an output
    /// inside, around, overlapping and beside the picture, and wider than
    /// one 64-pixel column strip: the same floats, bit for bit.
    func testBlurGivesTheFloatsOfThePaddedWholeImageBlur() {
        let picture = PixelRect(x: 10, y: 5, width: 90, height: 40)
        let outputs = [PixelRect(x: 20, y: 10, width: 30, height: 20), PixelRect(x: 0, y: 0, width: 120, height: 60),
                       PixelRect(x: 70, y: 30, width: 50, height: 40), PixelRect(x: 130, y: 50, width: 12, height: 9),
                       picture]
        let values = pixels(picture.width * picture.height, seed: 7)
        var compared = 0
        for sigma in [0.0, 0.6, 1.5, 2.0, 3.0, 5.5, 12] {
            for edges in [GaussianBlur.Edges.transparent, .extended] {
                for output in outputs {
                    let expected = reference(values, picture: picture, sigma: sigma, edges: edges, output: output)
                    let actual = values.withUnsafeBufferPointer {
                        GaussianBlur.blur($0, picture: picture, sigma: sigma, edges: edges, output: output)
                    }
                    XCTAssertEqual(actual.count, expected.count)
                    let differing = zip(actual, expected).filter { $0.bitPattern != $1.bitPattern }.count
                    XCTAssertEqual(differing, 0, "σ \(sigma), \(edges), output \(output)")
                    compared += 1
                }
            }
        }
        XCTAssertEqual(compared, 70)
    }
}
