@testable import CollageRaster
import Glibc
import XCTest

/// Filters (Filter Effects Module Level 1) and blend modes (Compositing and
/// Blending Level 1) on flat colours, against the specs' formulas computed
/// here in doubles on 8-bit sRGB-encoded values.
final class EffectsTests: XCTestCase {
    private struct Empty: ImageProvider {
        func decode(image: Int, minimumSize: Size) throws -> Pixmap { Pixmap(width: 1, height: 1) }
    }

    /// A 6 x 6 canvas of `background` with a 6 x 6 image of `color` drawn 1:1 through `filters`.
    private func filtered(_ color: Color, _ filters: [Filter], background: Color = .black, threads: Int = 1) throws -> Pixmap {
        let image = TestImages.make(width: 6, height: 6) { _, _ in color }
        let leaf = Node.image(ImageLeaf(image: 0, source: Rect(image.size), bounds: Rect(x: 0, y: 0, width: 6, height: 6),
                                        filters: filters))
        let scene = Scene(size: Size(width: 6, height: 6), background: background,
                          images: [SceneImage(orientedSize: image.size)], nodes: [leaf])
        return try SceneRenderer.render(scene, images: MemoryImageProvider([image]), threads: threads)
    }

    /// The spec's matrix applied to an 8-bit colour, rounded: the expected bytes.
    private func apply(_ m: [Double], offset: Double = 0, to c: Color) -> [Int] {
        let v = [Double(c.red), Double(c.green), Double(c.blue)].map { $0 / 255 }
        return (0 ..< 3).map { row in
            let x = m[row * 3] * v[0] + m[row * 3 + 1] * v[1] + m[row * 3 + 2] * v[2] + offset
            return Int((min(max(x, 0), 1) * 255).rounded())
        }
    }

    private func assertNear(_ actual: Color, _ expected: [Int], tolerance: Int = 1, _ message: String = "",
                            line: UInt = #line) {
        let got = [Int(actual.red), Int(actual.green), Int(actual.blue)]
        for k in 0 ..< 3 where abs(got[k] - expected[k]) > tolerance {
            XCTFail("\(message): \(got) against \(expected)", line: line)
            return
        }
    }

    func testGrayscaleOfPureRedIsItsLuminanceWeight() throws {
        let out = try filtered(Color(red: 255, green: 0, blue: 0), [.grayscale(1)])
        // 0.2126 x 255 = 54.2 on every channel (sRGB-encoded, as browsers).
        XCTAssertEqual(out[3, 3], Color(red: 54, green: 54, blue: 54))
        // Half grayscale: the spec's matrix with s = 0.5.
        let s = 0.5
        let half = [0.2126 + 0.7874 * s, 0.7152 - 0.7152 * s, 0.0722 - 0.0722 * s,
                    0.2126 - 0.2126 * s, 0.7152 + 0.2848 * s, 0.0722 - 0.0722 * s,
                    0.2126 - 0.2126 * s, 0.7152 - 0.7152 * s, 0.0722 + 0.9278 * s]
        let c = Color(red: 30, green: 160, blue: 240)
        assertNear(try filtered(c, [.grayscale(0.5)])[2, 2], apply(half, to: c), "grayscale 0.5")
    }

    func testGrayscaleIsNeutralAndSepiaWarmsAGrey() throws {
        let grey = Color(red: 128, green: 128, blue: 128)
        XCTAssertEqual(try filtered(grey, [.grayscale(1)])[1, 1], grey)
        let sepia = [0.393, 0.769, 0.189, 0.349, 0.686, 0.168, 0.272, 0.534, 0.131]
        let warm = try filtered(grey, [.sepia(1)])[1, 1]
        assertNear(warm, apply(sepia, to: grey), "sepia")
        XCTAssertGreaterThan(warm.red, warm.green)
        XCTAssertGreaterThan(warm.green, warm.blue)
    }

