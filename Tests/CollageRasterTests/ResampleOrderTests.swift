import XCTest
@testable import CollageRaster

/// `Resampler`'s two pass orders: vertical first (the default, 3 floats a
/// pixel for an opaque source) and horizontal first (for rings over
/// `Resampler.ringLimit`) compute the same sums in a different order, so
/// their outputs agree to float rounding, alpha included.
final class ResampleOrderTests: XCTestCase {
    /// Every output row of both orders, flattened.
    private func outputs(_ source: Pixmap, window: Rect, size: Size, region: PixelRect, opaque: Bool)
        -> (vertical: [Float], horizontal: [Float], rows: [Int]) {
        let resampler = Resampler(inputSize: source.size, window: window, outputSize: size, region: region)
        var vertical: [Float] = [], horizontal: [Float] = [], rows: [Int] = []
        let rowBytes = source.width * 4
        source.pixels.withUnsafeBufferPointer { bytes in
            let base = bytes.baseAddress!
            resampler.resample(inputRow: { base + $0 * rowBytes }, opaque: opaque) { row, values in
                rows.append(row); vertical += values
            }
            resampler.resampleHorizontalFirst(inputRow: { base + $0 * rowBytes }, opaque: opaque) { _, values in
                horizontal += values
            }
        }
        return (vertical, horizontal, rows)
    }

    func testBothOrdersAgreeOnOpaqueAndTransparentSources() {
        let cases: [(Pixmap, Bool)] = [
            (TestImages.random(width: 97, height: 83, seed: 5), true),
            (TestImages.random(width: 97, height: 83, seed: 6, opaque: false), false),
        ]
        // Downscale with a fractional window, upscale, a window reaching past
        // the image (reflected edges), and a region that is part of the output.
        let jobs: [(Rect, Size, PixelRect)] = [
            (Rect(x: 3.25, y: 1.5, width: 80.5, height: 70.75), Size(width: 23, height: 19), PixelRect(x: 0, y: 0, width: 23, height: 19)),
            (Rect(x: 10, y: 20, width: 12, height: 9), Size(width: 50, height: 41), PixelRect(x: 0, y: 0, width: 50, height: 41)),
            (Rect(x: -5, y: -3, width: 110, height: 95), Size(width: 31, height: 29), PixelRect(x: 0, y: 0, width: 31, height: 29)),
            (Rect(x: 0, y: 0, width: 97, height: 83), Size(width: 40, height: 36), PixelRect(x: 7, y: 5, width: 20, height: 17)),
        ]
        for (source, opaque) in cases {
            for (window, size, region) in jobs {
                let result = outputs(source, window: window, size: size, region: region, opaque: opaque)
                XCTAssertEqual(result.rows, Array(region.y ..< region.maxY))
                XCTAssertEqual(result.vertical.count, region.width * region.height * 4)
                XCTAssertEqual(result.vertical.count, result.horizontal.count)
                var worst: Float = 0
                for (a, b) in zip(result.vertical, result.horizontal) { worst = max(worst, abs(a - b)) }
                XCTAssertLessThan(worst, 2e-6, "opaque \(opaque), window \(window) -> \(size) region \(region)")
                // Alpha of an opaque source: the kernels' weight sums, 1 within rounding.
                if opaque {
                    for k in stride(from: 3, to: result.vertical.count, by: 4) {
                        XCTAssertEqual(result.vertical[k], 1, accuracy: 1e-5)
                    }
                }
            }
        }
    }

    func testALargeRingTakesTheHorizontalFirstOrderWithTheSameResult() throws {
        // 4096 columns read by ~600 vertical taps exceed the ring limit, so
        // the whole-canvas render goes horizontal first; it must still give
        // the linear-light mean of 1-px black and white columns (sRGB 188).
        let columns = TestImages.make(width: 4096, height: 1024) { x, _ in TestImages.gray(x % 2 == 0 ? 0 : 255) }
        let resampler = Resampler(inputSize: columns.size, window: Rect(x: 0, y: 0, width: 4096, height: 1024),
                                  outputSize: Size(width: 16, height: 4), region: PixelRect(x: 0, y: 0, width: 16, height: 4))
        XCTAssertGreaterThan(resampler.vertical.stride * 4096 * 3, Resampler.ringLimit)
        let scene = Scene.single(canvas: Size(width: 16, height: 4), image: columns.size,
                                 window: Rect(x: 0, y: 0, width: 4096, height: 1024),
                                 destination: PixelRect(x: 0, y: 0, width: 16, height: 4))
        let canvas = try SceneRenderer.render(scene, images: MemoryImageProvider([columns]), threads: 1)
        for y in 0..<4 { for x in 0..<16 { XCTAssertEqual(canvas[x, y], TestImages.gray(188), "(\(x), \(y))") } }
    }
}
