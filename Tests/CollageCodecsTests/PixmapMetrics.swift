import CollageRaster
import Foundation

/// Image comparison helpers for the codec tests.
enum PixmapMetrics {
    /// Mean absolute difference over R, G, B of two same-sized pixmaps.
    static func meanAbsoluteDifference(_ a: Pixmap, _ b: Pixmap) -> Double {
        precondition(a.size == b.size)
        var total = 0
        for i in stride(from: 0, to: a.pixels.count, by: 4) {
            for c in 0 ..< 3 { total += abs(Int(a.pixels[i + c]) - Int(b.pixels[i + c])) }
        }
        return Double(total) / Double(a.width * a.height * 3)
    }

    /// Largest channel difference over R, G, B.
    static func maxDifference(_ a: Pixmap, _ b: Pixmap) -> Int {
        precondition(a.size == b.size)
        var worst = 0
        for i in stride(from: 0, to: a.pixels.count, by: 4) {
            for c in 0 ..< 3 { worst = max(worst, abs(Int(a.pixels[i + c]) - Int(b.pixels[i + c]))) }
        }
        return worst
    }

    /// PSNR in dB over R, G, B (infinity for identical images).
    static func psnr(_ a: Pixmap, _ b: Pixmap) -> Double {
        precondition(a.size == b.size)
        var sum = 0.0
        for i in stride(from: 0, to: a.pixels.count, by: 4) {
            for c in 0 ..< 3 {
                let d = Double(Int(a.pixels[i + c]) - Int(b.pixels[i + c]))
                sum += d * d
            }
        }
        let mse = sum / Double(a.width * a.height * 3)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// A deterministic test picture: smooth gradients plus a few hard edges.
    static func synthetic(width: Int, height: Int, alpha: (Int, Int) -> UInt8 = { _, _ in 255 }) -> Pixmap {
        var p = Pixmap(width: width, height: height)
        for y in 0 ..< height {
            for x in 0 ..< width {
                let r = UInt8(x * 255 / max(width - 1, 1))
                let g = UInt8(y * 255 / max(height - 1, 1))
                let b = UInt8((x + y) % 64 < 32 ? 200 : 40)
                p[x, y] = Color(red: r, green: g, blue: b, alpha: alpha(x, y))
            }
        }
        return p
    }
}
