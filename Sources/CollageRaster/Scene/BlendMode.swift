/// How a node's colour mixes with what is drawn below it (W3C Compositing
/// and Blending Level 1, "Blending"). The formula B(Cb, Cs) acts on
/// un-premultiplied sRGB-encoded colours in 0...1 (Cb the backdrop, Cs the
/// source), as browsers do; the mixed colour (1 - αb) Cs + αb B(Cb, Cs) is
/// then composited source-over with the source's alpha, premultiplied in
/// the scene's `Compositing` space (README "Rules": Rendering).
public enum BlendMode: String, Sendable, Hashable, CaseIterable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, hardLight, softLight
    case difference, exclusion, hue, saturation, color, luminosity

    /// True for the modes whose formula works channel by channel.
    public var isSeparable: Bool {
        switch self {
        case .hue, .saturation, .color, .luminosity: false
        default: true
        }
    }

    /// B(Cb, Cs) for one pixel, each channel in 0...1 (sRGB-encoded).
    public func blend(backdrop b: SIMD3<Float>, source s: SIMD3<Float>) -> SIMD3<Float> {
        switch self {
        case .normal: return s
        case .hue: return Self.setLum(Self.setSat(s, Self.sat(b)), Self.lum(b))
        case .saturation: return Self.setLum(Self.setSat(b, Self.sat(s)), Self.lum(b))
        case .color: return Self.setLum(s, Self.lum(b))
        case .luminosity: return Self.setLum(b, Self.lum(s))
        default:
            return SIMD3(channel(b.x, s.x), channel(b.y, s.y), channel(b.z, s.z))
        }
    }

    /// A separable mode's formula on one channel.
    public func channel(_ cb: Float, _ cs: Float) -> Float {
        switch self {
        case .normal: return cs
        case .multiply: return cb * cs
        case .screen: return cb + cs - cb * cs
        case .overlay: return BlendMode.hardLight.channel(cs, cb)
        case .darken: return min(cb, cs)
        case .lighten: return max(cb, cs)
        case .colorDodge:
            if cb == 0 { return 0 }
            if cs >= 1 { return 1 }
            return min(1, cb / (1 - cs))
        case .colorBurn:
            if cb >= 1 { return 1 }
            if cs <= 0 { return 0 }
            return 1 - min(1, (1 - cb) / cs)
        case .hardLight:
            return cs <= 0.5 ? cb * 2 * cs : BlendMode.screen.channel(cb, 2 * cs - 1)
        case .softLight:
            if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
            let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
            return cb + (2 * cs - 1) * (d - cb)
        case .difference: return abs(cb - cs)
        case .exclusion: return cb + cs - 2 * cb * cs
        case .hue, .saturation, .color, .luminosity: return cs
        }
    }

    // The non-separable helpers, as the spec writes them.
    static func lum(_ c: SIMD3<Float>) -> Float { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }

    static func clipColor(_ c: SIMD3<Float>) -> SIMD3<Float> {
        let l = lum(c)
        let n = min(c.x, c.y, c.z), x = max(c.x, c.y, c.z)
        var out = c
        if n < 0 { out = SIMD3(repeating: l) + (out - SIMD3(repeating: l)) * l / (l - n) }
        if x > 1 { out = SIMD3(repeating: l) + (out - SIMD3(repeating: l)) * (1 - l) / (x - l) }
        return out
    }

    static func setLum(_ c: SIMD3<Float>, _ l: Float) -> SIMD3<Float> {
        clipColor(c + SIMD3(repeating: l - lum(c)))
    }

    static func sat(_ c: SIMD3<Float>) -> Float { max(c.x, c.y, c.z) - min(c.x, c.y, c.z) }

    /// SetSat: the largest channel becomes `s`, the smallest 0, the middle one scaled between.
    static func setSat(_ c: SIMD3<Float>, _ s: Float) -> SIMD3<Float> {
        let high = max(c.x, c.y, c.z), low = min(c.x, c.y, c.z)
        guard high > low else { return SIMD3(repeating: 0) }
        return (c - SIMD3(repeating: low)) * s / (high - low)
    }
}
