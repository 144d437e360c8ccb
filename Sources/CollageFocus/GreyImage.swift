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
    /// `INTER_LINEAR_EXACT` does for 8-bit images (what
    /// `CascadeClassifier::detectMultiScale` builds its pyramid with in
    /// OpenCV 4): pixel centres mapped in double precision (`(d + 0.5) ·
    /// (1 / (dst / src)) − 0.5`), 8-bit fixed-point weights rounded to
    /// nearest (ties to even), the horizontal pass kept in 8 fraction bits,
    /// the vertical pass rounded from 16; pixels mapped before the first
    /// source pixel take it, after the last the last. The same size is a copy.
    public func resizedLinear(width dw: Int, height dh: Int) -> GreyImage {
        if dw == width && dh == height { return self }
        struct Axis {
            var offset: [Int], weight: [Int32]
            /// Destination pixels before `low` take the first source pixel, from `high` on the last.
            var low = 0, high: Int
            init(source: Int, destination: Int) {
                offset = [Int](repeating: 0, count: destination); weight = [Int32](repeating: 0, count: destination)
                high = destination
                let scale = 1 / (Double(destination) / Double(source))
                for d in 0..<destination {
                    let f = scale * (Double(d) + 0.5) - 0.5
                    let i = Int(f.rounded(.down))
                    if i >= 0 && source > 1 {
                        if i < source - 1 {
                            offset[d] = i; weight[d] = Int32(((f - Double(i)) * 256).rounded(.toNearestOrEven))
                        } else {
                            offset[d] = source - 1; high = min(high, d)
                        }
                    } else {
                        low = max(low, d + 1)
                    }
                }
                if high < low { high = low }
            }
        }
        let ax = Axis(source: width, destination: dw), ay = Axis(source: height, destination: dh)
        var out = [UInt8](repeating: 0, count: dw * dh)
        // Horizontally resized rows (8 fraction bits), two at a time.
        var rows = [Int32](repeating: 0, count: 2 * dw)
        let srcWidth = width, srcHeight = height
        pixels.withUnsafeBufferPointer { pixels in
            rows.withUnsafeMutableBufferPointer { rows in
                out.withUnsafeMutableBufferPointer { out in
                    ax.offset.withUnsafeBufferPointer { xo in
                        ax.weight.withUnsafeBufferPointer { xw in
                            let low = ax.low, high = ax.high, lastOffset = xo[dw - 1]
                            var held = (-1, -1)
                            func horizontal(_ row: Int, into slot: Int) {
                                let src = pixels.baseAddress! + row * srcWidth, dst = rows.baseAddress! + slot * dw
                                let first = Int32(src[0]) << 8, last = Int32(src[lastOffset]) << 8
                                for x in 0..<min(low, dw) { dst[x] = first }
                                if low < high {
                                    for x in low..<high {
                                        let s = xo[x], w1 = xw[x]
                                        dst[x] = (256 - w1) &* Int32(src[s]) &+ w1 &* Int32(src[s + 1])
                                    }
                                }
                                for x in max(high, low)..<dw { dst[x] = last }
                            }
                            func slot(for row: Int, avoiding other: Int) -> Int {
                                if held.0 == row { return 0 }
                                if held.1 == row { return 1 }
                                let s = other == 0 ? 1 : 0
                                horizontal(row, into: s)
                                if s == 0 { held.0 = row } else { held.1 = row }
                                return s
                            }
                            for y in 0..<dh {
                                let o = out.baseAddress! + y * dw
                                if y < ay.low || y >= ay.high {
                                    // Above the first source row's centre or below the last's: that row, rounded from 8 fraction bits.
                                    let r = rows.baseAddress! + slot(for: y < ay.low ? 0 : srcHeight - 1, avoiding: -1) * dw
                                    for x in 0..<dw { o[x] = UInt8(clamping: (r[x] &+ 128) >> 8) }
                                    continue
                                }
                                let s = ay.offset[y], w1 = ay.weight[y], w0 = 256 - w1
                                let i0 = slot(for: s, avoiding: -1)
                                let i1 = slot(for: s + 1, avoiding: i0)
                                let r0 = rows.baseAddress! + i0 * dw, r1 = rows.baseAddress! + i1 * dw
                                for x in 0..<dw {
                                    o[x] = UInt8(clamping: (r0[x] &* w0 &+ r1[x] &* w1 &+ 32768) >> 16)
                                }
                            }
                        }
                    }
                }
            }
        }
        return GreyImage(width: dw, height: dh, pixels: out)
    }

    /// A binary PGM (P5) of the image, for the OpenCV comparison
    /// (`scripts/face-fixtures`).
    public var pgm: [UInt8] { Array("P5\n\(width) \(height)\n255\n".utf8) + pixels }
}
