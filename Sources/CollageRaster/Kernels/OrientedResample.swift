/// A resample of an upright crop window done on an image's stored pixels:
/// the window, the output size and the output region are mapped through
/// the `StoredOrientation` (for transposed orientations the stored x axis is
/// the upright y axis; a flipped axis reverses the window and the output
/// indices), the stored pixels are resampled as they lie, and each output
/// pixel is then placed upright. Lanczos-3 is symmetric, so this gives the
/// upright resample's pixels up to float summation order, without copying
/// the decoded photo to turn it upright.
struct OrientedResample {
    let resampler: Resampler
    let orientation: StoredOrientation
    /// The output size along the stored axes.
    let storedOutput: Size

    /// - Parameters:
    ///   - storedSize: the decoded pixmap's size as stored.
    ///   - window: the crop window in upright decoded pixels (fractional).
    ///   - outputSize: the upright size the window is resampled to.
    ///   - region: the upright output pixels to compute, within `outputSize`.
    init(storedSize: Size, orientation: StoredOrientation, window: Rect, outputSize: Size, region: PixelRect) {
        let t = orientation.transposed
        // (window start, window length, output size, region range) along each stored axis.
        let alongX = t ? (window.y, window.height, outputSize.height, region.y ..< region.maxY)
                       : (window.x, window.width, outputSize.width, region.x ..< region.maxX)
        let alongY = t ? (window.x, window.width, outputSize.width, region.x ..< region.maxX)
                       : (window.y, window.height, outputSize.height, region.y ..< region.maxY)
        func stored(_ axis: (Double, Double, Int, Range<Int>), size: Int, flips: Bool) -> (Double, Range<Int>) {
            let (start, length, outputs, range) = axis
            guard flips else { return (start, range) }
            return (Double(size) - start - length, outputs - range.upperBound ..< outputs - range.lowerBound)
        }
        let x = stored(alongX, size: storedSize.width, flips: orientation.flipsX)
        let y = stored(alongY, size: storedSize.height, flips: orientation.flipsY)
        self.orientation = orientation
        storedOutput = Size(width: alongX.2, height: alongY.2)
        resampler = Resampler(inputSize: storedSize,
                              window: Rect(x: x.0, y: y.0, width: alongX.1, height: alongY.1),
                              outputSize: storedOutput,
                              region: PixelRect(x: x.1.lowerBound, y: y.1.lowerBound, width: x.1.count, height: y.1.count))
    }

    /// Where the resampler's output row `row` (stored axes) goes: the
    /// upright output pixel of its first region pixel and the upright step
    /// from one of its pixels to the next (one of (±1, 0), (0, ±1)).
    func placement(ofRow row: Int) -> (x: Int, y: Int, dx: Int, dy: Int) {
        let first = resampler.horizontal.outputs.lowerBound
        let u = orientation.flipsX ? storedOutput.width - 1 - first : first
        let v = orientation.flipsY ? storedOutput.height - 1 - row : row
        let du = orientation.flipsX ? -1 : 1
        return orientation.transposed ? (v, u, 0, du) : (u, v, du, 0)
    }
}
