import CollageCodecs
import CollageRaster
import Foundation
import XCTest
@testable import Collage
import CollageTestSupport

/// Effects through the `collage` binary (docs/format.md "Effects"): a
/// blurred background, background fits, a blurred letterbox, the depfile
/// and the same bytes on every thread count.
final class EffectsEndToEndTests: XCTestCase, PhotoFolderTest {
    var directory: URL!

    override func setUpWithError() throws {
        try makePhotoFolder()
    }

    private func render(_ document: String, _ extra: [String] = []) throws -> Pixmap {
        try write("doc.yaml", document)
        let result = try runCollage(["render", "doc.yaml", "-o", "out.png"] + extra, in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        return try ImageDecoder.decode(path: url("out.png").path)
    }

    /// A checkerboard of 16 px squares (8 px scaled to cover) blurred with σ = 20 is flat grey in
    /// the middle and opaque to the canvas edges (the edge pixels are extended). Under
    /// `compositing: linear` the grey is the linear-light average of black and white (188 in
    /// sRGB); under `css` (the default) the blur averages sRGB-encoded values: 127.5 for the pure
    /// squares, lifted to about 143 by the squares' edges, which the 2x upscale interpolates in
    /// linear light (photo resampling stays linear).
    func testBlurredCheckerboardBackgroundIsFlatAndOpaque() throws {
        let canvas = try render("""
            version: 1
            canvas: {width: 128, height: 128, background: {image: photos/checker.png, fit: tile, color: "#ff00ff"}}
            """)
        XCTAssertEqual(canvas[0, 0], .white)
        XCTAssertEqual(canvas[8, 0], .black)
        XCTAssertEqual(canvas[64, 64], .white)                // tiled from the top-left corner, at native size
        XCTAssertEqual(canvas[64 + 8, 64], .black)
        let blurred = try render("""
            version: 1
            canvas: {width: 128, height: 128, background: {image: photos/checker.png, blur: 20, color: "#ff00ff"}}
            """)
        let linear = try render("""
            version: 1
            canvas: {compositing: linear, width: 128, height: 128, background: {image: photos/checker.png, blur: 20, color: "#ff00ff"}}
            """)
        for y in stride(from: 32, to: 96, by: 3) {
            for x in stride(from: 32, to: 96, by: 3) {
                let p = blurred[x, y]
                XCTAssertEqual(Double(p.red), 143, accuracy: 3, "(\(x), \(y))")
                XCTAssertEqual(p.red, p.green); XCTAssertEqual(p.green, p.blue)
                XCTAssertEqual(Double(linear[x, y].red), 188, accuracy: 3, "linear (\(x), \(y))")
            }
        }
        for (x, y) in [(0, 0), (127, 0), (0, 127), (127, 127), (64, 0), (0, 64)] {
            XCTAssertEqual(blurred[x, y].alpha, 255)
            XCTAssertNotEqual(blurred[x, y], Color(red: 255, green: 0, blue: 255), "(\(x), \(y)) shows the colour under it")
        }
    }

    /// `contain` centres the image on `color`; `cover` crops about `focus`.
    func testBackgroundContainAndCoverFrames() throws {
        // quadrants.png is 400 x 300: contained in 200 x 200 it is 200 x 150 at y 25.
        let contained = try render("""
            version: 1
            canvas: {width: 200, height: 200, background: {image: photos/quadrants.png, fit: contain, color: "#102030"}}
            """)
        XCTAssertEqual(contained[100, 10], Color(red: 0x10, green: 0x20, blue: 0x30))
        XCTAssertEqual(contained[100, 190], Color(red: 0x10, green: 0x20, blue: 0x30))
        XCTAssertEqual(contained[20, 40], Color(red: 220, green: 30, blue: 30))     // red top-left quadrant
        XCTAssertEqual(contained[180, 160], Color(red: 240, green: 220, blue: 40))  // yellow bottom-right
        // Cover 100 x 300 with focus on the left edge: the window is the leftmost 100 x 300 of the photo.
        let covered = try render("""
            version: 1
            canvas: {width: 100, height: 300, background: {image: photos/quadrants.png, focus: [0, 0.5]}}
            """)
        XCTAssertEqual(covered[50, 20], Color(red: 220, green: 30, blue: 30))
        XCTAssertEqual(covered[50, 280], Color(red: 40, green: 60, blue: 220))
        // A filter on the background image.
        let grey = try render("""
            version: 1
            canvas: {width: 100, height: 300, background: {image: photos/quadrants.png, focus: [0, 0.5], filter: [{grayscale: 1}]}}
            """)
        let g = grey[50, 20]
        XCTAssertEqual(g.red, g.green); XCTAssertEqual(g.green, g.blue)
        XCTAssertEqual(Double(g.red), 0.2126 * 220 + 0.7152 * 30 + 0.0722 * 30, accuracy: 1)
    }

    /// The bars of a blurred letterbox show the photo (its colours, darkened
    /// by `dim`) up to the cell's edges, never the canvas colour; the picture
    /// itself is unchanged in the middle.
    func testBlurredLetterboxShowsThePhotoToTheCellEdge() throws {
        // tall.png (240 x 480, quadrants) contained in a 300 x 200 cell: 100 x 200 at x 100.
        let canvas = try render("""
            version: 1
            canvas: {width: 300, height: 200, background: "#ff00ff"}
            photos: [{src: photos/tall.png, fit: contain, letterbox: {blur: 6, dim: 0.5}}]
            """)
        let magenta = Color(red: 255, green: 0, blue: 255)
        for y in [0, 1, 50, 100, 150, 198, 199] {
            for x in [0, 1, 40, 99, 200, 260, 299] {
                XCTAssertNotEqual(canvas[x, y], magenta, "(\(x), \(y))")
                XCTAssertEqual(canvas[x, y].alpha, 255)
            }
        }
        // Left bar, top: the blurred red quadrant at half brightness (sRGB of half linear light).
        let bar = canvas[10, 20]
        XCTAssertGreaterThan(bar.red, 100); XCTAssertLessThan(bar.red, 200)
        XCTAssertLessThan(bar.green, 60)
        // The picture: the red quadrant, sharp and undimmed.
        XCTAssertEqual(canvas[120, 30], Color(red: 220, green: 30, blue: 30))
        // A colour letterbox fills the bars with it.
        let plain = try render("""
            version: 1
            canvas: {width: 300, height: 200, background: "#ff00ff"}
            photos: [{src: photos/tall.png, fit: contain, letterbox: "#203040"}]
            """)
        XCTAssertEqual(plain[5, 100], Color(red: 0x20, green: 0x30, blue: 0x40))
        XCTAssertEqual(plain[295, 100], Color(red: 0x20, green: 0x30, blue: 0x40))
    }

    /// A turned photo's blurred letterbox is blurred in the photo's own
    /// frame (docs/format.md "Filters"): 2 px inside the turned cell's edges
    /// (away from the corners) its bars show the photo as opaque as, and
    /// within 3 per channel of, the unturned letterbox at the same place in
    /// the cell; 2 px outside them (beyond the anti-aliased edge) the canvas
    /// is its background exactly.
    func testTurnedBlurredLetterboxIsOpaqueToTheTurnedCellEdge() throws {
        // tall.png (240 x 480, quadrants) contained in a 200 x 150 cell centred at (150, 150): 75 x 150 in
        // the middle, bars 62.5 px wide; the letterbox covers the cell, its quadrant boundaries at u = 0, v = 0.
        func document(_ rotation: Int) -> String {
            """
            version: 1
            canvas: {width: 300, height: 300, background: "#ff00ff"}
            photos: [{src: photos/tall.png, frame: {x: 50, y: 75, width: 200, height: 150}, fit: contain,
                      letterbox: {blur: 8}, rotation: \(rotation)}]
            layout: {kind: free}
            """
        }
        let flat = try render(document(0)), turned = try render(document(10))
        let magenta = Color(red: 255, green: 0, blue: 255)
        // Points of the bars 2 px inside each edge, 35 px or more from the quadrant boundaries and corners.
        let inside: [(Double, Double)] = [(-98, -40), (-98, 40), (98, -40), (98, 40),
                                          (-60, -73), (60, -73), (-60, 73), (60, 73)]
        for (u, v) in inside {
            let p = turnedPixel(u, v, about: (150, 150), degrees: 10)
            let expected = flat[Int((150 + p.u).rounded(.down)), Int((150 + p.v).rounded(.down))]
            let actual = turned[p.x, p.y]
            XCTAssertNotEqual(expected, magenta)
            XCTAssertEqual(actual.alpha, 255, "(\(u), \(v))")
            for (a, e) in [(actual.red, expected.red), (actual.green, expected.green), (actual.blue, expected.blue)] {
                XCTAssertEqual(Double(a), Double(e), accuracy: 3, "(\(u), \(v)) at (\(p.x), \(p.y)): \(actual) vs \(expected)")
            }
        }
        // The unturned bars there are the blurred quadrant colours (flat so far from their boundaries).
        XCTAssertEqual(Double(flat[52, 110].red), 220, accuracy: 2)
        XCTAssertEqual(Double(flat[52, 110].green), 30, accuracy: 2)
        // 2 px outside each edge: the background, exactly.
        for (u, v) in [(-102.0, -40.0), (-102, 40), (102, -40), (102, 40), (-60, -77), (60, -77), (-60, 77), (60, 77)] {
            let p = turnedPixel(u, v, about: (150, 150), degrees: 10)
            XCTAssertEqual(turned[p.x, p.y], magenta, "(\(u), \(v)) at (\(p.x), \(p.y))")
        }
    }

    /// A turned photo's `blur` filter (transparent edges) softens its edges
    /// evenly in its own frame: across each of the four turned edges, the
    /// alpha at every pixel within 10 px of it matches, within 3, the
    /// unturned photo's alpha across the same edge at the same distance
    /// (interpolated between its pixels); it is half-way at the edge and
    /// symmetric about it.
    func testTurnedBlurFilterSoftensTheEdgesInThePhotosFrame() throws {
        func document(_ rotation: Int) -> String {
            """
            version: 1
            canvas: {width: 300, height: 300, background: "#00000000"}
            photos: [{src: photos/quadrants.png, frame: {x: 50, y: 75, width: 200, height: 150}, filter: [{blur: 4}],
                      rotation: \(rotation)}]
            layout: {kind: free}
            """
        }
        let flat = try render(document(0)), turned = try render(document(30))
        // The unturned alpha across the left edge (row 120) and the top edge (column 120), at a local
        // coordinate (from the cell centre, pixel centres at half-integers), linearly interpolated.
        func profile(_ t: Double, horizontal: Bool) -> Double {
            let position = 150 + t - 0.5, low = Int(position.rounded(.down)), f = position - Double(low)
            func alpha(_ k: Int) -> Double { Double(horizontal ? flat[k, 120].alpha : flat[120, k].alpha) }
            return alpha(low) * (1 - f) + alpha(low + 1) * f
        }
        XCTAssertEqual(profile(-100, horizontal: true), 127.5, accuracy: 4)
        XCTAssertEqual(profile(-75, horizontal: false), 127.5, accuracy: 4)
        for d in stride(from: 1.0, through: 10, by: 1) {
            XCTAssertEqual(profile(-100 + d, horizontal: true) + profile(-100 - d, horizontal: true), 255, accuracy: 4)
        }
        XCTAssertEqual(profile(-90, horizontal: true), 255, accuracy: 2)
        XCTAssertEqual(profile(-110, horizontal: true), 0, accuracy: 2)
        var checked = 0
        for d in stride(from: -10.0, through: 10, by: 1) {
            // Across the left, right, top and bottom edges, 30 px from their middles (clear of the corners).
            for (u, v, edge) in [(-100 + d, -30.0, 0), (100 - d, 30, 0), (30, -75 + d, 1), (-30, 75 - d, 1)] {
                let p = turnedPixel(u, v, about: (150, 150), degrees: 30)
                // The mirrored edges' distances mapped onto the left and top profiles.
                let t = edge == 0 ? (u < 0 ? p.u : -p.u) : (v < 0 ? p.v : -p.v)
                let expected = profile(t, horizontal: edge == 0)
                XCTAssertEqual(Double(turned[p.x, p.y].alpha), expected, accuracy: 3,
                               "edge point (\(u), \(v)) at (\(p.x), \(p.y))")
                checked += 1
            }
        }
        XCTAssertEqual(checked, 84)
    }

    /// The background image is a prerequisite in the depfile, after the photos and overlays.
    func testDepfileListsTheBackgroundImage() throws {
        try write("doc.yaml", """
            version: 1
            canvas: {width: 200, height: 100, background: {image: photos/paper.png, fit: tile}}
            photos: [photos/stripes.png]
            """)
        let result = try runCollage(["render", "doc.yaml", "-o", "o.png", "--depfile", "o.d"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try text("o.d"), """
            o.png: \\
             doc.yaml \\
             photos/stripes.png \\
             photos/paper.png

            doc.yaml:

            photos/stripes.png:

            photos/paper.png:

            """)
    }

    /// Filters, blend modes, a blurred background and a blurred letterbox
    /// give the same bytes on 1, 2 and 3 threads, in JPEG (bands) and PNG (rows).
    func testEffectsGiveTheSameBytesForEveryThreadCount() throws {
        try write("effects.yaml", """
            version: 1
            canvas: {width: 360, height: 260, background: {image: photos/checker.png, blur: 5, filter: {sepia: 0.7}}}
            photos:
              - {src: photos/quadrants.png, filter: [{grayscale: 1}, {blur: 3}], blend: multiply}
              - {src: photos/tall.png, fit: contain, letterbox: {blur: 8, dim: 0.3}, filter: {hueRotate: 90}, rotation: 4}
              - {src: photos/gradient.jpg, blend: luminosity, cornerRadius: 12, opacity: 0.8}
            layout: {gap: 10, padding: 10}
            overlays:
              - {image: photos/paper.png, width: "100%", height: "100%", blend: multiply}
              - {image: photos/logo.png, anchor: bottomRight, filter: [{invert: 1}, {blur: 1.5}], blend: screen, rotation: 10}
              - {shape: ellipse, width: 120, height: 80, fill: "#ff8000", blend: colorDodge, anchor: topLeft}
            """)
        for format in ["jpg", "png"] {
            var first: [UInt8]?
            for threads in [1, 2, 3] {
                let output = url("out-\(threads).\(format)")
                try CollageRenderer.render(documentPath: url("effects.yaml").path,
                                           options: RenderOptions(outputPath: output.path, threads: threads))
                let bytes = [UInt8](try Data(contentsOf: output))
                if let first { XCTAssertEqual(bytes, first, "\(format), threads \(threads)") } else { first = bytes }
            }
        }
    }
}

extension EffectsEndToEndTests {
    /// JPEG has no alpha: a transparent canvas is flattened onto white in the
    /// document's compositing space, like every other edge: a `#00000080`
    /// rect gives 127 under `css` (the default) and 187 under `linear`
    /// (within 2 levels of JPEG's rounding on a flat block), and `convert`
    /// flattens as `css` does.
    func testJPEGFlattensATransparentCanvasInTheCompositingSpace() throws {
        for (mode, expected) in [("css", 127), ("linear", 187)] {
            try write("doc.yaml", """
                version: 1
                canvas: {width: 64, height: 64, background: "#00000000", compositing: \(mode)}
                overlays:
                  - {shape: rect, anchor: center, width: 48, height: 48, fill: "#00000080"}
                """)
            let result = try runCollage(["render", "doc.yaml", "-o", "out.jpg"], in: directory)
            XCTAssertEqual(result.status, 0, result.stderr)
            let jpeg = try ImageDecoder.decode(path: url("out.jpg").path)
            let centre = (32 * jpeg.width + 32) * 4
            for channel in 0 ..< 3 {
                XCTAssertEqual(Int(jpeg.pixels[centre + channel]), expected, accuracy: 2, "\(mode)")
            }
        }
        try write("doc.yaml", """
            version: 1
            canvas: {width: 64, height: 64, background: "#00000000"}
            overlays:
              - {shape: rect, anchor: center, width: 64, height: 64, fill: "#00000080"}
            """)
        XCTAssertEqual(try runCollage(["render", "doc.yaml", "-o", "half.png"], in: directory).status, 0)
        let converted = try runCollage(["convert", "half.png", "-o", "half.jpg"], in: directory)
        XCTAssertEqual(converted.status, 0, converted.stderr)
        let jpeg = try ImageDecoder.decode(path: url("half.jpg").path)
        XCTAssertEqual(Int(jpeg.pixels[(32 * jpeg.width + 32) * 4]), 127, accuracy: 2)
    }
}
