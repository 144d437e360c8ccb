extension LayoutSpec {
    /// Where "padding and gap leave too little of the canvas" is reported:
    /// at the value that takes more of the side (`parts - 1` gaps against
    /// two paddings; the gap on a tie), when the document gives it, else at
    /// `layout`.
    public func spacingLocation(parts: Int) -> SourceLocation {
        let gapShare = (parts - 1) * gap, paddingShare = 2 * padding
        let preferred = gapShare >= paddingShare ? (gapLocation ?? paddingLocation) : (paddingLocation ?? gapLocation)
        return preferred ?? location
    }
}

extension LayoutSpec {
    /// The error when `padding` and `gap` leave less than 1 px a cell of a
    /// canvas side `length` px long split into `parts` cells (`side`:
    /// "width" or "height"), at `spacingLocation(parts:)`; nil when they fit.
    public func spacingProblem(length: Int, parts: Int, side: String) -> Diagnostic? {
        let available = length - 2 * padding - (parts - 1) * gap
        guard available < parts else { return nil }
        return Diagnostic(.outOfRange, at: spacingLocation(parts: parts),
            "padding \(padding) and gap \(gap) leave \(max(available, 0)) px of the canvas \(side) (\(length) px) for \(parts) cells",
            notes: ["every cell needs at least 1 pixel: reduce 'padding' or 'gap', or enlarge the canvas"])
    }
}
