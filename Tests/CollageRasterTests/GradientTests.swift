@testable import CollageRaster
import XCTest

/// `Gradient`: CSS geometry, stops, premultiplied interpolation in each
/// space, and turning with the node (issue 15). Colours are read back
/// sRGB-encoded from the tile's premultiplied linear floats.
final class GradientTests: XCTestCase {
    private let black = Color.black, white = Color.white

    /// The tile of `gradient` over every pixel of `rect` (full coverage), under `transform`.
    private func tile(_ gradient: Gradient, _ rect: PixelRect, transform: Affine = .identity) -> ColorTile {
        let mask = PlacedMask(mask: CoverageMask(width: rect.width, height: rect.height,
                                                 coverage: [UInt8](repeating: 255, count: rect.width * rect.height)),
                              x: rect.x, y: rect.y)
        return gradient.tile(under: mask, transform: transform, opacity: 1)!
    }

    /// Pixel (x, y) of the tile (tile coordinates), straight sRGB bytes and alpha.
    private func pixel(_ tile: ColorTile, _ x: Int, _ y: Int) -> [Int] {
        let p = (y * tile.width + x) * 4
        let a = tile.pixels[p + 3]
        guard a > 0 else { return [0, 0, 0, 0] }
        return (0 ..< 3).map { Int(SRGBTransfer.encode(tile.pixels[p + $0] / a)) } + [Int((a * 255).rounded())]
    }

    private func stops(_ colors: Color...) -> [Gradient.Stop] {
        colors.enumerated().map { Gradient.Stop(color: $1, position: Double($0) / Double(colors.count - 1)) }
    }

    func testLinearGeometryIsCSSs() {
        // 90°: left to right over the box; pixel centres at i + 0.5.
        let box = Rect(x: 0, y: 0, width: 100, height: 10)
        let across = tile(Gradient(shape: .linear(angle: 90), stops: stops(black, white), box: box),
                          PixelRect(x: 0, y: 0, width: 100, height: 10))
        for x in [0, 24, 50, 99] {
            XCTAssertEqual(Double(pixel(across, x, 5)[0]), (Double(x) + 0.5) / 100 * 255, accuracy: 1, "x \(x)")
        }
        // 180 (CSS's default) runs top to bottom; 0 bottom to top.
        let down = tile(Gradient(shape: .linear(angle: 180), stops: stops(black, white), box: Rect(x: 0, y: 0, width: 10, height: 100)),
                        PixelRect(x: 0, y: 0, width: 10, height: 100))
        XCTAssertEqual(pixel(down, 5, 0)[0], 1); XCTAssertEqual(pixel(down, 5, 99)[0], 254)
        // 135° on a 200 x 100 box: the line is 200 sin 45° + 100 cos 45° long,
        // so the top-left corner gets the first colour and the bottom-right the last.
        let diagonal = tile(Gradient(shape: .linear(angle: 135), stops: stops(black, white), box: Rect(x: 0, y: 0, width: 200, height: 100)),
                            PixelRect(x: 0, y: 0, width: 200, height: 100))
        XCTAssertLessThanOrEqual(pixel(diagonal, 0, 0)[0], 2)
        XCTAssertGreaterThanOrEqual(pixel(diagonal, 199, 99)[0], 253)
        // The centre is halfway; the top-right corner too (perpendicular to the line through the centre).
        XCTAssertEqual(pixel(diagonal, 100, 50)[0], 128, accuracy: 2)
        XCTAssertEqual(Double(pixel(diagonal, 199, 0)[0]), 255.0 * (0.5 + (99.5 * 0.7071 - 49.5 * 0.7071) / (300 * 0.7071)), accuracy: 2)
    }

