internal import CICU

import CollageSpec

/// Line-break opportunities from ICU's UAX #14 line break iterator: between
/// ideographs, after spaces, never before `。` or `，`, tailored by the
/// locale of `lang` and by `lineBreak` (ICU's `lb` locale keyword: CSS
/// `line-break`, the Japanese kinsoku strictness).
enum LineBreakOpportunities {
    /// UTF-16 offsets in `utf16` before which a line may break (0 and the
    /// end excluded).
    ///
    /// - Parameters:
    ///   - lang: a BCP 47 tag, or nil for ICU's root locale.
    ///   - strictness: `strict` keeps a line from starting with small kana
    ///     (ッ, ゃ), the prolonged sound mark ー and iteration marks; `normal`
    ///     (the default) allows small kana and ー; `loose` also allows
    ///     breaks before iteration marks and some punctuation.
    static func offsets(utf16: [UInt16], lang: String? = nil, strictness: LineBreakStrictness = .normal) -> Set<Int> {
        guard !utf16.isEmpty else { return [] }
        var offsets = [Int32](repeating: 0, count: utf16.count)
        let level: Int32 = switch strictness {
        case .strict: 0
        case .normal: 1
        case .loose: 2
        }
        let count = utf16.withUnsafeBufferPointer { text in
            offsets.withUnsafeMutableBufferPointer {
                collage_icu_line_breaks(text.baseAddress, Int32(utf16.count), lang ?? "", level, $0.baseAddress)
            }
        }
        return count > 0 ? Set(offsets[0..<Int(count)].map(Int.init)) : []
    }
}
