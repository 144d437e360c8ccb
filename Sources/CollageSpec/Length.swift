/// A length written as canvas pixels (`24`) or as a percentage (`"5%"`) of a
/// reference dimension that the key documents (the canvas, or the photo's
/// cell an overlay anchors to). Resolved by the layout stage, which knows
/// the reference; validation resolves the keys whose reference it knows.
public enum Length: Sendable, Hashable {
    /// Canvas pixels.
    case pixels(Double)
    /// Percent (5 = 5%) of the key's reference dimension.
    case percent(Double)

    /// The length in pixels against `reference` (pixels).
    public func resolved(against reference: Double) -> Double {
        switch self {
        case .pixels(let value): value
        case .percent(let value): value * reference / 100
        }
    }
}
