/// A view of the canvas bytes (RGBA8, sRGB, straight alpha, rows top to
/// bottom, no padding) that several threads may write through at once,
/// each to pixels no other thread touches (`RenderPlan` guarantees that).
struct CanvasPixels: @unchecked Sendable {
    let base: UnsafeMutablePointer<UInt8>
    /// Canvas size in pixels.
    let width: Int
    let height: Int

    /// The first byte of pixel (`x`, `y`), canvas pixels, origin top-left.
    @inline(__always)
    func pixel(x: Int, y: Int) -> UnsafeMutablePointer<UInt8> { base + (y * width + x) * 4 }
}
