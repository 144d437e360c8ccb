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
    /// ICU (`UCHAR_VERTICAL_ORIENTATION`).
    enum Property: Int32 {
        /// R: turned sideways (Latin, digits, Arabic).
        case rotated = 0
        /// Tr: a vertical form if the font has one, else turned sideways (ー, 「」, ～).
        case transformedOrRotated = 1
        /// Tu: a vertical form if the font has one, else upright (、。, small kana).
        case transformedOrUpright = 2
        /// U: upright (CJK, kana).
        case upright = 3
    }

    static func property(_ scalar: Unicode.Scalar) -> Property {
        Property(rawValue: collage_icu_vertical_orientation(scalar.value)) ?? .upright
    }

    /// Each cluster's orientation: `upright` sets every cluster upright
    /// (CSS `text-orientation: upright`); `mixed` by its first scalar's
    /// UAX #50 orientation: U and Tu upright, R sideways, Tr upright when
    /// `hasVerticalForm` says its face has a vertical form for it (`vert`),
    /// else sideways (CSS Writing Modes 4 §5.1). With `combine` >= 1, each
    /// maximal run of at most that many ASCII digits (0-9) is one
    /// tate-chū-yoko cell (CSS `text-combine-upright: digits N`).
    static func of(_ clusters: ArraySlice<TextCluster>, orientation: TextOrientation, combine: Int,
                   hasVerticalForm: (TextCluster) -> Bool = { _ in true }) -> [VerticalOrientation] {
        var result = clusters.map { cluster -> VerticalOrientation in
            guard orientation == .mixed, let first = cluster.character.unicodeScalars.first else { return .upright }
            switch property(first) {
            case .upright, .transformedOrUpright: return .upright
            case .rotated: return .sideways
            case .transformedOrRotated: return hasVerticalForm(cluster) ? .upright : .sideways
            }
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
