internal import CICU

/// Line-break opportunities from ICU's UAX #14 line break iterator: between
/// ideographs, after spaces, never before `。` or `，` (ICU's default rules).
enum LineBreakOpportunities {
    /// UTF-16 offsets in `utf16` before which a line may break (0 and the
    /// end excluded).
    static func offsets(utf16: [UInt16]) -> Set<Int> {
        guard !utf16.isEmpty else { return [] }
        var offsets = [Int32](repeating: 0, count: utf16.count)
        let count = utf16.withUnsafeBufferPointer { text in
            offsets.withUnsafeMutableBufferPointer { collage_icu_line_breaks(text.baseAddress, Int32(utf16.count), $0.baseAddress) }
        }
        return count > 0 ? Set(offsets[0..<Int(count)].map(Int.init)) : []
    }
}
