import CollageRaster
import Foundation
import XCTest
import CollageTestSupport

/// Issue 44's native strokes: a shape's stroke and the crop marks reach the
/// PDF as PDF stroke operators (`w`, `J`, `j`, `M`, `d`, `S`) of the centre
/// line, not as filled outlines.
extension PDFOutputTests {
    /// The lines of `content` from the first `RG` after `from` up to its `S`:
    /// one stroke's state and path.
    private func stroke(in content: String, color: String) -> [String] {
        let lines = content.split(separator: "\n").map(String.init)
        guard let start = lines.firstIndex(of: "\(color) RG"), let end = lines[start...].firstIndex(of: "S") else { return [] }
        return Array(lines[start ... end])
    }

    /// A dashed round-capped rule and a mitered polygon: each one `S` of its
    /// centre line with the document's width, cap, join, miter limit and
    /// dashes (the phase within one period), in canvas pixels under the
    /// page's `cm` (72 dpi: a pixel is a point, y flipped).
    func testStrokesAreNativePDFStrokes() throws {
        let (pdf, _) = try render("""
            version: 1
            canvas: {width: 200, height: 100, background: "#ffffff"}
            overlays:
              - shape: line
                points: [[20, 30], [180, 30]]
                stroke: {width: 6, dash: [12, 8], dashOffset: -4, cap: round, color: "#ff0000"}
              - shape: polygon
                points: [[20, 60], [180, 60], [100, 90]]
                stroke: {width: 4, join: miter, miterLimit: 10, color: "#0000ff"}
              - shape: rect
                anchor: topLeft
                offset: [150, 5]
                width: 40
                height: 20
                fill: "#00ff00"
                stroke: {width: 3, join: bevel, dash: [7], color: "#808080"}
            """, png: false)
        let content = try PDFTools.pageContent(pdf)
        XCTAssertEqual(stroke(in: content, color: "1 0 0"),
                       ["1 0 0 RG", "6 w", "1 J", "0 j", "4 M", "[12 8] 16 d", "20 30 m", "180 30 l", "S"],
                       "dashOffset -4 is phase 16 of the 20 px period\n\(content)")
        XCTAssertEqual(stroke(in: content, color: "0 0 1"),
                       ["0 0 1 RG", "4 w", "0 J", "0 j", "10 M", "20 60 m", "180 60 l", "100 90 l", "h", "S"], content)
        // An odd dash list is repeated once (SVG); the fill stays a fill. (The
        // 120 px outline ends in a gap: 120 = 8 x 14 + 8, so PDF's caps at the
        // starting corner are what the raster draws.)
        XCTAssertEqual(stroke(in: content, color: "0.502 0.502 0.502"),
                       ["0.502 0.502 0.502 RG", "3 w", "0 J", "2 j", "4 M", "[7 7] 0 d",
                        "150 5 m", "190 5 l", "190 25 l", "150 25 l", "h", "S"], content)
        XCTAssertEqual(content.components(separatedBy: "\nS\n").count - 1, 3, "three strokes")
        XCTAssertEqual(content.components(separatedBy: "\nf\n").count - 1, 1, "one fill (the rect's)\n\(content)")
        XCTAssertEqual(try PDFTools.images(pdf), [])
    }

    /// A gradient stroke cannot be a PDF stroke with a clip (PDF has no
    /// clip to a stroke): it is its outline filled with the shading.
    func testGradientStrokeIsItsOutlineFilledWithTheShading() throws {
        let document = """
            version: 1
            canvas: {width: 120, height: 60, background: "#ffffff"}
            overlays: [{shape: line, points: [[10, 30], [110, 30]], stroke: {width: 10, color: {gradient: {angle: 90, stops: ["#ff0000", "#0000ff"]}}}}]
            """
        let (pdf, _) = try render(document, png: false)
        let lines = try PDFTools.pageContent(pdf).split(separator: "\n").map(String.init)
        XCTAssertFalse(lines.contains("S"), lines.joined(separator: "\n"))
        // The outline (a closed band), clipped to, then the shading.
        let shading = try XCTUnwrap(lines.firstIndex { $0.hasSuffix(" sh") }, lines.joined(separator: "\n"))
        XCTAssertEqual(lines[shading - 1], "W n")
        XCTAssertEqual(lines[shading - 2], "h")
    }

    /// Crop marks are vector hairlines: eight butt-capped native strokes
    /// `PrintSpec.markPoints` (0.25 pt) wide, in canvas pixels at 100 dpi
    /// (0.25 / 72 × 100 = 0.3472 px), black.
    func testCropMarksAreNativeHairlines() throws {
        let (pdf, _) = try render("""
            version: 1
            canvas: {width: 2in, height: 1in, dpi: 100, background: "#ffffff"}
            print: {bleed: 0.125in, marks: [crop]}
            """, png: false)
        let lines = try PDFTools.pageContent(pdf).split(separator: "\n").map(String.init)
        let strokes = lines.indices.filter { lines[$0] == "S" }
        XCTAssertEqual(strokes.count, 8, lines.joined(separator: "\n"))
        XCTAssertEqual(lines.filter { $0 == "0.3472 w" }.count, 8)
        XCTAssertEqual(lines.filter { $0 == "0 0 0 RG" }.count, 8)
        XCTAssertEqual(lines.filter { $0 == "0 J" }.count, 8)
        // Each is one straight segment: m, l, S.
        for s in strokes {
            XCTAssertTrue(lines[s - 1].hasSuffix(" l") && lines[s - 2].hasSuffix(" m"), lines[(s - 2) ... s].joined(separator: " "))
        }
    }

