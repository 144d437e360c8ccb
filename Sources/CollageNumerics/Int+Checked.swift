#if canImport(Glibc)
import Glibc
#endif

/// The one conversion from floating point to `Int` in collage (issue 13):
/// `Int(checked:)`. Swift's `Int(_: Double)` traps on NaN, on infinities and
/// beyond ±2^63; document values are range-checked by the validator, but
/// derived quantities (offset plus size, scaled radii, text metrics at huge
/// sizes) can still leave Int's range. This conversion cannot trap: NaN is 0
/// and anything beyond ±`checkedLimit` is clamped to it, which is far past
/// every canvas (at most 32768 px a side), so the clamped value is only ever
/// seen by code that then clips it to the canvas. Every other conversion of a
/// `Double` or `Float` to `Int` in `Sources/` goes through here (grep
/// `Int(checked:`).
extension Int {
    /// The largest magnitude `Int(checked:)` returns: 2^31, so that a sum or
    /// a product of two such values still fits an `Int` (64-bit).
    public static let checkedLimit = 1 << 31

    /// `value` rounded by `rule` (default: toward zero, like `Int(_:)`),
    /// clamped to ±`checkedLimit`; 0 for NaN.
    @inlinable @inline(__always)
    public init(checked value: Double, _ rule: FloatingPointRoundingRule = .towardZero) {
        let limit = Double(Int.checkedLimit)
        let r = value.rounded(rule)
        if r.isNaN {
            self = 0
        } else if r >= limit {
            self = Int.checkedLimit
        } else if r <= -limit {
            self = -Int.checkedLimit
        } else {
            self = Int(r)   // the only unchecked conversion: in range here
        }
    }

    /// As `init(checked:_:)` for a `Float` (pixel loops).
    @inlinable @inline(__always)
    public init(checked value: Float, _ rule: FloatingPointRoundingRule = .towardZero) {
        self.init(checked: Double(value), rule)
    }
}
