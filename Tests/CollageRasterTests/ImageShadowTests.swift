@testable import CollageRaster
import XCTest

/// Shadows cast by an image's alpha (`Shadow.Caster.alpha`, an image
/// overlay's `shadow`): decoded pixel values against the compositing rule.
final class ImageShadowTests: XCTestCase {
    /// A 20 x 20 opaque white logo at (10, 10) on a white canvas.
    private func render(_ shadow: Shadow, rotation: Double = 0, opacity: Double = 1, logo: Pixmap? = nil,
                        threads: Int = 1) throws -> Pixmap {
        let picture = logo ?? Pixmap(width: 20, height: 20, color: .white)
        let leaf = Node.image(ImageLeaf(image: 0, source: Rect(x: 0, y: 0, width: 20, height: 20),
                                        bounds: Rect(x: 10, y: 10, width: 20, height: 20)))
        let turn = rotation == 0 ? Affine.identity : .rotation(degrees: rotation, about: 20, 20)
        let group = Node.group(Group(transform: turn, opacity: opacity, shadow: shadow, children: [leaf]))
        let scene = Scene(size: Size(width: 60, height: 60), background: .white,
                          images: [SceneImage(orientedSize: Size(width: 20, height: 20))], nodes: [group], compositing: .linear)
        return try SceneRenderer.render(scene, images: MemoryImageProvider([picture]), threads: threads)
    }

    /// Black at 50 % alpha (the documented default, alpha 128) over white,
    /// in linear light.
    private var halfBlackOverWhite: UInt8 { SRGBTransfer.encode(1 - Float(128) / 255) }

    /// Offset [10, 10], no blur: the shadow pixel beside the opaque logo is
    /// exactly the default colour over white; under the logo the logo shows;
    /// outside the moved square nothing changes.
    func testSharpShadowOfAnOpaqueLogoDarkensByTheDefaultColour() throws {
        let shadow = Shadow(caster: .alpha(spread: 0), offsetX: 10, offsetY: 10, sigma: 0,
                            color: Color(red: 0, green: 0, blue: 0, alpha: 128))
        let canvas = try render(shadow)
        XCTAssertEqual(halfBlackOverWhite, 187)   // linear 1 - 128/255 = 0.498
        XCTAssertEqual(canvas[35, 35], TestImages.gray(halfBlackOverWhite))   // shadow only
        XCTAssertEqual(canvas[25, 25], .white)                                // the logo over its shadow
        XCTAssertEqual(canvas[41, 35], .white)                                // beyond the moved square
        XCTAssertEqual(canvas[35, 41], .white)
        XCTAssertEqual(canvas[39, 39], TestImages.gray(halfBlackOverWhite))   // its last pixel
    }

    /// Blur 8 (σ 4): the shadow's centre is lighter than the sharp shadow
    /// but darker than its edge, the edge pixel has the Gaussian's analytic
    /// share, and nothing reaches past the kernel's radius.
    func testBlurredShadowFallsOffAcrossItsEdge() throws {
        let shadow = Shadow(caster: .alpha(spread: 0), offsetX: 10, offsetY: 10, sigma: 4,
                            color: Color(red: 0, green: 0, blue: 0, alpha: 128))
        let canvas = try render(shadow)
        let centre = canvas[35, 35].red, edge = canvas[40, 35].red, far = canvas[53, 35].red
        XCTAssertGreaterThanOrEqual(centre, halfBlackOverWhite)
        XCTAssertLessThan(centre, edge)
        XCTAssertLessThan(edge, 255)
        // The edge pixel (centre 0.5 px outside the square) sees Φ(-0.5/4) × (Φ(4.5/4) - Φ(-15.5/4))
        // = 0.450 × 0.870 = 0.391 of the shadow.
        let expected = SRGBTransfer.encode(1 - 0.391 * Float(128) / 255)
        XCTAssertEqual(Double(edge), Double(expected), accuracy: 2)
        XCTAssertEqual(far, 255)                                              // beyond the kernel's 3σ = 12 px
    }

    /// Spread 4 grows the alpha by a disc of 4 px: 3 px past the moved
    /// square's right edge is shadow, 5 px past it is not; the corner is
    /// rounded (a disc, not a square).
    func testSpreadGrowsTheAlphaByADisc() throws {
        let shadow = Shadow(caster: .alpha(spread: 4), offsetX: 10, offsetY: 10, sigma: 0,
                            color: Color(red: 0, green: 0, blue: 0, alpha: 128))
        let canvas = try render(shadow)
        XCTAssertEqual(canvas[43, 35], TestImages.gray(halfBlackOverWhite))
        XCTAssertEqual(canvas[45, 35], .white)
        XCTAssertEqual(canvas[41, 42], TestImages.gray(halfBlackOverWhite))   // (2, 3) from the corner pixel: 3.6 px
        XCTAssertEqual(canvas[42, 42], .white)                                // (3, 3): 4.2 px, outside the disc
        let shrunk = try render(Shadow(caster: .alpha(spread: -4), offsetX: 10, offsetY: 10, sigma: 0,
                                       color: Color(red: 0, green: 0, blue: 0, alpha: 128)))
        XCTAssertEqual(shrunk[37, 37], .white)                                // eroded away at the edge
        XCTAssertEqual(shrunk[35, 35], TestImages.gray(halfBlackOverWhite))
    }

    /// The shadow turns with the overlay (the light does not): turned 45°,
    /// the moved square's corner pixel is bare and its diagonal is shadow.
    func testShadowTurnsWithTheOverlay() throws {
        let shadow = Shadow(caster: .alpha(spread: 0), offsetX: 10, offsetY: 10, sigma: 0,
                            color: Color(red: 0, green: 0, blue: 0, alpha: 128))
        let canvas = try render(shadow, rotation: 45)
        XCTAssertEqual(canvas[38, 38], .white)                                // the upright square's corner
        XCTAssertEqual(canvas[30, 42], TestImages.gray(halfBlackOverWhite))   // inside the diamond's lower tip (30, 44.1)
        XCTAssertEqual(canvas[30, 30], TestImages.gray(halfBlackOverWhite))
    }

    /// Alpha casts: a logo of half alpha casts half the shadow, a
    /// transparent one none; the overlay's opacity fades the shadow too.
    func testShadowStrengthFollowsAlphaAndOpacity() throws {
        let opaqueBlack = Shadow(caster: .alpha(spread: 0), offsetX: 10, offsetY: 10, sigma: 0, color: .black)
        let halfAlpha = Pixmap(width: 20, height: 20, color: Color(red: 255, green: 255, blue: 255, alpha: 128))
        let half = try render(opaqueBlack, logo: halfAlpha)
        XCTAssertEqual(half[35, 35], TestImages.gray(halfBlackOverWhite))
        let none = try render(opaqueBlack, logo: Pixmap(width: 20, height: 20, color: .transparent))
        XCTAssertEqual(none[35, 35], .white)
        let faded = try render(opaqueBlack, opacity: 128.0 / 255)
        XCTAssertEqual(faded[35, 35].red, halfBlackOverWhite, accuracy: 1)
    }

    /// The same bytes for every thread count.
    func testThreadsGiveTheSameBytes() throws {
        let shadow = Shadow(caster: .alpha(spread: 2), offsetX: 7.5, offsetY: 9, sigma: 3, color: .black)
        let one = try render(shadow, rotation: 17, opacity: 0.7, threads: 1)
        for threads in [2, 3, 7] {
            XCTAssertEqual(try render(shadow, rotation: 17, opacity: 0.7, threads: threads).pixels, one.pixels)
        }
    }
}
