/// A consumer of final canvas rows in bands of a fixed height, taken in any
/// order and on several threads at once
/// (`FinishedOutput.bands`):
/// for an encoder whose bands are independent (a JPEG with a restart
/// interval per MCU row). Bands the photos finish early are encoded early,
/// and the bands left when the last photo is drawn are shared by the threads
/// that have no photo left.
public struct FinishedBands: Sendable {
    /// Rows per band (positive; the last band may be shorter).
    public var height: Int
    /// Receives band `index`: canvas rows `index * height ..< min((index + 1)
    /// * height, canvas height)`, whose bytes start at `pixels` (RGBA8 sRGB
    /// straight alpha, `width * 4` bytes a row, no padding), valid only during
    /// the call. Called once per band, from any thread, for several bands at
    /// once.
    public var consume: @Sendable (_ index: Int, _ pixels: UnsafePointer<UInt8>) -> Void

    public init(height: Int, consume: @escaping @Sendable (_ index: Int, _ pixels: UnsafePointer<UInt8>) -> Void) {
        precondition(height > 0, "a band has at least one row")
        self.height = height
        self.consume = consume
    }
}