    func testBrightnessContrastInvertSaturateAndHueRotate() throws {
        let c = Color(red: 200, green: 60, blue: 30)
        XCTAssertEqual(try filtered(c, [.brightness(0)])[0, 0], .black)
        assertNear(try filtered(c, [.brightness(1.2)])[0, 0], apply([1.2, 0, 0, 0, 1.2, 0, 0, 0, 1.2], to: c), "brightness")
        assertNear(try filtered(c, [.contrast(0)])[0, 0], [128, 128, 128], "contrast 0")
        assertNear(try filtered(c, [.contrast(1.5)])[0, 0],
                   apply([1.5, 0, 0, 0, 1.5, 0, 0, 0, 1.5], offset: -0.25, to: c), "contrast 1.5")
        XCTAssertEqual(try filtered(c, [.invert(1)])[0, 0], Color(red: 55, green: 195, blue: 225))
        let s = 0.0
        let grey = [0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s,
                    0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s,
                    0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s]
        assertNear(try filtered(c, [.saturate(0)])[0, 0], apply(grey, to: c), "saturate 0")
        let angle = 120.0 * Double.pi / 180, k = cos(angle), n = sin(angle)
        let hue = [0.213 + k * 0.787 - n * 0.213, 0.715 - k * 0.715 - n * 0.715, 0.072 - k * 0.072 + n * 0.928,
                   0.213 - k * 0.213 + n * 0.143, 0.715 + k * 0.285 + n * 0.140, 0.072 - k * 0.072 - n * 0.283,
                   0.213 - k * 0.213 - n * 0.787, 0.715 - k * 0.715 + n * 0.715, 0.072 + k * 0.928 + n * 0.072]
        assertNear(try filtered(c, [.hueRotate(120)])[0, 0], apply(hue, to: c), "hueRotate 120")
        // Applied in order, each clamped: brightness 0 then invert is white; invert then brightness 0 is black.
        XCTAssertEqual(try filtered(c, [.brightness(0), .invert(1)])[0, 0], .white)
        XCTAssertEqual(try filtered(c, [.invert(1), .brightness(0)])[0, 0], .black)
    }

    /// `opacity` scales alpha in linear light: the same bytes as a draw at that opacity.
    func testOpacityFilterMatchesDrawOpacity() throws {
        let c = Color(red: 255, green: 0, blue: 0)
        let out = try filtered(c, [.opacity(0.5)], background: .white)
        let image = TestImages.make(width: 6, height: 6) { _, _ in c }
        let plain = try SceneRenderer.render(.single(canvas: Size(width: 6, height: 6), image: image.size,
                                                     window: Rect(image.size), destination: PixelRect(x: 0, y: 0, width: 6, height: 6),
                                                     opacity: 0.5), images: MemoryImageProvider([image]), threads: 1)
        XCTAssertEqual(out.pixels, plain.pixels)
    }

    /// A blur spreads a white square over a black canvas (CSS blur(): it
    /// reaches 3σ beyond, with transparent edges), keeps its energy in
    /// linear light, is flat where the extended-edge blur of a flat picture
    /// is, and gives the same bytes on 1, 2 and 3 threads.
    func testBlurSpreadsTransparentEdgesAndExtendsOpaqueOnes() throws {
        let white = TestImages.make(width: 10, height: 10) { _, _ in .white }
        func render(_ edges: GaussianBlur.Edges, threads: Int) throws -> Pixmap {
            let leaf = Node.image(ImageLeaf(image: 0, source: Rect(white.size), bounds: Rect(x: 10, y: 10, width: 10, height: 10),
                                            filters: [.blur(2)], edges: edges))
            let scene = Scene(size: Size(width: 30, height: 30), background: .black,
                              images: [SceneImage(orientedSize: white.size)], nodes: [leaf], compositing: .linear)
            return try SceneRenderer.render(scene, images: MemoryImageProvider([white]), threads: threads)
        }
        let spread = try render(.transparent, threads: 1)
        XCTAssertGreaterThan(spread[9, 15].red, 40)                      // outside the picture, lit
        XCTAssertEqual(spread[3, 15], .black)                            // beyond 3σ
        XCTAssertLessThan(spread[10, 15].red, 230)                       // the edge fades
        // The middle: the Gaussian's mass over the square, erf(5 / (2√2))² of white in linear light (252).
        let mass = erf(5 / (2 * 2.squareRoot())) * erf(5 / (2 * 2.squareRoot()))
        XCTAssertEqual(Double(spread[15, 15].red), SRGBTransfer.encoded(fromLinear: mass) * 255, accuracy: 1)
        var energy = 0.0
        for y in 0 ..< 30 { for x in 0 ..< 30 { energy += Double(SRGBTransfer.decode(spread[x, y].red)) } }
        XCTAssertEqual(energy, 100, accuracy: 1)
        let extended = try render(.extended, threads: 1)
        XCTAssertEqual(extended[10, 10], .white)                         // opaque to the corner
        XCTAssertEqual(extended[9, 15], .black)                          // and nothing beyond
        for threads in [2, 3] {
            XCTAssertEqual(try render(.transparent, threads: threads).pixels, spread.pixels)
        }
    }

