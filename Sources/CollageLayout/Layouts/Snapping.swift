import CollageNumerics
import Glibc

/// Pixel snapping: splitting a length of whole pixels into parts by weight
/// (docs/format.md "Layout rules").
///
/// Each part gets ⌊S·wᵢ/Σw⌋ pixels; the pixels left over go one each to the
/// parts with the largest fractional remainders, ties going to the rightmost
/// (bottom-most) part. Equal weights therefore give the extra pixels to the
/// last parts: 1000 px in 3 parts → 333, 333, 334. The parts always sum to S,
/// so adjacent cells meet without seams.
public enum Snapping {
    /// Splits `total` pixels into `count` equal-weight parts.
    ///
    /// - Parameters:
    ///   - total: the length to split, whole pixels (>= 0).
    ///   - count: number of parts (>= 1).
    /// - Returns: `count` part lengths summing to `total`.
    public static func split(_ total: Int, into count: Int) -> [Int] {
        precondition(count >= 1 && total >= 0, "split needs count >= 1 and total >= 0")
        // Integer arithmetic: remainders are all equal, so the leftover
        // pixels go to the last parts.
        let base = total / count, extra = total % count
        return (0..<count).map { base + ($0 >= count - extra ? 1 : 0) }
    }

    /// Splits `total` pixels into parts proportional to `weights`.
    ///
    /// - Parameters:
    ///   - total: the length to split, whole pixels (>= 0).
    ///   - weights: relative weights, each finite and > 0; at least one.
    /// - Returns: one length a weight, summing to `total`.
    public static func split(_ total: Int, weights: [Double]) -> [Int] {
        precondition(!weights.isEmpty && total >= 0, "split needs weights and total >= 0")
        let sum = weights.reduce(0, +)
        var parts: [Int] = []
        var remainders: [Double] = []
        parts.reserveCapacity(weights.count)
        for weight in weights {
            let exact = Double(total) * weight / sum
            let whole = exact.rounded(.down)
            parts.append(Int(checked: whole))
            remainders.append(exact - whole)
        }
        var leftover = total - parts.reduce(0, +)
        // Largest remainder first; among equal remainders the rightmost first.
        let order = parts.indices.sorted { a, b in
            remainders[a] != remainders[b] ? remainders[a] > remainders[b] : a > b
        }
        var next = 0
        while leftover > 0 {
            parts[order[next % order.count]] += 1
            leftover -= 1
            next += 1
        }
        return parts
    }

    /// Start offsets of consecutive parts separated by `gap`, beginning at `origin`.
    static func offsets(of parts: [Int], origin: Int, gap: Int) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(parts.count)
        var position = origin
        for part in parts {
            result.append(position)
            position += part + gap
        }
        return result
    }
}
