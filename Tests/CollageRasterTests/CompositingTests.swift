import XCTest
@testable import CollageRaster

/// `Compositing` (issue 36): under `.css` coverage, opacity, alpha, blends
/// and blurs composite on premultiplied sRGB-encoded values, as CSS does
/// (result = src + dst × (1 − srcα) on encoded values); under `.linear` in
/// linear light. Each value is checked against the formula, within 1 level
/// (the encode table's rounding) unless stated.
final class CompositingTests: XCTestCase {
    private let noImages = MemoryImageProvider([])
    private let halfBlack = Color(red: 0, green: 0, blue: 0, alpha: 128)

    /// The CSS source-over of straight `source` (alpha `a` 0...255) over an
    /// opaque encoded byte: `s·α + d·(1 − α)` on encoded values.
    private func css(_ source: UInt8, alpha: UInt8, over backdrop: UInt8) -> Double {
        let a = Double(alpha) / 255
        return Double(source) * a + Double(backdrop) * (1 - a)
    }

    private func assertLevel(_ actual: UInt8, _ expected: Double, accuracy: Double = 1, _ message: String = "",
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(Double(actual), expected, accuracy: accuracy, message, file: file, line: line)
    }

    private func render(_ items: [SceneItem], background: Color, size: Size = Size(width: 4, height: 1),
                        _ compositing: Compositing) throws -> Pixmap {
        try SceneRenderer.render(Scene(size: size, background: background, items: items, compositing: compositing),
                                 images: noImages, threads: 1)
    }

    private func render(_ nodes: [Node], background: Color, size: Size, images: [Pixmap] = [],
                        _ compositing: Compositing) throws -> Pixmap {
        let scene = Scene(size: size, background: background, images: images.map { SceneImage(orientedSize: $0.size) },
                          nodes: nodes, compositing: compositing)
        return try SceneRenderer.render(scene, images: MemoryImageProvider(images), threads: 1)
    }

    /// 50 % black over white: 127 under css (255 × 127/255; browsers give 127 or
    /// 128), 187 under linear. Both the colour's alpha (a fill) and coverage
    /// (a mask at 128) give it.
    func testHalfBlackOverWhite() throws {
        let fill = SceneItem.fill(PixelRect(x: 0, y: 0, width: 1, height: 1), halfBlack)
        let mask = SceneItem.mask(MaskDraw(mask: CoverageMask(width: 1, height: 1, coverage: [128]), originX: 1, originY: 0,
                                           color: .black))
        let css = try render([fill, mask], background: .white, .css)
        XCTAssertEqual(css[0, 0], TestImages.gray(127))   // 255 × (1 − 128/255) = 127.0 (browsers: 127)
        assertLevel(css[0, 0].red, self.css(0, alpha: 128, over: 255))
        XCTAssertEqual(css[1, 0], TestImages.gray(127))
        XCTAssertEqual(css[2, 0], .white)
        let linear = try render([fill, mask], background: .white, .linear)
        XCTAssertEqual(linear[0, 0], TestImages.gray(187))
        XCTAssertEqual(linear[1, 0], TestImages.gray(187))
    }

    /// A `#00000080` scrim over #3366cc keeps 127/255 of each encoded
    /// channel: (25.4, 50.8, 101.6); linear light makes it far lighter.
    func testScrimOverAColour() throws {
        let blue = Color(red: 0x33, green: 0x66, blue: 0xcc)
        let scrim = SceneItem.fill(PixelRect(x: 0, y: 0, width: 4, height: 1), halfBlack)
        let css = try render([scrim], background: blue, .css)[0, 0]
        assertLevel(css.red, self.css(0, alpha: 128, over: 0x33))
        assertLevel(css.green, self.css(0, alpha: 128, over: 0x66))
        assertLevel(css.blue, self.css(0, alpha: 128, over: 0xcc))
        XCTAssertEqual(css.alpha, 255)
        let linear = try render([scrim], background: blue, .linear)[0, 0]
        XCTAssertEqual(Double(linear.blue), Double(SRGBTransfer.encode(SRGBTransfer.decode(0xcc) * 127 / 255)), accuracy: 1)
        XCTAssertGreaterThan(Int(linear.blue) - Int(css.blue), 40)
    }