    // MARK: Blend modes

    /// The W3C formulas in doubles (separable ones per channel; the
    /// non-separable ones with Lum, ClipColor, SetLum, Sat and SetSat).
    private func reference(_ mode: BlendMode, _ cb: [Double], _ cs: [Double]) -> [Double] {
        func lum(_ c: [Double]) -> Double { 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2] }
        func clip(_ c: [Double]) -> [Double] {
            let l = lum(c), n = c.min()!, x = c.max()!
            var c = c
            if n < 0 { c = c.map { l + ($0 - l) * l / (l - n) } }
            if x > 1 { c = c.map { l + ($0 - l) * (1 - l) / (x - l) } }
            return c
        }
        func setLum(_ c: [Double], _ l: Double) -> [Double] { let d = l - lum(c); return clip(c.map { $0 + d }) }
        func sat(_ c: [Double]) -> Double { c.max()! - c.min()! }
        func setSat(_ c: [Double], _ s: Double) -> [Double] {
            let hi = c.max()!, lo = c.min()!
            return hi > lo ? c.map { ($0 - lo) * s / (hi - lo) } : [0, 0, 0]
        }
        func hard(_ b: Double, _ s: Double) -> Double { s <= 0.5 ? b * 2 * s : b + (2 * s - 1) - b * (2 * s - 1) }
        func separable(_ b: Double, _ s: Double) -> Double {
            switch mode {
            case .multiply: return b * s
            case .screen: return b + s - b * s
            case .overlay: return hard(s, b)
            case .darken: return min(b, s)
            case .lighten: return max(b, s)
            case .colorDodge: return b == 0 ? 0 : (s == 1 ? 1 : min(1, b / (1 - s)))
            case .colorBurn: return b == 1 ? 1 : (s == 0 ? 0 : 1 - min(1, (1 - b) / s))
            case .hardLight: return hard(b, s)
            case .softLight:
                if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
                let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
                return b + (2 * s - 1) * (d - b)
            case .difference: return abs(b - s)
            case .exclusion: return b + s - 2 * b * s
            default: return s
            }
        }
        switch mode {
        case .hue: return setLum(setSat(cs, sat(cb)), lum(cb))
        case .saturation: return setLum(setSat(cb, sat(cs)), lum(cb))
        case .color: return setLum(cs, lum(cb))
        case .luminosity: return setLum(cb, lum(cs))
        default: return (0 ..< 3).map { separable(cb[$0], cs[$0]) }
        }
    }

    private func bytes(_ c: Color) -> [Double] { [c.red, c.green, c.blue].map { Double($0) / 255 } }

    /// Every mode on opaque flat colours matches its formula within 1, on
    /// the canvas and inside an isolated layer.
    func testEveryBlendModeMatchesTheSpecOnFlatColours() throws {
        let pairs: [(Color, Color)] = [
            (Color(red: 40, green: 120, blue: 220), Color(red: 200, green: 60, blue: 30)),
            (Color(red: 128, green: 128, blue: 128), Color(red: 255, green: 255, blue: 0)),
            (Color(red: 250, green: 10, blue: 90), Color(red: 20, green: 200, blue: 140)),
            (Color(red: 0, green: 64, blue: 255), Color(red: 90, green: 0, blue: 255)),
        ]
        let square = Path.rect(Rect(x: 0, y: 0, width: 8, height: 8))
        for mode in BlendMode.allCases {
            for (backdrop, source) in pairs {
                let expected = reference(mode, bytes(backdrop), bytes(source)).map { Int((min(max($0, 0), 1) * 255).rounded()) }
                let node = Node.group(Group(blend: mode, children: [.path(PathLeaf(path: square, paint: .solid(source)))]))
                let scene = Scene(size: Size(width: 8, height: 8), background: backdrop, nodes: [node])
                assertNear(try SceneRenderer.render(scene, images: Empty(), threads: 1)[4, 4], expected, "\(mode) on canvas")
                // Onto a layer: the backdrop drawn inside a clipped (isolated) group first.
                let clip = Path.ellipse(in: Rect(x: -4, y: -4, width: 16, height: 16))
                let layered = Node.group(Group(clip: clip, children: [
                    .path(PathLeaf(path: square, paint: .solid(backdrop))), node]))
                let inLayer = Scene(size: Size(width: 8, height: 8), background: .white, nodes: [layered])
                assertNear(try SceneRenderer.render(inLayer, images: Empty(), threads: 1)[4, 4], expected, "\(mode) in a layer")
            }
        }
    }

    /// A half-transparent source mixes the blended colour with the backdrop
    /// in linear light; a transparent backdrop takes the source unblended.
    func testBlendUsesSourceAlphaInLinearLight() throws {
        let backdrop = Color(red: 40, green: 120, blue: 220), source = Color(red: 200, green: 60, blue: 30, alpha: 128)
        let square = Path.rect(Rect(x: 0, y: 0, width: 4, height: 4))
        let node = Node.group(Group(blend: .multiply, children: [.path(PathLeaf(path: square, paint: .solid(source)))]))
        let out = try SceneRenderer.render(Scene(size: Size(width: 4, height: 4), background: backdrop, nodes: [node], compositing: .linear),
                                           images: Empty(), threads: 1)[1, 1]
        let a = 128.0 / 255
        let b = reference(.multiply, bytes(backdrop), bytes(Color(red: 200, green: 60, blue: 30)))
        let expected = (0 ..< 3).map { k -> Int in
            let mixed = SRGBTransfer.linear(fromEncoded: (b[k] * 255).rounded() / 255)
            let linear = mixed * a + SRGBTransfer.linear(fromEncoded: bytes(backdrop)[k]) * (1 - a)
            return Int((SRGBTransfer.encoded(fromLinear: linear) * 255).rounded())
        }
        assertNear(out, expected, "half-transparent multiply")
        let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
        let onNothing = try SceneRenderer.render(Scene(size: Size(width: 4, height: 4), background: clear, nodes: [
            .group(Group(blend: .difference, children: [.path(PathLeaf(path: square, paint: .solid(Color(red: 200, green: 60, blue: 30))))]))
        ], compositing: .linear), images: Empty(), threads: 1)[1, 1]
        XCTAssertEqual(onNothing, Color(red: 200, green: 60, blue: 30))
    }

    /// A normal group with one child stays a plain draw (no layer); a blend makes a layer.
    func testOnlyABlendModeMakesALayer() {
        let square = Node.path(PathLeaf(path: .rect(Rect(x: 0, y: 0, width: 4, height: 4)), paint: .solid(.white)))
        XCTAssertEqual(Scene(size: Size(width: 4, height: 4), background: .black, nodes: [.group(Group(children: [square]))]).items.count, 1)
        let blended = Scene(size: Size(width: 4, height: 4), background: .black,
                            nodes: [.group(Group(blend: .screen, children: [square]))])
        guard case .beginLayer(let layer) = blended.items.first else { return XCTFail("\(blended.items)") }
        XCTAssertEqual(layer.blend, .screen)
    }
}
