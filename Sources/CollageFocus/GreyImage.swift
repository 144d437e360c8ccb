/// An 8-bit single-channel image, row-major, no padding: the luma the face
/// detector reads (analysis pixels, origin top-left, y down).
public struct GreyImage: Sendable, Equatable {
    public let width: Int, height: Int
    public var pixels: [UInt8]
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height)
        self.width = width; self.height = height; self.pixels = pixels
    }

    /// Mirrored left to right.
    public var mirrored: GreyImage {
        var out = pixels
        for y in 0..<height {
            let row = y * width
            for x in 0..<width { out[row + x] = pixels[row + width - 1 - x] }
        }
        return GreyImage(width: width, height: height, pixels: out)
    }

    /// Resized to `width` x `height` as OpenCV's `resize` with
    /// `INTER_LINEAR` does for 8-bit images: pixel centres mapped
    /// (`(d + 0.5) * scale - 0.5`), edges clamped, 11-bit fixed-point
    /// weights; the vertical pass rounds as its SIMD and scalar paths do.
    public func resizedLinear(width dw: Int, height dh: Int) -> GreyImage {
        if dw == width && dh == height { return self }
        let scaleX = Double(width) / Double(dw), scaleY = Double(height) / Double(dh)
        func table(_ count: Int, _ scale: Double, _ limit: Int) -> ([Int], [Int32], [Int32]) {
            var index = [Int](repeating: 0, count: count), a0 = [Int32](repeating: 0, count: count), a1 = a0
            for d in 0..<count {
                var f = Float((Double(d) + 0.5) * scale - 0.5)
                var s = Int(f.rounded(.down))
                f -= Float(s)
                if s < 0 { f = 0; s = 0 }
                if s >= limit - 1 { f = 0; s = limit - 1 }
                let w0 = Int32(((1 - f) * 2048).rounded(.toNearestOrEven))
                index[d] = s; a0[d] = w0; a1[d] = 2048 - w0
            }
            return (index, a0, a1)
        }
        let (xs, ax0, ax1) = table(dw, scaleX, width)
        let (ys, ay0, ay1) = table(dh, scaleY, height)
        func horizontal(_ row: Int) -> [Int32] {
            var out = [Int32](repeating: 0, count: dw)
            let base = row * width
            for x in 0..<dw {
                let s = xs[x]
                let next = s + 1 < width ? Int32(pixels[base + s + 1]) : 0
                out[x] = Int32(pixels[base + s]) * ax0[x] + next * ax1[x]
            }
            return out
        }
        // OpenCV's vertical pass: SIMD (rounding as below; its last vector
        // overlaps the one before) when the row holds a vector of 16, else
        // scalar code ((v + 2^21) >> 22).
        let simdEnd = dw >= 16 ? dw : 0
        var out = [UInt8](repeating: 0, count: dw * dh)
        var cache: [Int: [Int32]] = [:]
        for y in 0..<dh {
            let s = ys[y]
            let r0 = cache[s] ?? horizontal(s)
            let r1 = s + 1 < height ? (cache[s + 1] ?? horizontal(s + 1)) : r0
            cache = [s: r0, s + 1: r1]
            let b0 = ay0[y], b1 = ay1[y]
            for x in 0..<simdEnd {
                let v = ((b0 * (r0[x] >> 4)) >> 16) + ((b1 * (r1[x] >> 4)) >> 16) + 2
                out[y * dw + x] = UInt8(clamping: v >> 2)
            }
            for x in simdEnd..<dw {
                let v = (Int64(r0[x]) * Int64(b0) + Int64(r1[x]) * Int64(b1) + (1 << 21)) >> 22
                out[y * dw + x] = UInt8(clamping: v)
            }
        }
        return GreyImage(width: dw, height: dh, pixels: out)
    }

    /// A binary PGM (P5) of the image, for the OpenCV comparison
    /// (`scripts/face-fixtures`).
    public var pgm: [UInt8] { Array("P5\n\(width) \(height)\n255\n".utf8) + pixels }
}
