/// One CSS filter function of a `filter` list (docs/format.md "Effects"),
/// as written: `{grayscale: 1}`. Amounts are numbers with CSS's meaning
/// (Filter Effects Module Level 1, "Filter Functions"); percent strings are
/// not allowed.
public struct FilterSpec: Sendable, Hashable {
    /// The functions, spelled as the document's keys.
    public enum Function: String, Sendable, Hashable, CaseIterable {
        case grayscale, sepia, saturate, hueRotate, invert, brightness, contrast, opacity, blur

        /// The amounts the function takes: 0-1 for the ones CSS clamps at
        /// 100 %, at least 0 (at most 1000) for the scales, degrees for
        /// `hueRotate`, canvas pixels (σ) for `blur`.
        public var range: ClosedRange<Double> {
            switch self {
            case .grayscale, .sepia, .invert, .opacity: 0...1
            case .saturate, .brightness, .contrast: 0...1000
            case .hueRotate: -3600...3600
            case .blur: 0...1000
            }
        }

        /// The range in words, for messages.
        public var rangeText: String {
            switch self {
            case .grayscale, .sepia, .invert, .opacity: "a fraction from 0 to 1"
            case .saturate, .brightness, .contrast: "at least 0 and at most 1000 (1 leaves the picture unchanged)"
            case .hueRotate: "from -3600 to 3600 degrees"
            case .blur: "at least 0 and at most 1000 pixels (the Gaussian's standard deviation)"
            }
        }
    }

    public var function: Function
    public var amount: Double
    public init(_ function: Function, _ amount: Double) { self.function = function; self.amount = amount }
}

/// `blend`: how a photo or overlay mixes with everything drawn below it
/// (W3C Compositing and Blending Level 1), camelCase like every enumerated
/// value of the format; default `normal`.
public enum BlendModeName: String, Sendable, Hashable, CaseIterable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, hardLight, softLight
    case difference, exclusion, hue, saturation, color, luminosity
}