    /// A dashed square whose pattern is "on" at both ends of its outline:
    /// the raster joins the last dash to the first at the starting corner
    /// (SVG), where PDF would cap both, so the stroke is its outline filled
    /// (no `S`); rendered at 4 x 72 dpi and averaged down (poppler snaps
    /// strokes at 72 dpi) the page matches the PNG at 40 dB or more (46.4 dB
    /// on 2026-12-04; 26.0 dB as a native stroke with the corner capped).
    /// A rounded rectangle starts where an arc meets a side, a smooth point:
    /// its dashes stay a native stroke.
    func testDashedClosedCornerTheRasterJoinsIsFilled() throws {
        let (pdf, pngImage) = try render("""
            version: 1
            canvas: {width: 120, height: 120, background: "#ffffff"}
            overlays: [{shape: polygon, points: [[20, 20], [100, 20], [100, 100], [20, 100]], stroke: {width: 12, color: "#000000", dash: [30, 10], dashOffset: 15}}]
            """)
        let png = try XCTUnwrap(pngImage)
        let page = try PDFTools.render(pdf, dpi: 4 * 72)
        var sum = 0.0
        for y in 0 ..< png.height {
            for x in 0 ..< png.width {
                let a = png[x, y]
                for (k, value) in [a.red, a.green, a.blue].enumerated() {
                    var mean = 0.0
                    for dy in 0 ..< 4 { for dx in 0 ..< 4 {
                        let b = page[4 * x + dx, 4 * y + dy]
                        mean += Double([b.red, b.green, b.blue][k])
                    } }
                    let d = Double(value) - mean / 16
                    sum += d * d
                }
            }
        }
        let psnr = PixelMetrics.psnr(meanSquaredError: sum / Double(png.width * png.height * 3))
        print("PDF dashed corner, 4 x 72 dpi averaged down: \(String(format: "%.2f", psnr)) dB")
        XCTAssertGreaterThanOrEqual(psnr, 40)
        XCTAssertFalse(try PDFTools.pageContent(pdf).split(separator: "\n").contains("S"))
        let (rounded, _) = try render("""
            version: 1
            canvas: {width: 120, height: 120, background: "#ffffff"}
            overlays: [{shape: rect, anchor: topLeft, offset: [20, 20], width: 80, height: 80, cornerRadius: 10, stroke: {width: 6, color: "#000000", dash: [30, 10]}}]
            """, name: "rounded", png: false)
        XCTAssertEqual(try PDFTools.pageContent(rounded).split(separator: "\n").filter { $0 == "S" }.count, 1)
    }

    /// Joins, caps, dashes on a curve, a rotated stroked rect and a
    /// translucent stroke, stroked by PDF: at least 30 dB against the PNG.
    func testNativeStrokesMatchTheRaster() throws {
        let (pdf, png) = try render("""
            version: 1
            canvas: {width: 320, height: 200, background: "#fdfcf7"}
            overlays:
              - {shape: line, points: [[15, 60], [45, 15], [75, 60]], stroke: {width: 10, color: "#264653", join: miter}}
              - {shape: line, points: [[85, 60], [115, 15], [145, 60]], stroke: {width: 10, color: "#264653", join: round}}
              - {shape: line, points: [[155, 60], [185, 15], [215, 60]], stroke: {width: 10, color: "#264653", join: bevel}}
              - {shape: line, points: [[230, 20], [300, 20]], stroke: {width: 8, color: "#e76f51", cap: round}}
              - {shape: line, points: [[230, 45], [300, 45]], stroke: {width: 8, color: "#e76f51", cap: square}}
              - {shape: polygon, points: [[15, 180], [45, 90], [75, 175]], stroke: {width: 6, color: "#e63946", join: miter, miterLimit: 10}}
              - {shape: path, d: "M 95 150 C 120 80 170 200 200 110", stroke: {width: 5, color: "#2a9d8f", dash: [14, 6, 2, 6], cap: round}}
              - shape: rect
                anchor: topLeft
                offset: [220, 90]
                width: 70
                height: 50
                cornerRadius: 10
                fill: "#e9c46a"
                stroke: {width: 4, color: "#1d3557", dash: [8, 4], dashOffset: 3}
                rotation: 12
              - {shape: ellipse, anchor: topLeft, offset: [215, 130], width: 90, height: 50, stroke: {width: 12, color: "#7209b780"}}
            """)
        XCTAssertEqual(try PDFTools.pageContent(pdf).components(separatedBy: "\nS\n").count - 1, 9, "nine native strokes")
        try assertParity(pdf, png, dpi: 72, atLeast: 30)
    }
}