    func testRadialCentreAndFarthestCorner() {
        let box = Rect(x: 0, y: 0, width: 100, height: 60)
        let radial = tile(Gradient(shape: .radial(centerX: 0.25, centerY: 0.5, radius: nil), stops: stops(black, white), box: box),
                          PixelRect(x: 0, y: 0, width: 100, height: 60))
        XCTAssertLessThanOrEqual(pixel(radial, 25, 30)[0], 2)
        XCTAssertGreaterThanOrEqual(pixel(radial, 99, 0)[0], 252)   // the farthest corner
        // 20 px from the centre of a radius-40 circle: halfway.
        let given = tile(Gradient(shape: .radial(centerX: 0.5, centerY: 0.5, radius: 40), stops: stops(black, white), box: box),
                         PixelRect(x: 0, y: 0, width: 100, height: 60))
        XCTAssertEqual(Double(pixel(given, 69, 30)[0]), (19.5 * 19.5 + 0.25).squareRoot() / 40 * 255, accuracy: 1.5)
        XCTAssertEqual(pixel(given, 99, 30)[0], 255)   // beyond the radius: the last colour
    }

    func testSpacesInterpolateAsSpecified() {
        let box = Rect(x: 0, y: 0, width: 101, height: 1)
        func middle(_ space: Gradient.Space, _ a: Color, _ b: Color) -> [Int] {
            pixel(tile(Gradient(shape: .linear(angle: 90), stops: stops(a, b), space: space, box: box),
                       PixelRect(x: 0, y: 0, width: 101, height: 1)), 50, 0)
        }
        XCTAssertEqual(middle(.srgb, black, white), [128, 128, 128, 255])
        XCTAssertEqual(middle(.linear, black, white), [188, 188, 188, 255])   // 0.5 in linear light
        XCTAssertEqual(middle(.oklab, black, white)[0], 99, accuracy: 1)      // L = 0.5: linear 0.125
        // Oklab red to blue passes through CSS's purple (140, 83, 162).
        let purple = middle(.oklab, Color(red: 255, green: 0, blue: 0), Color(red: 0, green: 0, blue: 255))
        for (got, want) in zip(purple, [140, 83, 162, 255]) { XCTAssertEqual(got, want, accuracy: 2, "\(purple)") }
        // Premultiplied: red to transparent blue stays red as it fades (no blue fringe).
        let fade = middle(.srgb, Color(red: 255, green: 0, blue: 0), Color(red: 0, green: 0, blue: 255, alpha: 0))
        XCTAssertEqual(Array(fade.prefix(3)), [255, 0, 0])
        XCTAssertEqual(fade[3], 128, accuracy: 1)
    }

    func testEqualPositionsMakeAHardStop() {
        let yellow = Color(red: 255, green: 255, blue: 0), green = Color(red: 0, green: 128, blue: 0)
        let hard = Gradient(shape: .linear(angle: 90), stops: [
            .init(color: yellow, position: 0), .init(color: yellow, position: 0.5),
            .init(color: green, position: 0.5), .init(color: green, position: 1)], box: Rect(x: 0, y: 0, width: 200, height: 1))
        let t = tile(hard, PixelRect(x: 0, y: 0, width: 200, height: 1))
        XCTAssertEqual(pixel(t, 99, 0), [255, 255, 0, 255])
        XCTAssertEqual(pixel(t, 100, 0), [0, 128, 0, 255])
    }

    func testTheGradientTurnsWithTheNode() {
        // A left-to-right gradient on a box turned 90° clockwise about its centre runs top to bottom.
        let box = Rect(x: 0, y: 0, width: 100, height: 100)
        let turned = tile(Gradient(shape: .linear(angle: 90), stops: stops(black, white), box: box),
                          PixelRect(x: 0, y: 0, width: 100, height: 100), transform: .rotation(degrees: 90, about: 50, 50))
        XCTAssertLessThanOrEqual(pixel(turned, 50, 0)[0], 2)
        XCTAssertGreaterThanOrEqual(pixel(turned, 50, 99)[0], 253)
        XCTAssertEqual(pixel(turned, 0, 50)[0], pixel(turned, 99, 50)[0])
    }
}
