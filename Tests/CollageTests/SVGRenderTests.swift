import CollageCodecs
import CollageRaster
import Foundation
import XCTest
import CollageTestSupport

/// SVG photos and image overlays drawn as vectors (docs/format.md "SVG
/// images"), through the `collage` binary with the pinned fonts.
final class SVGRenderTests: XCTestCase {
    /// A black disc filling its 100 x 100 viewBox, no width or height (the
    /// intrinsic size comes from the viewBox).
    static let disc = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><circle cx="50" cy="50" r="50" fill="#000"/></svg>
        """

    private func write(_ text: String, _ name: String, in directory: URL) throws {
        try Data(text.utf8).write(to: directory.appendingPathComponent(name))
    }

    /// Renders `document` (written as doc.yaml) to out.png and decodes it.
    private func render(_ document: String, in directory: URL, _ extra: [String] = []) throws -> (Pixmap, Data) {
        try write(document, "doc.yaml", in: directory)
        let result = try runCollage(["render", "doc.yaml", "-o", "out.png"] + extra, in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let url = directory.appendingPathComponent("out.png")
        return (try ImageDecoder.decode(path: url.path), try Data(contentsOf: url))
    }

    /// The exact area of the disc of radius `r` about (`cx`, `cy`) on pixel
    /// (`x`, `y`), by 64 x 64 point sampling (error under 1/64 of a pixel's area).
    private func discCoverage(x: Int, y: Int, cx: Double, cy: Double, r: Double) -> Double {
        var inside = 0
        for j in 0 ..< 64 {
            for i in 0 ..< 64 {
                let px = Double(x) + (Double(i) + 0.5) / 64 - cx, py = Double(y) + (Double(j) + 0.5) / 64 - cy
                if px * px + py * py <= r * r { inside += 1 }
            }
        }
        return Double(inside) / 4096
    }

    /// The disc drawn at 400 px and at 40 px on a transparent canvas: its
    /// alpha sums to π r² within 1%, every pixel more than 1 px from the
    /// circle is fully in or out (the anti-aliased band is at most 2 px
    /// wide), and the edge pixels' alpha is the analytic coverage.
    func testDiscAtTwoScalesCoversItsAreaWithCrispEdges() throws {
        let directory = try TestPackage.temporaryDirectory(self)
        try write(Self.disc, "disc.svg", in: directory)
        for side in [400, 40] {
            let (image, _) = try render("""
                version: 1
                canvas: {width: \(side), height: \(side), background: "#00000000"}
                photos: [{src: disc.svg, fit: contain}]
                """, in: directory)
            XCTAssertEqual(image.size, Size(width: side, height: side))
            let r = Double(side) / 2
            var area = 0.0, worst = 0.0, errorSum = 0.0, edgePixels = 0
            for y in 0 ..< side {
                for x in 0 ..< side {
                    let alpha = Double(image.pixels[(y * side + x) * 4 + 3]) / 255
                    area += alpha
                    let dx = Double(x) + 0.5 - r, dy = Double(y) + 0.5 - r
                    let distance = (dx * dx + dy * dy).squareRoot()
                    if distance < r - 1 { XCTAssertGreaterThanOrEqual(alpha, 254 / 255, "\(side) px: (\(x), \(y)) inside"); continue }
                    if distance > r + 1 { XCTAssertLessThanOrEqual(alpha, 1 / 255, "\(side) px: (\(x), \(y)) outside"); continue }
                    let exact = discCoverage(x: x, y: y, cx: r, cy: r, r: r)
                    worst = max(worst, abs(alpha - exact))
                    errorSum += abs(alpha - exact)
                    edgePixels += 1
                }
            }
            let expected = Double.pi * r * r
            XCTAssertEqual(area, expected, accuracy: expected * 0.01, "\(side) px disc area")
            // Cairo's scan converter samples 15 sub-rows a pixel, so where the
            // circle runs nearly level its coverage is quantised to 1/15
            // (measured worst 0.12 at 400 px); the mean error stays small.
            XCTAssertLessThan(worst, 0.14, "\(side) px: worst edge pixel against the analytic coverage")
            XCTAssertLessThan(errorSum / Double(edgePixels), 0.03, "\(side) px: mean edge error")
        }
    }

    /// A rectangle whose sides fall at fractions of a pixel, drawn at 400 px
    /// and at 40 px: inside it alpha is 1, outside 0, and each edge column's
    /// alpha is the part of the column it covers (exact: cairo resolves x
    /// finely), never a blurred ramp from an upscaled bitmap.
    func testFractionalEdgesHaveTheirAnalyticCoverageAtBothScales() throws {
        let directory = try TestPackage.temporaryDirectory(self)
        try write("""
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect x="10.1" y="0" width="50" height="100"/></svg>
            """, "bar.svg", in: directory)
        for (side, left, right) in [(400, 40.4, 240.4), (40, 4.04, 24.04)] {
            let (image, _) = try render("""
                version: 1
                canvas: {width: \(side), height: \(side), background: "#00000000"}
                photos: [{src: bar.svg, fit: contain}]
                """, in: directory)
            let y = side / 2
            for x in 0 ..< side {
                let exact = max(0, min(Double(x + 1), right) - max(Double(x), left))
                let alpha = Double(image.pixels[(y * side + x) * 4 + 3]) / 255
                XCTAssertEqual(alpha, exact, accuracy: 1.5 / 255, "\(side) px: column \(x)")
            }
        }
    }

    /// An overlay turned 30° matches librsvg drawing the same SVG wrapped in
    /// `<g transform="rotate(30 100 100)">` (through `collage convert`, at its
    /// native size) within 40 dB PSNR over premultiplied RGBA.
    func testRotatedOverlayMatchesLibrsvgRotation() throws {
        let directory = try TestPackage.temporaryDirectory(self)
        let art = """
            <rect x="15" y="20" width="60" height="35" fill="#d02020"/>
            <circle cx="60" cy="65" r="22" fill="#2050e0" fill-opacity="0.7"/>
            <path d="M20 85 L50 70 L80 88 Z" fill="#10a040"/>
            """
        try write("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"100\">\(art)</svg>", "art.svg", in: directory)
        try write("""
            <svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">
            <g transform="rotate(30 100 100)"><svg x="50" y="50" width="100" height="100">\(art)</svg></g></svg>
            """, "reference.svg", in: directory)
        let (image, _) = try render("""
            version: 1
            canvas: {width: 200, height: 200, background: "#00000000"}
            overlays: [{image: art.svg, width: 100, anchor: center, rotation: 30}]
            """, in: directory)
        let converted = try runCollage(["convert", "reference.svg", "-o", "reference.png"], in: directory)
        XCTAssertEqual(converted.status, 0, converted.stderr)
        let reference = try ImageDecoder.decode(path: directory.appendingPathComponent("reference.png").path)
        XCTAssertEqual(reference.size, image.size)
        let psnr = PixelMetrics.psnr(image, reference, channels: .premultipliedRGBA)
        XCTAssertGreaterThanOrEqual(psnr, 40, "PSNR \(psnr) dB")
        // Not blank: the art covers a good part of the canvas.
        let covered = stride(from: 3, to: image.pixels.count, by: 4).filter { image.pixels[$0] > 128 }.count
        XCTAssertGreaterThan(covered, 3000)
    }

    /// SVG `<text>` set by librsvg with the pinned fonts: the same bytes on
    /// every run and with --threads 1 and 2, and the text is drawn.
    func testSVGWithTextIsDeterministicAcrossRunsAndThreads() throws {
        let directory = try TestPackage.temporaryDirectory(self)
        try write("""
            <svg xmlns="http://www.w3.org/2000/svg" width="240" height="80">
              <rect width="240" height="80" rx="12" fill="#fff6d0"/>
              <text x="120" y="52" text-anchor="middle" font-family="DejaVu Sans" font-size="36" fill="#203080">Logo ロゴ</text>
            </svg>
            """, "text.svg", in: directory)
        let document = """
            version: 1
            canvas: {width: 600, height: 400, background: "#ffffff"}
            photos: [{src: text.svg, fit: contain}, {src: text.svg, rotation: 8}, text.svg]
            layout: {kind: grid, columns: 2}
            overlays: [{image: text.svg, width: 200, anchor: bottomRight, rotation: -12, opacity: 0.9}]
            """
        let (image, first) = try render(document, in: directory, ["--threads", "1"])
        let (_, again) = try render(document, in: directory, ["--threads", "1"])
        let (_, two) = try render(document, in: directory, ["--threads", "2"])
        XCTAssertEqual(first, again, "two runs differ")
        XCTAssertEqual(first, two, "--threads 1 and 2 differ")
        // The text's dark blue is there (glyphs drawn, not only the box).
        let blue = stride(from: 0, to: image.pixels.count, by: 4).filter {
            image.pixels[$0] < 80 && image.pixels[$0 + 1] < 90 && image.pixels[$0 + 2] > 100
        }.count
        XCTAssertGreaterThan(blue, 500)
    }

    /// Writes `halves.svg`: a 20 x 10 document, its left half red and its right half blue.
    private func writeHalves(in directory: URL) throws {
        try write("""
            <svg xmlns="http://www.w3.org/2000/svg" width="20" height="10">
            <rect width="10" height="10" fill="#ff0000"/><rect x="10" width="10" height="10" fill="#0000ff"/></svg>
            """, "halves.svg", in: directory)
    }

    /// A photo's `orientation` override turns an SVG as it turns a photo:
    /// a 20 x 10 document, red left and blue right, under orientation 6
    /// (turn 90° clockwise) is a 10 x 20 picture, red on top.
    func testOrientationOverrideTurnsAnSVG() throws {
        let directory = try TestPackage.temporaryDirectory(self)
        try writeHalves(in: directory)
        let (image, _) = try render("""
            version: 1
            canvas: {width: 100}
            photos: [{src: halves.svg, orientation: 6}]
            """, in: directory)
        XCTAssertEqual(image.size, Size(width: 100, height: 200))
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(image.pixels[(y * 100 + x) * 4 ..< (y * 100 + x) * 4 + 4]) }
        XCTAssertEqual(pixel(50, 50), [255, 0, 0, 255])
        XCTAssertEqual(pixel(50, 150), [0, 0, 255, 255])
        XCTAssertEqual(pixel(2, 97), [255, 0, 0, 255])
        XCTAssertEqual(pixel(97, 102), [0, 0, 255, 255])
    }

    /// A background image may be an SVG too (the same provider path), and
    /// filters apply to SVG photos: red and blue halves behind, a grayscale
    /// SVG photo in front; an over-budget SVG background fails check and
    /// render alike at its `image`.
    func testSVGBackgroundAndFilteredSVGPhoto() throws {
        let directory = try TestPackage.temporaryDirectory(self)
        try writeHalves(in: directory)
        let (image, _) = try render("""
            version: 1
            canvas: {width: 200, height: 100, background: {image: halves.svg, fit: cover}}
            photos: [{src: halves.svg, frame: {x: 80, y: 40, width: 40, height: 20}, filter: {grayscale: 1}}]
            layout: {kind: free}
            """, in: directory)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(image.pixels[(y * 200 + x) * 4 ..< (y * 200 + x) * 4 + 4]) }
        XCTAssertEqual(pixel(20, 10), [255, 0, 0, 255])
        XCTAssertEqual(pixel(180, 90), [0, 0, 255, 255])
        // The Filter Effects grayscale on sRGB values: red 0.2126 x 255 = 54, blue 0.0722 x 255 = 18.
        for (x, y, grey) in [(85, 50, 54), (115, 50, 18)] {
            let p = pixel(x, y).map(Int.init)
            XCTAssertTrue(p[0] == p[1] && p[1] == p[2] && abs(p[0] - grey) <= 1 && p[3] == 255, "grey at (\(x), \(y)): \(p)")
        }
        try write("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100000\" height=\"100000\"/>", "huge.svg", in: directory)
        try write("version: 1\ncanvas:\n  width: 50\n  height: 50\n  background: {image: huge.svg}\n", "doc.yaml", in: directory)
        for command in [["check", "doc.yaml"], ["render", "doc.yaml", "-o", "bad.png"]] {
            let result = try runCollage(command, in: directory)
            XCTAssertEqual(result.status, 1, result.stderr)
            XCTAssertTrue(result.stderr.contains("doc.yaml:5:23: error: cannot decode background image 'huge.svg': image too large"),
                          "\(command[0]): \(result.stderr)")
        }
    }

    /// A turned SVG photo's filters apply in its own frame (the picture drawn
    /// at its frame's scale, filtered, then turned): its grey blurred
    /// letterbox is the flat grey of each half 2 px inside the turned cell's
    /// top and bottom edges (within 2), and 2 px outside them the canvas is
    /// white exactly.
    func testTurnedFilteredSVGIsFilteredInItsFrame() throws {
        let directory = try TestPackage.temporaryDirectory(self)
        try writeHalves(in: directory)
        // A 100 x 100 cell centred at (100, 100): the picture 100 x 50 in the middle, bars 25 px tall above
        // and below; the letterbox covers the cell, red left of u = 0, blue right of it.
        let (image, _) = try render("""
            version: 1
            canvas: {width: 200, height: 200, background: "#ffffff"}
            photos: [{src: halves.svg, frame: {x: 50, y: 50, width: 100, height: 100}, fit: contain,
                      letterbox: {blur: 6}, filter: {grayscale: 1}, rotation: 20}]
            layout: {kind: free}
            """, in: directory)
        // The Filter Effects grayscale on sRGB values: red 0.2126 x 255 = 54, blue 0.0722 x 255 = 18.
        for (u, v, grey) in [(-30.0, -48.0, 54), (30, -48, 18), (-30, 48, 54), (30, 48, 18), (-30, 0, 54), (30, 0, 18)] {
            let p = turnedPixel(u, v, about: (100, 100), degrees: 20)
            let c = image[p.x, p.y]
            XCTAssertTrue(c.red == c.green && c.green == c.blue && abs(Int(c.red) - grey) <= 2 && c.alpha == 255,
                          "(\(u), \(v)) at (\(p.x), \(p.y)): \(c)")
        }
        for (u, v) in [(-30.0, -52.0), (30, -52), (-30, 52), (30, 52), (-52, -30), (52, 30)] {
            let p = turnedPixel(u, v, about: (100, 100), degrees: 20)
            XCTAssertEqual(image[p.x, p.y], .white, "(\(u), \(v)) at (\(p.x), \(p.y))")
        }
    }

    /// `--depfile` lists SVG photos and overlays like other images.
    func testDepfileListsSVGs() throws {
        let directory = try TestPackage.temporaryDirectory(self)
        try write(Self.disc, "disc.svg", in: directory)
        try write(Self.disc, "badge.svg", in: directory)
        try write("""
            version: 1
            canvas: {width: 100, height: 100}
            photos: [disc.svg]
            overlays: [{image: badge.svg, width: 20}]
            """, "doc.yaml", in: directory)
        let result = try runCollage(["render", "doc.yaml", "-o", "o.png", "--depfile", "o.d"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let depfile = try String(contentsOf: directory.appendingPathComponent("o.d"), encoding: .utf8)
        XCTAssertTrue(depfile.contains(" disc.svg"), depfile)
        XCTAssertTrue(depfile.contains(" badge.svg"), depfile)
    }

    /// Bad SVGs: `check` and `render` both fail (exit 1) at the `src` or
    /// `image` value with the path and the reason, no output is written and
    /// nothing crashes; what check accepts, render renders.
    func testBadSVGsFailCheckAndRenderAlike() throws {
        let directory = try TestPackage.temporaryDirectory(self)
        let cases: [(file: String, content: [UInt8], reason: String)] = [
            ("malformed.svg", Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><rect></svg>".utf8),
             "invalid SVG"),
            ("zero.svg", Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"0\" height=\"10\"/>".utf8), "zero size"),
            ("nosize.svg", Array("<svg xmlns=\"http://www.w3.org/2000/svg\"><rect width=\"5\" height=\"5\"/></svg>".utf8),
             "no intrinsic size"),
            ("huge.svg", Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100000\" height=\"100000\"/>".utf8),
             "image too large: 100000x100000"),
            ("truncated.svgz", Array(try SVGTestData.gzip(Self.disc).dropLast(24)), "invalid SVG"),
        ]
        for (file, content, reason) in cases {
            try Data(content).write(to: directory.appendingPathComponent(file))
            for asOverlay in [false, true] {
                let document = asOverlay
                    ? "version: 1\ncanvas: {width: 50, height: 50}\noverlays:\n  - image: \(file)\n"
                    : "version: 1\ncanvas: {width: 50, height: 50}\nphotos:\n  - src: \(file)\n"
                try write(document, "doc.yaml", in: directory)
                let check = try runCollage(["check", "doc.yaml"], in: directory)
                let render = try runCollage(["render", "doc.yaml", "-o", "bad.png"], in: directory)
                let line = "doc.yaml:\(asOverlay ? "4:12" : "4:10"): error:"
                for (name, result) in [("check", check), ("render", render)] {
                    XCTAssertEqual(result.status, 1, "\(file) \(name): \(result.stderr)")
                    XCTAssertTrue(result.stderr.contains(line), "\(file) \(name): \(result.stderr)")
                    XCTAssertTrue(result.stderr.contains(reason), "\(file) \(name): \(result.stderr)")
                }
                XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("bad.png").path))
            }
        }
    }

    /// `collage convert logo.svg -o logo.png --max-size WxH` draws the SVG to
    /// fit the box (enlarged: a vector has no native resolution); without it,
    /// at its intrinsic size; an SVGZ converts the same.
    func testConvertRasterisesAnSVG() throws {
        let directory = try TestPackage.temporaryDirectory(self)
        try write(Self.disc, "logo.svg", in: directory)
        try Data(try SVGTestData.gzip(Self.disc)).write(to: directory.appendingPathComponent("logo.svgz"))
        for (arguments, size) in [(["--max-size", "1024x1024"], 1024), (["--max-size", "64x200"], 64), ([], 100)] {
            for input in ["logo.svg", "logo.svgz"] {
                let result = try runCollage(["convert", input, "-o", "logo.png"] + arguments, in: directory)
                XCTAssertEqual(result.status, 0, result.stderr)
                let image = try ImageDecoder.decode(path: directory.appendingPathComponent("logo.png").path)
                XCTAssertEqual(image.size, Size(width: size, height: size), "\(input) \(arguments)")
                let centre = (size / 2 * size + size / 2) * 4
                XCTAssertEqual(Array(image.pixels[centre ..< centre + 4]), [0, 0, 0, 255])
                XCTAssertEqual(image.pixels[3], 0, "the corner is outside the disc")
            }
        }
    }
}

/// Gzip for SVGZ test files (the `gzip` tool, as a test helper).
enum SVGTestData {
    static func gzip(_ text: String) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-c", "-n"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Array(data)
    }
}
