/// Which input row each slot of a resampler's ring holds. Rows are asked
/// for in increasing order and row `y` lives in slot `y % count`, so the
/// rows of one output (consecutive, at most `count` of them) fall in
/// distinct slots and each row is produced once (`Resampler`, both orders).
struct RingSlots {
    /// The input row in each slot (-1: none yet).
    private var held: [Int]

    /// - Parameter count: slots in the ring (the vertical kernel's most taps; at least 1).
    init(count: Int) { held = [Int](repeating: -1, count: Swift.max(count, 1)) }

    /// The slot holding input row `y`, after `fill(y, slot)` has produced it
    /// there if the slot held another row.
    @inline(__always)
    mutating func slot(of y: Int, fill: (_ row: Int, _ slot: Int) -> Void) -> Int {
        let slot = y % held.count
        if held[slot] != y {
            fill(y, slot)
            held[slot] = y
        }
        return slot
    }
}
