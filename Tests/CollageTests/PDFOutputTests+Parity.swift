import CollageCodecs
import CollageRaster
import Foundation
import XCTest
import CollageTestSupport

/// Issue 44's measured cases held by tests: translucency under the css
/// default, a CMYK JPEG re-encoded, gradients sampled within a level, SVG
/// at the print PPI, and a multi-page book's boxes.
extension PDFOutputTests {
    /// A scrim and a veil over bands, three overlapping 50% circles, a
    /// group at 60% opacity, a translucent radial glow and a multiply
    /// blend: PDF composites in sRGB values as `compositing: css` does, so
    /// the page matches the PNG at 35 dB or more.
    func testTranslucencyUnderTheCSSDefaultMatchesTheRaster() throws {
        let (pdf, png) = try render("""
            version: 1
            canvas: {width: 400, height: 240, background: "#ffffff"}
            overlays:
              - {shape: rect, anchor: topLeft, offset: [0, 0], width: 140, height: 240, fill: "#e63946"}
              - {shape: rect, anchor: topLeft, offset: [140, 0], width: 130, height: 240, fill: "#2a9d8f"}
              - {shape: rect, anchor: topLeft, offset: [270, 0], width: 130, height: 240, fill: "#e9c46a"}
              - {shape: rect, anchor: topLeft, offset: [0, 20], width: 400, height: 45, fill: "#00000080"}
              - {shape: rect, anchor: topLeft, offset: [0, 190], width: 400, height: 40, fill: "#ffffff66"}
              - {shape: ellipse, anchor: topLeft, offset: [30, 70], width: 90, height: 90, fill: "#ff000080"}
              - {shape: ellipse, anchor: topLeft, offset: [90, 70], width: 90, height: 90, fill: "#00c00080"}
              - {shape: ellipse, anchor: topLeft, offset: [60, 110], width: 90, height: 90, fill: "#0000ff80"}
              - {shape: rect, anchor: topLeft, offset: [200, 80], width: 80, height: 80, fill: "#3a0ca3", stroke: {width: 6, color: "#f72585"}, opacity: 0.6}
              - shape: ellipse
                anchor: topLeft
                offset: [260, 60]
                width: 140
                height: 140
                fill: {gradient: {kind: radial, radius: "50%", stops: ["#f72585aa", "#f7258500"]}}
              - {shape: rect, anchor: topLeft, offset: [300, 150], width: 80, height: 60, fill: "#4cc9f0", blend: multiply}
            """)
        let psnr = try assertParity(pdf, png, dpi: 72, atLeast: 35)
        XCTAssertLessThan(psnr, 200, "a real comparison")
    }

    /// A CMYK (Adobe YCCK, inverted) JPEG placed whole is not passed
    /// through (PDF would need its inversion and a CMYK space): it is
    /// re-encoded, `rgb` DCT whose bytes are not the file's, and the page
    /// matches the PNG at 35 dB or more.
    func testCMYKJPEGIsReEncodedAsRGB() throws {
        let cmyk = try TestPackage.corpusFile("pillow/pil_sample_cmyk.jpg")
        let (pdf, png) = try render("""
            version: 1
            canvas: {width: 120, height: 120, background: "#ffffff"}
            photos: [{src: "\(cmyk)", fit: contain}]
            layout: {kind: auto, padding: 10}
            """, ["--pdf-max-ppi", "1000"])
        let listed = try PDFTools.images(pdf)
        XCTAssertEqual(listed.map(\.type), ["image"])
        XCTAssertEqual(listed.map(\.color), ["rgb"])
        XCTAssertEqual(listed.map(\.encoding), ["jpeg"])
        XCTAssertEqual(listed.map { [$0.width, $0.height] }, [[100, 100]], "resampled to its placed 100 x 100 px")
        let extracted = try PDFTools.extractImages(pdf, into: url("cmyk-images"))
        XCTAssertEqual(extracted.count, 1)
        XCTAssertNotEqual(try Data(contentsOf: URL(fileURLWithPath: extracted[0])), try Data(contentsOf: URL(fileURLWithPath: cmyk)))
        try assertParity(pdf, png, dpi: 72, atLeast: 35)
    }

