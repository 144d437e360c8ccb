/// The `auto` layout rule of the original app (docs/format.md "Layout rules").
public enum AutoLayout {
    /// Largest photo count the rule covers; more is a validation error that suggests `grid`.
    public static let maximumPhotos = 9

    /// Number of columns for `count` photos: 1 for one, 2 for two to six,
    /// 3 for seven to nine; nil outside 1...9.
    public static func columnCount(for count: Int) -> Int? {
        switch count {
        case 1: return 1
        case 2...6: return 2
        case 7...9: return 3
        default: return nil
        }
    }

    /// Photos per column, left to right: each column gets ⌊n/c⌋ and the
    /// n mod c extra photos go one each to the rightmost columns
    /// (5 → [2, 3], 7 → [2, 2, 3], 8 → [2, 3, 3]); nil outside 1...9.
    public static func photosPerColumn(for count: Int) -> [Int]? {
        guard let columns = columnCount(for: count) else { return nil }
        return Snapping.split(count, into: columns)
    }
}