    /// A 1-px black line straddling a pixel boundary (x 1.5 to 2.5) covers
    /// two pixels by half each: under css they hold one pixel's worth of ink
    /// (2 × 127.5/255 = 1.0), under linear about half of it (2 × 68/255 = 0.53).
    func testOnePixelHairlineCarriesOnePixelOfInk() throws {
        let line = Node.path(PathLeaf(path: .rect(Rect(x: 1.5, y: 0, width: 1, height: 4)), paint: .solid(.black)))
        func ink(_ canvas: Pixmap) -> Double { (0 ..< 4).map { 1 - Double(canvas[$0, 2].red) / 255 }.reduce(0, +) }
        let css = try render([line], background: .white, size: Size(width: 4, height: 4), .css)
        assertLevel(css[1, 2].red, 127.5, accuracy: 1)
        assertLevel(css[2, 2].red, 127.5, accuracy: 1)
        XCTAssertEqual(ink(css), 1.0, accuracy: 0.01)
        let linear = try render([line], background: .white, size: Size(width: 4, height: 4), .linear)
        XCTAssertEqual(ink(linear), 0.53, accuracy: 0.01)
    }

    /// A gradient from opaque black to transparent black (premultiplied, sRGB
    /// interpolation) over white, 2 px wide: pixel centres at t = 0.25 and
    /// 0.75 have alpha 0.75 and 0.25: 63.75 and 191.25 under css, 137 and 225
    /// under linear.
    func testTranslucentGradientStopMidValues() throws {
        let gradient = Gradient(shape: .linear(angle: 90),
                                stops: [Gradient.Stop(color: .black, position: 0),
                                        Gradient.Stop(color: Color(red: 0, green: 0, blue: 0, alpha: 0), position: 1)],
                                box: Rect(x: 0, y: 0, width: 2, height: 1))
        let node = Node.path(PathLeaf(path: .rect(Rect(x: 0, y: 0, width: 2, height: 1)), paint: .gradient(gradient)))
        let css = try render([node], background: .white, size: Size(width: 2, height: 1), .css)
        assertLevel(css[0, 0].red, 255 * 0.25)
        assertLevel(css[1, 0].red, 255 * 0.75)
        let linear = try render([node], background: .white, size: Size(width: 2, height: 1), .linear)
        XCTAssertEqual(linear[0, 0], TestImages.gray(SRGBTransfer.encode(0.25)))   // 137
        XCTAssertEqual(linear[1, 0], TestImages.gray(SRGBTransfer.encode(0.75)))   // 225
    }

    /// An image's shadow in `#00000080`, offset 10, no blur: the shadow pixel
    /// is the CSS scrim value (127); blurred (σ 4), the edge pixel 0.5 px
    /// outside the moved square carries 0.391 of it (Φ(−0.5/4) × (Φ(4.5/4)
    /// − Φ(−15.5/4))): 255 − 0.391 × 128 = 204.9, within 2 levels.
    func testShadowColourWithAlpha() throws {
        let logo = Pixmap(width: 20, height: 20, color: .white)
        func shadowed(sigma: Double, _ compositing: Compositing) throws -> Pixmap {
            let leaf = Node.image(ImageLeaf(image: 0, source: Rect(x: 0, y: 0, width: 20, height: 20),
                                            bounds: Rect(x: 10, y: 10, width: 20, height: 20)))
            let shadow = Shadow(caster: .alpha(spread: 0), offsetX: 10, offsetY: 10, sigma: sigma, color: halfBlack)
            return try render([.group(Group(shadow: shadow, children: [leaf]))], background: .white,
                              size: Size(width: 60, height: 60), images: [logo], compositing)
        }
        let sharp = try shadowed(sigma: 0, .css)
        assertLevel(sharp[35, 35].red, css(0, alpha: 128, over: 255))
        XCTAssertEqual(sharp[25, 25], .white)
        XCTAssertEqual(try shadowed(sigma: 0, .linear)[35, 35], TestImages.gray(187))
        let blurred = try shadowed(sigma: 4, .css)
        assertLevel(blurred[40, 35].red, 255 - 0.391 * 128, accuracy: 2)
        XCTAssertEqual(blurred[53, 35], .white)
    }

