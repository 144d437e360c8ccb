/// Content-aware crop strategies of `focus` (docs/format.md "focus"): the
/// crop window is chosen from the photo's pixels instead of a fixed point.
public enum FocusStrategy: String, Sendable, Hashable, CaseIterable {
    /// The window keeping the most salient content (edges, saturation, skin, a mild centre prior).
    case auto
    /// Every detected face inside the window, with headroom; `auto` when none is found.
    case faces
}

/// A `focus` value: `[x, y]` or a strategy.
public enum FocusSetting: Sendable, Hashable {
    /// Fractions 0-1 of the oriented photo (or its `crop`).
    case point(x: Double, y: Double)
    case strategy(FocusStrategy)
}

extension Validator {
    /// `focus`: `[x, y]` (fractions 0-1), `auto` or `faces`.
    mutating func focusSetting(_ node: Node, key: String = "focus") -> FocusSetting? {
        if case .scalar = node.content {
            let allowed = FocusStrategy.allCases.map(\.rawValue)
            guard let name = enumeration(node, key: key, allowed: allowed) else { return nil }
            return FocusStrategy(rawValue: name).map(FocusSetting.strategy)
        }
        guard let (x, y) = pair(node, key: key, range: 0...1, rangeText: "a fraction from 0 to 1") else { return nil }
        return .point(x: x, y: y)
    }
}

extension PhotoSpec {
    /// Applies a `focus` value: a point sets `focusX`/`focusY` and clears the
    /// strategy (and its location); a strategy is kept with where it was written.
    public mutating func setFocus(_ setting: FocusSetting, at location: SourceLocation?) {
        switch setting {
        case .point(let x, let y): focusX = x; focusY = y; focusStrategy = nil; focusLocation = nil
        case .strategy(let strategy): focusStrategy = strategy; focusLocation = location
        }
    }
}
