internal import CICU
import CollageSpec

/// How a grapheme cluster stands in a vertical column (docs/text.md
/// "Vertical text"): upright (shaped top to bottom with the font's vertical
/// forms), sideways (shaped horizontally and turned 90° clockwise), or
/// part of a tate-chū-yoko cell (a short run of digits set horizontally
/// across the column).
enum VerticalOrientation: Hashable {
    case upright, sideways, combined

    /// Unicode's Vertical_Orientation property (UAX #50) of `scalar`, from
    /// ICU (`UCHAR_VERTICAL_ORIENTATION`): true for U, Tu and Tr (set
    /// upright; the font's `vert` feature gives Tu and Tr their vertical
    /// forms), false for R (turned sideways under `textOrientation: mixed`).
    static func isUpright(_ scalar: Unicode.Scalar) -> Bool {
        collage_icu_vertical_orientation(scalar.value) != 0
    }

    /// Each cluster's orientation: `upright` sets every cluster upright
    /// (CSS `text-orientation: upright`); `mixed` by its first scalar's
    /// UAX #50 orientation. With `combine` >= 1, each maximal run of at most
    /// that many ASCII digits (0-9) is one tate-chū-yoko cell (CSS
    /// `text-combine-upright: digits N`).
    static func of(_ clusters: ArraySlice<TextCluster>, orientation: TextOrientation,
                   combine: Int) -> [VerticalOrientation] {
        var result = clusters.map { cluster -> VerticalOrientation in
            guard orientation == .mixed, let first = cluster.character.unicodeScalars.first else { return .upright }
            return isUpright(first) ? .upright : .sideways
        }
        guard combine > 0 else { return result }
        let isDigit = clusters.map { $0.character.isASCII && $0.character.isNumber }
        var i = 0
        while i < isDigit.count {
            guard isDigit[i] else { i += 1; continue }
            var end = i
            while end < isDigit.count, isDigit[end] { end += 1 }
            if end - i <= combine { for k in i..<end { result[k] = .combined } }
            i = end
        }
        return result
    }
}
