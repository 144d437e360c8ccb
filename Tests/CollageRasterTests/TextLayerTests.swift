import Glibc
import XCTest
@testable import CollageRaster

/// The raster pieces text overlays use: Gaussian blur, rounded label boxes,
/// mask unions, colour tiles and scaled colour strikes.
final class TextLayerTests: XCTestCase {
    private struct NoImages: ImageProvider {
        func decode(image index: Int, minimumSize: Size) throws -> Pixmap { Pixmap(width: 1, height: 1) }
    }

    func testBlurKernelIsTruncatedAtThreeSigmaAndNormalised() {
        XCTAssertEqual(GaussianBlur.radius(sigma: 4), 12)
        XCTAssertEqual(GaussianBlur.radius(sigma: 0.5), 2)
        XCTAssertEqual(GaussianBlur.radius(sigma: 0), 0)
        let kernel = GaussianBlur.kernel(sigma: 4)
        XCTAssertEqual(kernel.count, 25)
        XCTAssertEqual(Double(kernel.reduce(0, +)), 1, accuracy: 1e-6)
        // Ratio of neighbours follows exp(-x²/2σ²): centre vs 4 px out is e^(1/2).
        XCTAssertEqual(Double(kernel[12] / kernel[16]), exp(0.5), accuracy: 1e-4)
    }

    func testBlurSpreadsOnePixelIntoTheKernelsOuterProduct() {
        let mask = CoverageMask(width: 1, height: 1, coverage: [255])
        let (blurred, radius) = GaussianBlur.blur(mask, sigma: 1)
        XCTAssertEqual(radius, 3)
        XCTAssertEqual(blurred.width, 7)
        XCTAssertEqual(blurred.height, 7)
        let k = GaussianBlur.kernel(sigma: 1)
        for y in 0..<7 {
            for x in 0..<7 {
                let expected = Int((255 * k[x] * k[y] + 0.5).rounded(.down))
                XCTAssertEqual(Double(blurred.coverage[y * 7 + x]), Double(expected), accuracy: 1, "(\(x), \(y))")
            }
        }
        // Symmetric and peaked in the middle.
        XCTAssertEqual(blurred.coverage[3 * 7 + 3], blurred.coverage.max())
        XCTAssertEqual(blurred.coverage[0], blurred.coverage[48])
    }

    func testBlurKeepsAWideFlatAreaFull() {
        let mask = CoverageMask(width: 40, height: 40, coverage: [UInt8](repeating: 255, count: 1600))
        // Below sigma 2 the exact kernel (above it, three boxes: GaussianBlurTests).
        let (blurred, radius) = GaussianBlur.blur(mask, sigma: 1.5)
        XCTAssertEqual(blurred.coverage[(radius + 20) * blurred.width + radius + 20], 255)
        // At the original edge the kernel's left half reads nothing: 255 × (centre + right half).
        let k = GaussianBlur.kernel(sigma: 1.5)
        let edge = 255 * Double(k[radius...].reduce(0, +))
        XCTAssertEqual(Double(blurred.coverage[(radius + 20) * blurred.width + radius]), edge, accuracy: 1)
        XCTAssertEqual(edge, 161, accuracy: 1)
    }

    func testRoundedRectCoverage() throws {
        let shape = try XCTUnwrap(PathRasterizer.fill(.roundedRect(Rect(x: 10, y: 20, width: 40, height: 20), radius: 8), clip: Self.wide))
        XCTAssertEqual(shape.x, 10)
        XCTAssertEqual(shape.y, 20)
        XCTAssertEqual(shape.mask.width, 40)
        XCTAssertEqual(shape.mask.height, 20)
        XCTAssertEqual(shape.mask.coverage[0], 0)                 // the corner is cut
        XCTAssertEqual(shape.mask.coverage[10 * 40 + 20], 255)    // the middle is full
        XCTAssertEqual(shape.mask.coverage[10 * 40], 255)         // the straight left edge is full
        // Half-pixel edges get half coverage.
        let half = try XCTUnwrap(PathRasterizer.fill(.roundedRect(Rect(x: 0.5, y: 0, width: 3, height: 4), radius: 0), clip: Self.wide))
        XCTAssertEqual(half.mask.coverage[0], 128)
        XCTAssertEqual(half.mask.coverage[1], 255)
        XCTAssertEqual(half.mask.coverage[3], 128)
        XCTAssertNil(PathRasterizer.fill(.roundedRect(Rect(x: 0, y: 0, width: 0, height: 4), radius: 0), clip: Self.wide))
        XCTAssertNil(PathRasterizer.fill(.roundedRect(Rect(x: .nan, y: 0, width: 3, height: 4), radius: 0), clip: Self.wide))
    }

    func testUnionTakesThePerPixelMaximum() throws {
        let a = CoverageMask(width: 2, height: 1, coverage: [100, 200])
        let b = CoverageMask(width: 2, height: 1, coverage: [150, 50])
        let union = try XCTUnwrap(CoverageMask.union([(a, 0, 0), (b, 1, 0)]))
        XCTAssertEqual(union.x, 0)
        XCTAssertEqual(union.mask.width, 3)
        XCTAssertEqual(union.mask.coverage, [100, 200, 50])
        XCTAssertNil(CoverageMask.union([]))
    }

