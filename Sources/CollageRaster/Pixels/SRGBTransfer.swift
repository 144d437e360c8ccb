import CollageNumerics
import Glibc

/// The sRGB transfer function (IEC 61966-2-1) through lookup tables, so hot
/// loops convert between 8-bit sRGB and linear light without `pow` and without
/// float-to-int conversions (README "Rules": Rendering).
///
/// Linear light is a `Float` in `0...1`. Decoding is exact to `Float`
/// precision; encoding looks the value up in a table of `encodeSteps + 1`
/// entries, fine enough that every 8-bit value round-trips:
/// `encode(decode(v)) == v` for all 256 values.
public enum SRGBTransfer {
    /// Number of intervals of the encode table over linear `0...1`.
    /// The steepest part of the curve (the linear toe, slope 12.92) needs more
    /// than 3294 steps for an exact round trip; 16384 keeps the error of any
    /// encoded value within 0.1 of an 8-bit step.
    public static let encodeSteps = 16384

    /// `decodeTable[v]` is the linear-light value of sRGB byte `v`.
    public static let decodeTable: [Float] = (0..<256).map { Float(linear(fromEncoded: Double($0) / 255)) }

    /// `encodeTable[i]` is the sRGB byte nearest to linear `i / encodeSteps`.
    public static let encodeTable: [UInt8] = (0...encodeSteps).map { i in
        let encoded = SRGBTransfer.encoded(fromLinear: Double(i) / Double(encodeSteps))
        return UInt8(truncatingIfNeeded: Swift.min(Swift.max(Int(checked: encoded * 255, .toNearestOrAwayFromZero), 0), 255))
    }

    /// `alphaTable[a]` is `a / 255`: straight 8-bit alpha as a fraction.
    public static let alphaTable: [Float] = (0..<256).map { Float($0) / 255 }

    /// The exact transfer function, sRGB-encoded `0...1` to linear `0...1`.
    public static func linear(fromEncoded s: Double) -> Double {
        s <= 0.04045 ? s / 12.92 : Glibc.pow((s + 0.055) / 1.055, 2.4)
    }

    /// The exact inverse transfer function, linear `0...1` to sRGB `0...1`.
    public static func encoded(fromLinear l: Double) -> Double {
        l <= 0.0031308 ? l * 12.92 : 1.055 * Glibc.pow(l, 1 / 2.4) - 0.055
    }

    /// Linear light of an sRGB byte.
    @inline(__always)
    public static func decode(_ value: UInt8) -> Float { decodeTable[Int(value)] }

    /// The sRGB byte of a linear-light value (clamped to `0...1`; NaN gives 0).
    @inline(__always)
    public static func encode(_ linear: Float) -> UInt8 { encodeTable[encodeIndex(linear)] }

    /// Index into `encodeTable` for a linear value, rounded to nearest with
    /// the 2^23 trick (adding 1.5 * 2^23 leaves the rounded integer in the low
    /// mantissa bits), so no float-to-int conversion is executed.
    @inline(__always)
    public static func encodeIndex(_ linear: Float) -> Int {
        let clamped: Float = linear > 0 ? (linear < 1 ? linear : 1) : 0
        return Int((clamped * Float(encodeSteps) + 12_582_912).bitPattern & 0x3F_FFFF)
    }

    /// `encodeIndex` of four values at once, as integer lanes: the same
    /// clamp, multiply and add per lane, so the indices are identical.
    @inline(__always)
    public static func encodeIndices(_ linear: SIMD4<Float>) -> SIMD4<UInt32> {
        let positive = linear.replacing(with: 0, where: .!(linear .> 0))
        let clamped = positive.replacing(with: 1, where: .!(positive .< 1))
        let shifted = clamped * Float(encodeSteps) + 12_582_912
        return unsafeBitCast(shifted, to: SIMD4<UInt32>.self) & 0x3F_FFFF
    }

    /// A fraction `0...1` (clamped; NaN gives 0) as a byte `0...255`,
    /// rounded to nearest with the 2^23 trick. Used for alpha.
    @inline(__always)
    public static func byte(fromFraction value: Float) -> UInt8 {
        let clamped: Float = value > 0 ? (value < 1 ? value : 1) : 0
        return UInt8(truncatingIfNeeded: (clamped * 255 + 12_582_912).bitPattern & 0x3F_FFFF)
    }
}
