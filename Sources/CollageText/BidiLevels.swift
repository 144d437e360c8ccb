internal import CICU

/// Bidi embedding levels of a paragraph from ICU (UAX #9): the paragraph
/// direction comes from its first strong character (`UBIDI_DEFAULT_LTR`:
/// left-to-right when there is none). Even levels are left-to-right.
struct BidiLevels {
    /// The paragraph's level: 0 (LTR) or 1 (RTL).
    let paragraphLevel: UInt8
    /// One level per UTF-16 unit of the paragraph.
    let levels: [UInt8]

    /// Analyses `utf16` (one paragraph, no line breaks). Falls back to all
    /// level 0 when ICU fails (it does not for valid UTF-16).
    init(utf16: [UInt16]) {
        let count = utf16.count
        var levels = [UInt8](repeating: 0, count: count)
        var paragraph: UInt8 = 0
        if count > 0 {
            let status = utf16.withUnsafeBufferPointer { text in
                levels.withUnsafeMutableBufferPointer { out in
                    collage_icu_bidi_levels(text.baseAddress, Int32(count), out.baseAddress, &paragraph)
                }
            }
            if status != 0 { levels = [UInt8](repeating: 0, count: count); paragraph = 0 }
        }
        paragraphLevel = paragraph
        self.levels = levels
    }

    /// Visual order of runs with these levels (UAX #9 rule L2): the logical
    /// index of the run shown at each visual position, left to right.
    static func visualOrder(_ runLevels: [UInt8]) -> [Int] {
        guard !runLevels.isEmpty else { return [] }
        var order = [Int32](repeating: 0, count: runLevels.count)
        runLevels.withUnsafeBufferPointer { levels in
            order.withUnsafeMutableBufferPointer {
                collage_icu_reorder_visual(levels.baseAddress, Int32(runLevels.count), $0.baseAddress)
            }
        }
        return order.map(Int.init)
    }
}
