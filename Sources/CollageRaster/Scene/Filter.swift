import Glibc

/// One CSS filter function (Filter Effects Module Level 1, "Filter
/// Functions"), applied to an image draw's pixels in list order.
///
/// The colour functions are the spec's `feColorMatrix` and
/// `feComponentTransfer` equivalents and act on un-premultiplied
/// sRGB-encoded values in 0...1, clamped after each function (as browsers
/// do); `opacity` multiplies alpha; `blur` is a Gaussian on premultiplied
/// values of the scene's `Compositing` space (README "Rules": Rendering).
public enum Filter: Sendable, Hashable {
    /// 0...1: 1 is fully grey (luminance weights 0.2126, 0.7152, 0.0722).
    case grayscale(Double)
    /// 0...1: 1 is full sepia.
    case sepia(Double)
    /// 0 or more: 0 is grey, 1 unchanged, more over-saturates.
    case saturate(Double)
    /// Degrees, turned about the luminance axis.
    case hueRotate(Double)
    /// 0...1: 1 is the negative.
    case invert(Double)
    /// 0...1: multiplies alpha.
    case opacity(Double)
    /// 0 or more: multiplies each channel (0 is black).
    case brightness(Double)
    /// 0 or more: scales each channel about 0.5 (0 is mid grey).
    case contrast(Double)
    /// Gaussian standard deviation in canvas pixels (CSS `blur()`: the
    /// length is σ, unlike a shadow's blur radius).
    case blur(Double)

    /// The 3 x 3 colour matrix of a matrix function (row-major, acting on
    /// (R, G, B) sRGB-encoded) and its per-channel offset; nil for `opacity`
    /// and `blur`. Values as in the spec's "Filter Functions" equivalents;
    /// amounts outside their range are clamped as CSS does.
    public var colorMatrix: (matrix: [Float], offset: Float)? {
        switch self {
        case .grayscale(let amount):
            let s = 1 - Self.unit(amount)
            return ([0.2126 + 0.7874 * s, 0.7152 - 0.7152 * s, 0.0722 - 0.0722 * s,
                     0.2126 - 0.2126 * s, 0.7152 + 0.2848 * s, 0.0722 - 0.0722 * s,
                     0.2126 - 0.2126 * s, 0.7152 - 0.7152 * s, 0.0722 + 0.9278 * s].map(Float.init), 0)
        case .sepia(let amount):
            let s = 1 - Self.unit(amount)
            return ([0.393 + 0.607 * s, 0.769 - 0.769 * s, 0.189 - 0.189 * s,
                     0.349 - 0.349 * s, 0.686 + 0.314 * s, 0.168 - 0.168 * s,
                     0.272 - 0.272 * s, 0.534 - 0.534 * s, 0.131 + 0.869 * s].map(Float.init), 0)
        case .saturate(let amount):
            let s = max(0, amount)
            return ([0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s,
                     0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s,
                     0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s].map(Float.init), 0)
        case .hueRotate(let degrees):
            let radians = degrees.truncatingRemainder(dividingBy: 360) * Double.pi / 180
            let c = cos(radians), s = sin(radians)
            return ([0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928,
                     0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283,
                     0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072]
                .map(Float.init), 0)
        case .invert(let amount):
            // feFuncX type="table" tableValues="amount (1 - amount)": C' = amount + C (1 - 2 amount).
            let a = Self.unit(amount), k = Float(1 - 2 * a)
            return ([k, 0, 0, 0, k, 0, 0, 0, k], Float(a))
        case .brightness(let amount):
            let k = Float(max(0, amount))
            return ([k, 0, 0, 0, k, 0, 0, 0, k], 0)
        case .contrast(let amount):
            // feFuncX type="linear" slope="amount" intercept="-(0.5 * amount) + 0.5".
            let k = max(0, amount)
            return ([Float(k), 0, 0, 0, Float(k), 0, 0, 0, Float(k)], Float(0.5 - 0.5 * k))
        case .opacity, .blur:
            return nil
        }
    }

    /// The Gaussian σ of a `blur` (canvas pixels, at least 0); 0 for the others.
    public var blurSigma: Double {
        if case .blur(let sigma) = self, sigma.isFinite { return max(0, sigma) }
        return 0
    }

    /// True when every amount is finite and a blur's σ below 10⁴ pixels.
    var isValid: Bool {
        switch self {
        case .grayscale(let v), .sepia(let v), .saturate(let v), .hueRotate(let v), .invert(let v), .opacity(let v),
             .brightness(let v), .contrast(let v):
            return v.isFinite
        case .blur(let sigma):
            return sigma.isFinite && sigma < 1e4
        }
    }

    private static func unit(_ value: Double) -> Double { min(max(value, 0), 1) }
}

extension Array where Element == Filter {
    /// How far the filters can move colour beyond the picture (canvas
    /// pixels): the sum of the blurs' 3σ reaches.
    var blurReach: Int {
        reduce(0) { $0 + GaussianBlur.radius(sigma: $1.blurSigma) }
    }
}
