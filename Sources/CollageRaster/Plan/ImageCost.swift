/// What admitting one image to the render's workers costs and gains
/// (`RenderWork.takeImage`, `MemoryBudget`), from `RenderPlan.costs(scene:provider:)`.
struct ImageCost: Sendable, Hashable {
    /// The canvas rows its draws touch (y down; empty: not drawn).
    var rows: Range<Int>
    /// Bytes its decode and draws hold while it is in flight
    /// (`RenderPlan.costs(scene:provider:)`).
    var workingBytes: Int
    /// True when its decode holds a full-size buffer whatever its scale
    /// (a multi-scan JPEG's DCT coefficients, a HEIF's full decode:
    /// `DecodeMemory.coefficientBytes`): at most `threads` of those are
    /// decoded at once.
    var holdsCoefficients: Bool
    /// Its place in `RenderPlan.decodeOrder` (0: the most work).
    var rank: Int
}
