import CollageCodecs
import CollageRaster
import Foundation
import XCTest
import CollageTestSupport

/// A photo's `shadow` is CSS `box-shadow` (issue 31): `spread` grows the
/// print's box, and its corner radius only as css-backgrounds-3 "spread
/// distance" says (a radius-0 print keeps sharp corners; a radius r below the
/// spread s grows to r + s (1 + (r / s - 1)^3)), measured by the shadow's
/// area in pixels against the analytic area.
final class ShadowGeometryTests: XCTestCase, PhotoFolderTest {
    var directory: URL!

    override func setUpWithError() throws {
        try makePhotoFolder()
    }

    private func render(_ document: String) throws -> Pixmap {
        try write("doc.yaml", document)
        let result = try runCollage(["render", "doc.yaml", "-o", "out.png"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        return try ImageDecoder.decode(path: url("out.png").path)
    }

    /// The shadow's coverage at a pixel of black shadow over white: coverage
    /// composites in linear light (docs/format.md "Effects"), so the pixel is
    /// the encoding of 1 − coverage.
    /// The coverage of a black shadow over white: composited on sRGB-encoded values
    /// (`canvas.compositing: css`, the default), so the byte itself gives it.
    private func coverage(_ pixel: Color) -> Double { 1 - Double(pixel.red) / 255 }

    /// CSS's spread radius (css-backgrounds-3 "spread distance"), for an outer shadow.
    private func cssSpreadRadius(_ r: Double, spread s: Double) -> Double {
        guard s > 0 else { return max(0, r + s) }
        let ratio = r / s
        return ratio < 1 ? r + s * (1 + pow(ratio - 1, 3)) : r + s
    }

    /// A 120 x 90 print at (140, 100) on white with a sharp black shadow
    /// spread by 20: the shadow's coverage outside the print's box, in pixels, is the
    /// shadow's area (160 x 130 less its four corners) less the print's box,
    /// within 1 %; with radius 0 it is exactly the 160 x 130 box.
    func testSpreadShadowAreaMatchesCSSWithAndWithoutCornerRadius() throws {
        for radius in [0.0, 4, 30] {
            let canvas = try render("""
                version: 1
                canvas: {width: 400, height: 300, background: "#ffffff"}
                photos: [{src: photos/quadrants.png, frame: {x: 140, y: 100, width: 120, height: 90}, cornerRadius: \(radius),
                          shadow: {spread: 20, blur: 0, color: "#000000"}}]
                layout: {kind: free}
                """)
            var darkness = 0.0
            var inked = (x0: Int.max, y0: Int.max, x1: Int.min, y1: Int.min)
            for y in 0 ..< canvas.height {
                for x in 0 ..< canvas.width where !(140 ..< 260).contains(x) || !(100 ..< 190).contains(y) {
                    let dark = coverage(canvas[x, y])
                    guard dark > 0 else { continue }
                    darkness += dark
                    inked = (min(inked.x0, x), min(inked.y0, y), max(inked.x1, x), max(inked.y1, y))
                }
            }
            let r = cssSpreadRadius(radius, spread: 20)
            let expected = 160 * 130 - (4 - Double.pi) * r * r - 120 * 90
            print("spread shadow, radius \(radius): \(darkness) px outside the print, CSS \(expected) px, inked \(inked)")
            XCTAssertEqual(darkness, expected, accuracy: expected * 0.01,
                           "radius \(radius): shadow area \(darkness) px, CSS \(expected) px (corner radius \(r))")
            XCTAssertTrue(inked == (120, 80, 279, 209), "radius \(radius): inked \(inked)")
            if radius == 0 {
                // Sharp: every corner pixel of the 160 x 130 box is fully dark.
                for (x, y) in [(120, 80), (279, 80), (120, 209), (279, 209)] {
                    XCTAssertEqual(canvas[x, y].red, 0, "(\(x), \(y))")
                }
            }
        }
    }

    /// Each kind blurs as the CSS shadow it is documented as (docs/format.md,
    /// "What `blur` means, per key"): with `blur: 12`, a photo's box-shadow
    /// has σ = 6, an image overlay's and a shape's drop-shadow σ = 12. The
    /// shadow's coverage beyond a long straight edge of the caster sums to
    /// σ / √(2π) (the integral of the Gaussian's tail), which gives σ.
    func testEachKindBlursAsItsCSSShadow() throws {
        let box = "anchor: topLeft, offset: [100, 100], width: 200, height: 200"
        let shadow = "shadow: {blur: 12, color: \"#000000\"}"
        let kinds: [(name: String, yaml: String, sigma: Double)] = [
            ("photo", "photos: [{src: photos/quadrants.png, frame: {x: 100, y: 100, width: 200, height: 200}, \(shadow)}]\n"
                + "layout: {kind: free}", 6),
            ("image overlay", "overlays: [{image: photos/quadrants.png, \(box), \(shadow)}]", 12),
            ("shape", "overlays: [{shape: rect, \(box), fill: \"#808080\", \(shadow)}]", 12),
        ]
        for kind in kinds {
            let canvas = try render("""
                version: 1
                canvas: {width: 500, height: 400, background: "#ffffff"}
                \(kind.yaml)
                """)
            // The row through the middle, right of the caster's edge at x = 300.
            let tail = (300 ..< 500).reduce(0.0) { $0 + coverage(canvas[$1, 200]) }
            let sigma = tail * (2 * Double.pi).squareRoot()
            print("shadow blur 12, \(kind.name): measured σ \(sigma)")
            XCTAssertEqual(sigma, kind.sigma, accuracy: kind.sigma * 0.1, "\(kind.name): measured σ \(sigma)")
        }
    }
}