    /// Gradients interpolated in linear light and in oklab are sampled into
    /// a Type 0 function: along a row across each, within one level of the
    /// PNG channel by channel. Poppler's Splash evaluates an axial shading
    /// at each device pixel's corner, the raster at its centre: at the
    /// canvas's own 72 dpi that half-pixel shift alone gives up to 4 and 5
    /// levels where the curves are steepest (the first and last pixels of
    /// the linear-light ramp, 2026-12-04); so the page is rendered at 4 x
    /// 72 dpi and read at device pixel (4x + 2, 4y + 2), the corner that is
    /// canvas pixel (x, y)'s centre. The 72 dpi page is held to 45 dB.
    func testLinearLightAndOklabGradientsStayWithinOneLevel() throws {
        let (pdf, pngImage) = try render("""
            version: 1
            canvas: {width: 512, height: 60, background: "#ffffff"}
            overlays:
              - {shape: rect, anchor: topLeft, offset: [0, 0], width: 512, height: 30, fill: {gradient: {angle: 90, stops: ["#ff0000", "#0000ff"], space: linear}}}
              - {shape: rect, anchor: topLeft, offset: [0, 30], width: 512, height: 30, fill: {gradient: {angle: 90, stops: ["#000000", "#ffff00", "#00ffff"], space: oklab}}}
            """)
        let png = try XCTUnwrap(pngImage)
        XCTAssertTrue(try PDFTools.images(pdf).isEmpty, "shadings, not images")
        try assertParity(pdf, png, dpi: 72, atLeast: 45)
        let page = try PDFTools.render(pdf, dpi: 4 * 72)
        for (row, space) in [(15, "linear"), (45, "oklab")] {
            var worst = 0
            for x in 0 ..< png.width {
                let a = png[x, row], b = page[4 * x + 2, 4 * row + 2]
                worst = max(worst, abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)), abs(Int(a.blue) - Int(b.blue)))
            }
            print("PDF gradient \(space): largest difference along row \(row) at pixel centres: \(worst) level(s)")
            XCTAssertLessThanOrEqual(worst, 1, "\(space) gradient along row \(row)")
        }
    }

    /// A blurred image (CSS `blur()`, transparent edges) spreads beyond its
    /// bounds: it is rasterised at the canvas's resolution over its bounds
    /// grown by 3σ + 2 (σ = 3: 11 px a side), an image with an SMask of
    /// 96 + 22 = 118 x 64 + 22 = 86 px, not cut at the picture's edge;
    /// the page matches the PNG at 35 dB or more (24.7 dB when it was cut).
    func testBlurredImageIsRasterisedWithItsReach() throws {
        try Data(try ImageEncoder.encode(SyntheticPhotos.gradient(width: 96, height: 64), as: .png)).write(to: url("ramp.png"))
        let (pdf, png) = try render("""
            version: 1
            canvas: {width: 140, height: 110, background: "#e0e6ee"}
            overlays:
              - {image: ramp.png, anchor: topLeft, offset: [22, 22], filter: {blur: 3}}
            """)
        let listed = try PDFTools.images(pdf)
        XCTAssertEqual(listed.map { [$0.width, $0.height] }, [[118, 86], [118, 86]], "\(listed)")
        XCTAssertEqual(listed.map(\.type), ["image", "smask"])
        try assertParity(pdf, png, dpi: 72, atLeast: 35)
    }

    /// An SVG overlay is rasterised at the print PPI: its placed 200 x 100
    /// canvas pixels at 600 dpi, capped by `--pdf-max-ppi 150`, are stored
    /// at 150/600 of that, 50 x 25 px (with an SMask: it has alpha), 150 ppi.
    func testSVGIsRasterisedAtThePrintPPI() throws {
        try write("logo.svg", """
            <svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" viewBox="0 0 40 20">
              <rect x="2" y="2" width="36" height="16" rx="4" fill="#2a9d8f"/>
            </svg>
            """)
        let (pdf, _) = try render("""
            version: 1
            canvas: {width: 400, height: 200, dpi: 600, background: "#ffffff"}
            overlays:
              - {image: logo.svg, anchor: topLeft, offset: [100, 50], width: 200, height: 100}
            """, png: false, ["--pdf-max-ppi", "150"])
        let listed = try PDFTools.images(pdf)
        let image = try XCTUnwrap(listed.first { $0.type == "image" }, "\(listed)")
        XCTAssertEqual([image.width, image.height, image.xppi, image.yppi], [50, 25, 150, 150])
        XCTAssertEqual(listed.filter { $0.type == "smask" }.map { [$0.width, $0.height] }, [[50, 25]])
        // Without the cap's bite (72 dpi canvas): the placed size itself.
        let (plain, _) = try render("""
            version: 1
            canvas: {width: 400, height: 200, background: "#ffffff"}
            overlays:
              - {image: logo.svg, anchor: topLeft, offset: [100, 50], width: 200, height: 100}
            """, name: "plain", png: false)
        XCTAssertEqual(try PDFTools.images(plain).filter { $0.type == "image" }.map { [$0.width, $0.height, $0.xppi] }, [[200, 100, 72]])
    }

    /// A three-page book with a 3 mm bleed and a slug (crop marks): three
    /// pages in one file, each MediaBox the output with bleed and slug,
    /// TrimBox the 1 x 1.5 in page centred, BleedBox 3 mm beyond it, as
    /// `qpdf --json` reads them (points).
    func testMultiPageBookWithBleedAndSlugBoxes() throws {
        let (pdf, _) = try render("""
            version: 1
            canvas: {width: 1in, height: 1.5in, dpi: 150, background: "#ffffff"}
            print: {bleed: 3mm, marks: [crop]}
            layout: {kind: grid, columns: 1, padding: 20}
            pages:
              - photos: [photos/gradient.jpg]
              - photos: [{src: photos/gradient.jpg, fit: contain}]
              - photos: [{src: photos/rotated6.jpg, fit: contain}]
            """, png: false)
        let pages = try PDFTools.pageBoxes(pdf)
        XCTAssertEqual(pages.count, 3)
        // 3 mm at 150 dpi = 17.72 px, rounded to 18 px = 8.64 pt.
        let bleed = 18.0 * 72 / 150
        for (n, page) in pages.enumerated() {
            let media = try XCTUnwrap(page["/MediaBox"]), trim = try XCTUnwrap(page["/TrimBox"]), box = try XCTUnwrap(page["/BleedBox"])
            XCTAssertEqual(trim[2] - trim[0], 72, accuracy: 0.01, "page \(n + 1): 1 in")
            XCTAssertEqual(trim[3] - trim[1], 108, accuracy: 0.01, "page \(n + 1): 1.5 in")
            for i in 0 ..< 2 { XCTAssertEqual(trim[i] - box[i], bleed, accuracy: 0.01, "page \(n + 1)") }
            for i in 2 ..< 4 { XCTAssertEqual(box[i] - trim[i], bleed, accuracy: 0.01, "page \(n + 1)") }
            XCTAssertEqual(media[0], 0); XCTAssertEqual(media[1], 0)
            XCTAssertGreaterThan(box[0], 0, "page \(n + 1): a slug outside the bleed")
            XCTAssertEqual(media[2] - box[2], box[0], accuracy: 0.01, "page \(n + 1): the slug the same on each side")
            XCTAssertEqual(page, pages[0], "every page the same boxes")
        }
    }
}
