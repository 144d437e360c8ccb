@testable import CollageRaster
import XCTest

/// Rotated and rounded image nodes (`SceneFlattener`, `ShapedImageDraw`).
final class ShapedDrawTests: XCTestCase {
    /// A square image leaf of `size` px centred at its own origin, turned by
    /// `degrees` about the canvas point (`cx`, `cy`), optionally rounded.
    static func print(size: Int, degrees: Double, at cx: Double, _ cy: Double, radius: Double = 0) -> Node {
        let half = Double(size) / 2
        let bounds = Rect(x: -half, y: -half, width: Double(size), height: Double(size))
        let leaf = Node.image(ImageLeaf(image: 0, source: Rect(x: 0, y: 0, width: Double(size), height: Double(size)),
                                        bounds: bounds))
        let picture = radius > 0 ? Node.group(Group(clip: .roundedRect(bounds, radius: radius), children: [leaf])) : leaf
        return .group(Group(transform: Affine.rotation(degrees: degrees).then(.translation(cx, cy)), children: [picture]))
    }

    /// A quarter turn of a square draw at scale 1 maps pixel centres onto
    /// pixel centres, so every tap but one has weight 0: the result is the
    /// image turned clockwise, byte for byte.
    func testQuarterTurnIsAnExactRotation() throws {
        let image = TestImages.random(width: 6, height: 6, seed: 7)
        let scene = Scene(size: Size(width: 6, height: 6), background: .black,
                          images: [SceneImage(orientedSize: image.size)],
                          nodes: [Self.print(size: 6, degrees: 90, at: 3, 3)])
        guard case .image(let draw) = scene.items[0] else { return XCTFail("\(scene.items)") }
        XCTAssertNotNil(draw.transform)
        let canvas = try SceneRenderer.render(scene, images: MemoryImageProvider([image]), threads: 1)
        for y in 0..<6 {
            for x in 0..<6 {
                // Turning clockwise takes source (sx, sy) to (5 - sy, sx).
                XCTAssertEqual(canvas[x, y], image[y, 5 - x], "pixel (\(x), \(y))")
            }
        }
    }

    func testRotationTurnsTheWholePrintAndRoundedCornersClip() throws {
        let white = TestImages.make(width: 20, height: 20) { _, _ in .white }
        let rotated = Scene(size: Size(width: 20, height: 20), background: .black,
                            images: [SceneImage(orientedSize: white.size)],
                            nodes: [Self.print(size: 20, degrees: 45, at: 10, 10)], compositing: .linear)
        let canvas = try SceneRenderer.render(rotated, images: MemoryImageProvider([white]), threads: 2)
        XCTAssertEqual(canvas[0, 0], .black)            // the corner the turned square leaves
        XCTAssertEqual(canvas[10, 10], .white)          // the centre stays covered
        XCTAssertEqual(canvas[10, 0], .white)           // the turned square's corner reaches past the edge's middle
        let rounded = Scene(size: Size(width: 20, height: 20), background: .black,
                            images: [SceneImage(orientedSize: white.size)],
                            nodes: [Self.print(size: 20, degrees: 0, at: 10, 10, radius: 8)], compositing: .linear)
        guard case .image(let draw) = rounded.items[0] else { return XCTFail("\(rounded.items)") }
        XCTAssertNil(draw.transform)                    // unrotated: the separable path, masked
        let clipped = try SceneRenderer.render(rounded, images: MemoryImageProvider([white]), threads: 1)
        XCTAssertEqual(clipped[0, 0], .black)
        XCTAssertEqual(clipped[8, 0], .white)
        XCTAssertEqual(clipped[19, 10], .white)
        // Pixel (1, 1) lies wholly outside the corner circle (centre (8, 8), r 8).
        XCTAssertEqual(clipped[1, 1], .black)
        // Pixel (2, 2): its covered area by numerical integration, white at that
        // fraction in linear light over black (two levels: the coverage byte and the Bézier arc).
        var inside = 0
        let n = 1000
        for i in 0 ..< n { for j in 0 ..< n {
            let x = 2 + (Double(i) + 0.5) / Double(n) - 8, y = 2 + (Double(j) + 0.5) / Double(n) - 8
            if x * x + y * y <= 64 { inside += 1 }
        } }
        let expected = Int(SRGBTransfer.encode(Float(inside) / Float(n * n)))
        XCTAssertEqual(Double(clipped[2, 2].red), Double(expected), accuracy: 2)
    }
}

final class ShapedTapTests: XCTestCase {
    /// The closed-form taps equal the kernel evaluated directly.
    func testTapsMatchTheKernel() {
        let pointer = UnsafeMutablePointer<Double>.allocate(capacity: 6)
        defer { pointer.deallocate() }
        for f in [0.0, 1e-6, 0.125, 0.5, 0.75, 0.999] {
            let sum = ShapedImageDraw.taps(f, into: pointer)
            let weights = Array(UnsafeBufferPointer(start: pointer, count: 6))
            for t in 0 ..< 6 {
                XCTAssertEqual(weights[t], LanczosKernel.weight(f + Double(2 - t)), accuracy: 1e-12, "f \(f) t \(t)")
            }
            XCTAssertEqual(sum, weights.reduce(0, +), accuracy: 1e-15)
        }
    }
}

