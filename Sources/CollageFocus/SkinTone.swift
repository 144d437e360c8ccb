import Glibc

/// How skin-like an sRGB colour is, 0...1, for `focus: auto`'s saliency.
///
/// Skin of every tone lies on one narrow band of chromaticity (the
/// direction from grey towards orange in normalised r, g), at very
/// different lightness and chroma: the Monk scale's lightest swatch is
/// nearly grey, its darkest nearly black. So the likelihood is a Gaussian
/// in the chromaticity's hue angle (centre 0°, the direction of pure red
/// chromaticity from grey; σ 20°) times a chroma ramp that saturates at a
/// distance of 0.015 from grey, and it ignores lightness (below 5% mean
/// intensity it is 0). The 10 Monk Skin Tone swatches score within a factor
/// of 1.5 of each other (`SkinToneTests`); neutral greys score 0 and blues
/// and greens about 0.
///
/// The saliency map computes it in C (`collage_saliency_values`, the same
/// operations); a change here goes there too (`SaliencyTests` compares).
public enum SkinTone {
    public static func likelihood(red: Float, green: Float, blue: Float) -> Float {
        let sum = red + green + blue
        guard sum > 0.15 else { return 0 }
        let vr = red / sum - 1.0 / 3, vg = green / sum - 1.0 / 3
        let magnitude = (vr * vr + vg * vg).squareRoot()
        guard magnitude > 0 else { return 0 }
        let angle = atan2f(vg, vr) * 180 / .pi
        let sigma: Float = 20
        return expf(-angle * angle / (2 * sigma * sigma)) * min(1, magnitude / 0.015)
    }

    /// The Monk Skin Tone scale's 10 swatches as published (sRGB, 8 bits).
    public static let monkSwatches: [(red: UInt8, green: UInt8, blue: UInt8)] = [
        (0xf6, 0xed, 0xe4), (0xf3, 0xe7, 0xdb), (0xf7, 0xea, 0xd0), (0xea, 0xda, 0xba), (0xd7, 0xbd, 0x96),
        (0xa0, 0x7e, 0x56), (0x82, 0x5c, 0x43), (0x60, 0x41, 0x34), (0x3a, 0x31, 0x2a), (0x29, 0x24, 0x20),
    ]
}
