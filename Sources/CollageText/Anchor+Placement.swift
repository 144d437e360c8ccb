import CollageSpec

extension Anchor {
    /// The anchor's horizontal position as a fraction of a width:
    /// 0 left, 0.5 centre, 1 right.
    public var horizontalFraction: Double {
        switch self {
        case .topLeft, .left, .bottomLeft, .baselineLeft: 0
        case .top, .center, .bottom, .baselineCenter: 0.5
        case .topRight, .right, .bottomRight, .baselineRight: 1
        }
    }

    /// The anchor's vertical position as a fraction of a height: 0 top,
    /// 0.5 middle, 1 bottom. The baseline anchors sit at the middle of the
    /// canvas or cell (like `left`, `center`, `right`); in the text box they
    /// mean the first baseline instead (see `isBaseline`).
    public var verticalFraction: Double {
        switch self {
        case .topLeft, .top, .topRight: 0
        case .left, .center, .right, .baselineLeft, .baselineCenter, .baselineRight: 0.5
        case .bottomLeft, .bottom, .bottomRight: 1
        }
    }

    /// True for `baselineLeft`, `baselineCenter` and `baselineRight`: the
    /// text box's point is on its first baseline.
    public var isBaseline: Bool {
        switch self {
        case .baselineLeft, .baselineCenter, .baselineRight: true
        default: false
        }
    }
}
