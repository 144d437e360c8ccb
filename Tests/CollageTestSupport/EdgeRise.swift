import Foundation
import CollageRaster

/// The sharpness of straight edges in a rendered picture: the 10-90 % rise,
/// the distance across an edge (pixels) over which ink goes from 10 % to
/// 90 % of full, read from the pixels near the edge as a function of their
/// centres' signed distance along the edge's normal.
public enum EdgeRise {
    /// The rises of the two long edges of a straight band (a stem, a bar):
    /// pixels whose centres lie within `halfLength` of `centre` along
    /// `direction` (degrees clockwise from +x, y down, the band's length)
    /// and within `halfWidth` across it. `ink` maps a pixel to 0...1.
    /// - Returns: (the edge on the normal's negative side, the other), pixels;
    ///   nil when an edge has no 10-90 % crossing.
    public static func band(in picture: Pixmap, centre: (x: Double, y: Double), direction degrees: Double,
                            halfLength: Double, halfWidth: Double, ink: (Color) -> Double) -> (Double, Double)? {
        let radians = degrees * Double.pi / 180
        let along = (x: cos(radians), y: sin(radians)), normal = (x: -sin(radians), y: cos(radians))
        var samples: [(n: Double, ink: Double)] = []
        let reach = Int((halfLength + halfWidth).rounded(.up)) + 1
        let cx = Int(centre.x), cy = Int(centre.y)
        for y in max(0, cy - reach)..<min(picture.height, cy + reach) {
            for x in max(0, cx - reach)..<min(picture.width, cx + reach) {
                let dx = Double(x) + 0.5 - centre.x, dy = Double(y) + 0.5 - centre.y
                let t = dx * along.x + dy * along.y, n = dx * normal.x + dy * normal.y
                guard abs(t) <= halfLength, abs(n) <= halfWidth else { continue }
                samples.append((n, ink(picture[x, y])))
            }
        }
        // The band's middle: the ink-weighted mean distance.
        let total = samples.reduce(0) { $0 + $1.ink }
        guard total > 0 else { return nil }
        let middle = samples.reduce(0) { $0 + $1.n * $1.ink } / total
        guard let first = rise(samples.filter { $0.n < middle }.map { ($0.n, $0.ink) }),
              let second = rise(samples.filter { $0.n >= middle }.map { (-$0.n, $0.ink) }) else { return nil }
        return (first, second)
    }

    /// The 10-90 % rise of ink rising with `n`: the samples averaged in bins
    /// of 1/16 px, and the first bins reaching 0.1 and 0.9, interpolated.
    static func rise(_ samples: [(n: Double, ink: Double)]) -> Double? {
        let bin = 1.0 / 16
        var sums: [Int: (Double, Int)] = [:]
        for s in samples {
            let key = Int((s.n / bin).rounded(.down))
            let old = sums[key] ?? (0, 0)
            sums[key] = (old.0 + s.ink, old.1 + 1)
        }
        let profile = sums.keys.sorted().map { (n: (Double($0) + 0.5) * bin, ink: sums[$0]!.0 / Double(sums[$0]!.1)) }
        func crossing(_ level: Double) -> Double? {
            for i in 1..<profile.count where profile[i - 1].ink < level && profile[i].ink >= level {
                let a = profile[i - 1], b = profile[i]
                return a.n + (level - a.ink) / (b.ink - a.ink) * (b.n - a.n)
            }
            return nil
        }
        guard profile.count > 1, let low = crossing(0.1), let high = crossing(0.9) else { return nil }
        return high - low
    }
}
