import CollageRaster
import Foundation

/// Image comparisons for the corpus tests (R, G, B only).
enum Metrics {
    /// PSNR in dB (infinity for identical images), optionally skipping a
    /// box given in fractions of the size (e.g. the digit label of the
    /// orientation examples).
    static func psnr(_ a: Pixmap, _ b: Pixmap, skipping box: (x0: Double, y0: Double, x1: Double, y1: Double)? = nil) -> Double {
        precondition(a.size == b.size, "\(a.size) vs \(b.size)")
        var sum = 0.0, count = 0
        for y in 0 ..< a.height {
            for x in 0 ..< a.width {
                if let box, Double(x) >= box.x0 * Double(a.width), Double(x) < box.x1 * Double(a.width),
                   Double(y) >= box.y0 * Double(a.height), Double(y) < box.y1 * Double(a.height) { continue }
                let p = a[x, y], q = b[x, y]
                for (u, v) in [(p.red, q.red), (p.green, q.green), (p.blue, q.blue)] {
                    let d = Double(Int(u) - Int(v)); sum += d * d; count += 1
                }
            }
        }
        let mse = sum / Double(max(count, 1))
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// Mean absolute difference over R, G, B.
    static func meanDifference(_ a: Pixmap, _ b: Pixmap) -> Double {
        precondition(a.size == b.size)
        var total = 0
        for i in stride(from: 0, to: a.pixels.count, by: 4) {
            for c in 0 ..< 3 { total += abs(Int(a.pixels[i + c]) - Int(b.pixels[i + c])) }
        }
        return Double(total) / Double(a.width * a.height * 3)
    }

    static func format(_ db: Double) -> String { db.isInfinite ? "inf" : String(format: "%.1f", db) }
}
