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
