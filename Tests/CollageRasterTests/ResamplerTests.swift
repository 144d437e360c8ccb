import XCTest
import Glibc
@testable import CollageRaster

/// The resampler through `SceneRenderer`: Lanczos-3, linear light,
/// premultiplied alpha, fractional windows (README "Rules": Rendering).
final class ResamplerTests: XCTestCase {
    private func render(_ scene: Scene, _ pixmaps: [Pixmap], threads: Int = 1) throws -> Pixmap {
        try SceneRenderer.render(scene, images: MemoryImageProvider(pixmaps), threads: threads)
    }

    func testOpaquePhotoDrawnAtNativeSizeIsBitIdentical() throws {
        let photo = TestImages.random(width: 37, height: 23, seed: 7)
        let scene = Scene.single(canvas: Size(width: 50, height: 40), background: .black, image: photo.size,
                                 window: Rect(photo.size), destination: PixelRect(x: 5, y: 9, width: 37, height: 23))
        let canvas = try render(scene, [photo])
        for y in 0..<23 { for x in 0..<37 { XCTAssertEqual(canvas[x + 5, y + 9], photo[x, y], "pixel \(x),\(y)") } }
        XCTAssertEqual(canvas[4, 9], .black)
        XCTAssertEqual(canvas[42, 31], .black)
    }

    func testOneByOneWithIntegerOffsetCopiesThePixels() throws {
        // A window shifted by whole pixels is a plain copy of that part.
        let photo = TestImages.random(width: 30, height: 20, seed: 3)
        let scene = Scene.single(canvas: Size(width: 10, height: 8), image: photo.size,
                                 window: Rect(x: 12, y: 5, width: 10, height: 8),
                                 destination: PixelRect(x: 0, y: 0, width: 10, height: 8))
        let canvas = try render(scene, [photo])
        for y in 0..<8 { for x in 0..<10 { XCTAssertEqual(canvas[x, y], photo[x + 12, y + 5]) } }
    }

    func testOnePixelColumnsAverageInLinearLight() throws {
        let columns = TestImages.make(width: 512, height: 512) { x, _ in x % 2 == 0 ? .black : .white }
        let scene = Scene.single(canvas: Size(width: 128, height: 128), image: columns.size,
                                 window: Rect(columns.size), destination: PixelRect(x: 0, y: 0, width: 128, height: 128))
        let canvas = try render(scene, [columns])
        // Linear mean 0.5 is sRGB 187.5, encoded 188 (a gamma-space average
        // would give 128); reflect-101 edges keep the edge columns at 188 too.
        XCTAssertEqual(canvas, Pixmap(width: 128, height: 128, color: Color(red: 188, green: 188, blue: 188)))
    }

    func testTransparentPixelsLeaveNoFringe() throws {
        // White disc; outside it fully transparent with a hidden black colour.
        let disc = TestImages.make(width: 64, height: 64) { x, y in
            let dx = Double(x) + 0.5 - 32, dy = Double(y) + 0.5 - 32
            return dx * dx + dy * dy <= 400 ? .white : Color(red: 0, green: 0, blue: 0, alpha: 0)
        }
        for side in [24, 64, 150] {
            let scene = Scene.single(canvas: Size(width: side, height: side), image: disc.size,
                                     window: Rect(x: 0.25, y: 0.5, width: 63.5, height: 63.25),
                                     destination: PixelRect(x: 0, y: 0, width: side, height: side))
            let canvas = try render(scene, [disc])
            for y in 0..<side {
                for x in 0..<side {
                    let p = canvas[x, y]
                    XCTAssertTrue(p.red >= 254 && p.green >= 254 && p.blue >= 254 && p.alpha == 255,
                                  "side \(side) pixel \(x),\(y) is \(p)")
                }
            }
        }
    }

    func testConstantColourStaysExact() throws {
        let color = Color(red: 200, green: 100, blue: 30)
        let flat = Pixmap(width: 300, height: 200, color: color)
        for (window, destination) in [
            (Rect(x: 10.3, y: 5.7, width: 270.5, height: 180.25), PixelRect(x: 3, y: 2, width: 97, height: 61)),
            (Rect(x: 0, y: 0, width: 300, height: 200), PixelRect(x: 0, y: 0, width: 100, height: 100)),
            (Rect(x: 100.5, y: 50.5, width: 20, height: 10), PixelRect(x: 0, y: 0, width: 100, height: 60)),
        ] {
            let scene = Scene.single(canvas: Size(width: 100, height: 100), background: .black, image: flat.size,
                                     window: window, destination: destination)
            let canvas = try render(scene, [flat])
            for y in destination.y..<min(100, destination.maxY) {
                for x in destination.x..<min(100, destination.maxX) {
                    XCTAssertEqual(canvas[x, y], color, "window \(window) pixel \(x),\(y)")
                }
            }
        }
    }

    func testSemiTransparentConstantStaysExactOnTransparentCanvas() throws {
        let color = Color(red: 40, green: 220, blue: 90, alpha: 128)
        let flat = Pixmap(width: 90, height: 90, color: color)
        let scene = Scene.single(canvas: Size(width: 31, height: 31), background: .transparent, image: flat.size,
                                 window: Rect(x: 1.5, y: 2.25, width: 80, height: 77),
                                 destination: PixelRect(x: 0, y: 0, width: 31, height: 31))
        let canvas = try render(scene, [flat])
        for y in 0..<31 { for x in 0..<31 { XCTAssertEqual(canvas[x, y], color) } }
    }