    /// Opacity: a white photo at opacity 0.5 over black is 127.5 (128)
    /// under css, 188 under linear; an opaque photo drawn 1:1 is its decode
    /// under both.
    func testImageOpacity() throws {
        let photo = Pixmap(width: 4, height: 4, color: Color(red: 200, green: 100, blue: 30))
        func draw(opacity: Double, _ compositing: Compositing) throws -> Pixmap {
            var scene = Scene.single(canvas: Size(width: 4, height: 4), background: .black, image: photo.size,
                                     window: Rect(photo.size), destination: PixelRect(x: 0, y: 0, width: 4, height: 4),
                                     opacity: opacity)
            scene.compositing = compositing
            return try SceneRenderer.render(scene, images: MemoryImageProvider([photo]), threads: 1)
        }
        let half = try draw(opacity: 0.5, .css)[1, 1]
        assertLevel(half.red, 100)
        assertLevel(half.green, 50)
        assertLevel(half.blue, 15)
        XCTAssertEqual(try draw(opacity: 0.5, .linear)[1, 1].red, SRGBTransfer.encode(SRGBTransfer.decode(200) / 2))
        XCTAssertEqual(try draw(opacity: 1, .css), photo)
        XCTAssertEqual(try draw(opacity: 1, .linear), photo)
    }

    /// Two translucent fills onto a transparent canvas: css keeps the
    /// encoded straight colour: red 255 × 0.502 × 0.498 / 0.752 = 84.9,
    /// blue 255 × 0.502 / 0.752 = 170.2, alpha 0.752 → 192.
    func testTranslucentOverTranslucent() throws {
        let items: [SceneItem] = [
            .fill(PixelRect(x: 0, y: 0, width: 1, height: 1), Color(red: 255, green: 0, blue: 0, alpha: 128)),
            .fill(PixelRect(x: 0, y: 0, width: 1, height: 1), Color(red: 0, green: 0, blue: 255, alpha: 128)),
        ]
        let pixel = try render(items, background: .transparent, size: Size(width: 1, height: 1), .css)[0, 0]
        assertLevel(pixel.red, 84.9)
        XCTAssertEqual(pixel.green, 0)
        assertLevel(pixel.blue, 170.2)
        XCTAssertEqual(pixel.alpha, 192)
    }

    /// The working-space tables: css decodes a byte to `v / 255` and encodes
    /// every byte back to itself; `fromLinear` keeps the straight colour's
    /// sRGB byte and the alpha.
    func testTablesAndConversion() {
        for v in 0 ... 255 {
            let value = Compositing.css.decodeTable[v]
            XCTAssertEqual(value, Float(v) / 255)
            XCTAssertEqual(Compositing.css.encodeTable[SRGBTransfer.encodeIndex(value)], UInt8(v))
        }
        var pixel: [Float] = [SRGBTransfer.decode(200) * 0.5, SRGBTransfer.decode(10) * 0.5, 0, 0.5, 0.3, 0.3, 0.3, 0]
        Compositing.css.fromLinear(&pixel)
        XCTAssertEqual(pixel[0], 200 / 255 * 0.5, accuracy: 1e-6)
        XCTAssertEqual(pixel[1], 10 / 255 * 0.5, accuracy: 1e-6)
        XCTAssertEqual(Array(pixel[2...]), [0, 0.5, 0, 0, 0, 0])
        var same = pixel
        Compositing.linear.fromLinear(&same)
        XCTAssertEqual(same, pixel)
    }
}