    func testStrikeScalesByAreaInLinearLight() throws {
        // A 2x2 strike: opaque red, opaque blue (premultiplied BGRA), two transparent pixels.
        let bgra: [UInt8] = [0, 0, 255, 255,  255, 0, 0, 255,
                             0, 0, 0, 0,      0, 0, 0, 0]
        let tile = try XCTUnwrap(bgra.withUnsafeBufferPointer {
            ColorTile.scaledStrike(bgra: $0.baseAddress!, width: 2, height: 2, pitch: 8, scale: 0.5, left: 3, top: 4)
        })
        XCTAssertEqual(tile.width, 1)
        XCTAssertEqual(tile.height, 1)
        XCTAssertEqual(tile.originX, 3)
        XCTAssertEqual(tile.originY, 4)
        // One output pixel averages the four: alpha 1/2, red 1/4, blue 1/4 (linear, premultiplied).
        XCTAssertEqual(tile.pixels[0], 0.25, accuracy: 1e-6)
        XCTAssertEqual(tile.pixels[1], 0, accuracy: 1e-6)
        XCTAssertEqual(tile.pixels[2], 0.25, accuracy: 1e-6)
        XCTAssertEqual(tile.pixels[3], 0.5, accuracy: 1e-6)
        XCTAssertEqual(tile.alphaMask.coverage, [128])
    }

    /// A strike scaled far past the canvas is computed only inside the clip,
    /// with the pixels the whole tile has there (a 1000 % emoji took 1.8 GB).
    func testStrikeIsComputedOnlyInsideTheClip() throws {
        var bgra = [UInt8](repeating: 0, count: 8 * 8 * 4)
        for i in 0..<64 { bgra[i * 4] = UInt8(i * 3); bgra[i * 4 + 3] = 255 }
        let clip = PixelRect(x: 100, y: 50, width: 30, height: 20)
        let (whole, part) = try bgra.withUnsafeBufferPointer { b in
            (try XCTUnwrap(ColorTile.scaledStrike(bgra: b.baseAddress!, width: 8, height: 8, pitch: 32, scale: 25.3,
                                                  left: 10.5, top: -3.25)),
             try XCTUnwrap(ColorTile.scaledStrike(bgra: b.baseAddress!, width: 8, height: 8, pitch: 32, scale: 25.3,
                                                  left: 10.5, top: -3.25, clip: clip)))
        }
        XCTAssertEqual([part.originX, part.originY, part.width, part.height], [100, 50, 30, 20])
        for y in 0..<20 {
            for x in 0..<30 {
                let w = ((y + 50 - whole.originY) * whole.width + x + 100 - whole.originX) * 4, p = (y * 30 + x) * 4
                XCTAssertEqual(Array(part.pixels[p..<(p + 4)]), Array(whole.pixels[w..<(w + 4)]), "(\(x), \(y))")
            }
        }
        XCTAssertNil(bgra.withUnsafeBufferPointer {
            ColorTile.scaledStrike(bgra: $0.baseAddress!, width: 8, height: 8, pitch: 32, scale: 2, left: 0, top: 0,
                                   clip: PixelRect(x: 16, y: 0, width: 5, height: 5))
        })
    }

    func testTileCompositesInItsOwnColours() throws {
        let tile = ColorTile(width: 2, height: 1, pixels: [1, 0, 0, 1,  0, 0, 0.5, 0.5], originX: 1, originY: 0)
        let scene = Scene(size: Size(width: 4, height: 1), background: .white, items: [.tile(tile)], compositing: .linear)
        let canvas = try SceneRenderer.render(scene, images: NoImages(), threads: 1)
        XCTAssertEqual(Array(canvas.pixels[0..<4]), [255, 255, 255, 255])
        XCTAssertEqual(Array(canvas.pixels[4..<8]), [255, 0, 0, 255])
        // Half-transparent blue over white in linear light: R = G = 0.5 linear = 188 sRGB.
        XCTAssertEqual(Array(canvas.pixels[8..<12]), [188, 188, 255, 255])
        XCTAssertEqual(Array(canvas.pixels[12..<16]), [255, 255, 255, 255])
    }
}

extension TextLayerTests {
    static let wide = PixelRect(x: -1000, y: -1000, width: 3000, height: 3000)

    func testRoundedRectIsComputedOnlyInsideTheClip() throws {
        // A box far larger than the canvas allocates only the canvas's pixels.
        let shape = try XCTUnwrap(PathRasterizer.fill(.roundedRect(Rect(x: -1e6, y: -1e6, width: 3e6, height: 3e6), radius: 10),
                                                           clip: PixelRect(x: 0, y: 0, width: 20, height: 10)))
        XCTAssertEqual(shape.mask.width, 20)
        XCTAssertEqual(shape.mask.height, 10)
        XCTAssertTrue(shape.mask.coverage.allSatisfy { $0 == 255 })
        XCTAssertNil(PathRasterizer.fill(.roundedRect(Rect(x: 30, y: 0, width: 5, height: 5), radius: 0),
                                              clip: PixelRect(x: 0, y: 0, width: 20, height: 10)))
    }
}