    /// A step edge: columns 0..<50 black, 50..<100 white.
    private let edge = TestImages.make(width: 100, height: 4) { x, _ in x < 50 ? .black : .white }

    private func edgeRow(windowX: Double) throws -> [UInt8] {
        let scene = Scene.single(canvas: Size(width: 100, height: 4), background: .black, image: edge.size,
                                 window: Rect(x: windowX, y: 0, width: 100, height: 4),
                                 destination: PixelRect(x: 0, y: 0, width: 100, height: 4))
        let canvas = try render(scene, [edge])
        return (0..<100).map { canvas[$0, 2].red }
    }

    func testFractionalWindowShiftMovesTheEdge() throws {
        // Output pixel o samples source position windowX + o + 0.5.
        let unshifted = try edgeRow(windowX: 0)
        XCTAssertEqual(Array(unshifted[48...51]), [0, 0, 255, 255])
        // +0.5: output 49 samples 50.0, exactly on the edge: linear 0.5.
        let right = try edgeRow(windowX: 0.5)
        XCTAssertEqual(right[48], 0)   // ringing below 0 clamps to black
        XCTAssertTrue((187...189).contains(right[49]), "got \(right[49])")
        XCTAssertEqual(right[50], 255)
        // -0.5: the edge moves right by half a pixel: output 50 samples 50.0.
        let left = try edgeRow(windowX: -0.5)
        XCTAssertEqual(left[49], 0)
        XCTAssertTrue((187...189).contains(left[50]), "got \(left[50])")
        XCTAssertEqual(left[51], 255)
        // Far from the edge the picture is untouched.
        XCTAssertEqual(right[10], 0); XCTAssertEqual(right[90], 255)
        XCTAssertEqual(left[0], 0); XCTAssertEqual(left[99], 255)
    }

    func testTapsOutsideTheWindowReadTheRealPixels() throws {
        // Window = the black half only, upscaled 2x: the last output pixels
        // see the white pixels just outside the window; the first ones clamp
        // at the photo's edge and stay black.
        let scene = Scene.single(canvas: Size(width: 100, height: 4), background: .black, image: edge.size,
                                 window: Rect(x: 0, y: 0, width: 50, height: 4),
                                 destination: PixelRect(x: 0, y: 0, width: 100, height: 4))
        let canvas = try render(scene, [edge])
        XCTAssertEqual(canvas[0, 1].red, 0)
        XCTAssertEqual(canvas[90, 1].red, 0)
        XCTAssertGreaterThan(canvas[99, 1].red, 100)
    }

    /// Lanczos-3 as README "Rules": Resampler defines it, in Double, written out directly:
    /// kernel widened by the scale when downscaling, taps beyond the edges
    /// reflected about the edge pixel (reflect-101), weights normalised.
    private func referenceAxis(_ input: [Double], start: Double, length: Double, outputs: Int) -> [Double] {
        let scale = length / Double(outputs)
        let widen = max(scale, 1)
        let n = input.count
        func lanczos(_ x: Double) -> Double {
            if x == 0 { return 1 }
            if abs(x) >= 3 { return 0 }
            return (sin(.pi * x) / (.pi * x)) * (sin(.pi * x / 3) / (.pi * x / 3))
        }
        func reflect(_ i: Int) -> Int { i < 0 ? -i : (i >= n ? 2 * (n - 1) - i : i) }
        return (0..<outputs).map { o in
            let center = start + (Double(o) + 0.5) * scale
            var sum = 0.0, total = 0.0
            for i in Int((center - 3 * widen).rounded(.down)) - 1 ... Int((center + 3 * widen).rounded(.up)) + 1 {
                let w = lanczos((Double(i) + 0.5 - center) / widen)
                sum += w * input[reflect(i)]; total += w
            }
            return sum / total
        }
    }

    func testMatchesAFloatReferenceOnOneRow() throws {
        // Gray row, vertical extent 1 so only the horizontal filter acts.
        var random = TestRandom(seed: 11)
        let bytes = (0..<60).map { _ in random.next() }
        let row = TestImages.make(width: 60, height: 1) { x, _ in TestImages.gray(bytes[x]) }
        let linear = bytes.map { SRGBTransfer.linear(fromEncoded: Double($0) / 255) }
        for (start, length, outputs) in [(3.3, 41.7, 17), (10.25, 20.5, 47), (0.0, 60.0, 60), (0.0, 60.0, 23), (0.5, 59.0, 130)] {
            let expected = referenceAxis(linear, start: start, length: length, outputs: outputs)
            let scene = Scene.single(canvas: Size(width: outputs, height: 1), image: row.size,
                                     window: Rect(x: start, y: 0, width: length, height: 1),
                                     destination: PixelRect(x: 0, y: 0, width: outputs, height: 1))
            let canvas = try render(scene, [row])
            for o in 0..<outputs {
                let want = SRGBTransfer.encoded(fromLinear: min(max(expected[o], 0), 1)) * 255
                XCTAssertEqual(Double(canvas[o, 0].red), want, accuracy: 0.6, "window \(start)+\(length) output \(o)")
            }
        }
    }
}
