import CollageCodecs
import CollageRaster
import Foundation
import XCTest
@testable import Collage
import CollageTestSupport

/// Issue 38 through the `collage` binary (docs/print.md): bleed, output
/// size, crop marks, `layout --json` rectangles, the debug overlay and
/// preflight.
final class PrintRenderTests: XCTestCase, PhotoFolderTest {
    var directory: URL!

    override func setUpWithError() throws {
        try makePhotoFolder()
    }

    private func render(_ document: String, _ extra: [String] = [], name: String = "doc") throws -> Pixmap {
        try write("\(name).yaml", document)
        let result = try runCollage(["render", "\(name).yaml", "-o", "\(name).png"] + extra, in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        return try ImageDecoder.decode(path: url("\(name).png").path)
    }

    private func assertSame(_ a: Pixmap, _ b: Pixmap, tolerance: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.width, b.width, file: file, line: line)
        XCTAssertEqual(a.height, b.height, file: file, line: line)
        var worst = 0
        for y in 0..<min(a.height, b.height) {
            for x in 0..<min(a.width, b.width) {
                let p = a[x, y], q = b[x, y]
                worst = max(worst, abs(Int(p.red) - Int(q.red)), abs(Int(p.green) - Int(q.green)),
                            abs(Int(p.blue) - Int(q.blue)), abs(Int(p.alpha) - Int(q.alpha)))
            }
        }
        XCTAssertLessThanOrEqual(worst, tolerance, "largest channel difference", file: file, line: line)
    }

    /// Text set into the bleed is drawn there, as shapes are (the trim does
    /// not clip it), and preflight warns about it at the overlay.
    func testTextInTheBleedIsDrawnAndWarned() throws {
        let document = """
            version: 1
            canvas: {width: 200, height: 100, dpi: 100, background: "#ffffff"}
            print: {bleed: 0.2in}
            overlays:
              - text: "XXXX"
                font: {size: 30}
                color: "#0000ff"
                anchor: topLeft
                offset: [-15, 40]
            """
        let printed = try render(document)
        XCTAssertEqual([printed.width, printed.height], [240, 140])
        // Blue ink left of the trim line (output x 20): the bleed holds the text.
        var inBleed = 0
        for y in 60..<100 { for x in 0..<20 where printed[x, y].blue > 150 && printed[x, y].red < 100 { inBleed += 1 } }
        XCTAssertGreaterThan(inBleed, 20, "text pixels in the bleed")
        let (status, diagnostics) = try check(document)
        XCTAssertEqual(status, 0)
        let messages = diagnostics.compactMap { $0["message"] as? String }
        XCTAssertTrue(messages.contains { $0.hasPrefix("text overlay 1 reaches into the bleed (-") }, "\(messages)")
        XCTAssertEqual(diagnostics.first { ($0["message"] as? String)?.hasPrefix("text overlay 1") == true }?["line"] as? Int, 5)
    }

    /// A cover photo filling the trim: its bleed holds photo pixels, and the
    /// whole output equals the same photo on a canvas enlarged by hand by the
    /// bleed, within ±1.
    func testBleedOfACoverPhotoEqualsACanvasEnlargedByHand() throws {
        let printed = try render("""
            version: 1
            canvas: {width: 300, height: 200, dpi: 600}
            print: {bleed: 12}
            photos: [{src: photos/gradient.jpg, focus: [0.3, 0.6]}]
            """, name: "printed")
        let enlarged = try render("""
            version: 1
            canvas: {width: 324, height: 224}
            photos: [{src: photos/gradient.jpg, focus: [0.3, 0.6]}]
            """, name: "enlarged")
        XCTAssertEqual([printed.width, printed.height], [324, 224])
        assertSame(printed, enlarged, tolerance: 1)
    }

    /// A background image (cover) and a gradient fill the bleed box as on a
    /// canvas enlarged by hand; a photo inside padding is not extended.
    func testBackgroundsFillTheBleedAsOnACanvasEnlargedByHand() throws {
        for background in ["{image: photos/gradient.jpg, focus: [0.4, 0.5]}",
                           "{gradient: {angle: 60, stops: [\"#ff0000\", \"#0000ff\"]}}"] {
            let printed = try render("""
                version: 1
                canvas: {width: 240, height: 160, dpi: 300, background: \(background)}
                print: {bleed: 10}
                photos: [photos/stripes.png]
                layout: {kind: auto, padding: 30}
                """, name: "printed")
            let enlarged = try render("""
                version: 1
                canvas: {width: 260, height: 180, background: \(background)}
                photos: [{src: photos/stripes.png, frame: {x: 40, y: 40, width: 180, height: 100}}]
                layout: {kind: free}
                """, name: "enlarged")
            assertSame(printed, enlarged, tolerance: 1)
        }
    }

    /// A grid with a gap: each photo grows into the bleed only on the sides
    /// where it touches the trim; the gap is not extended.
    func testOnlyTheSidesTouchingTheTrimGrow() throws {
        let printed = try render("""
            version: 1
            canvas: {width: 300, height: 200, dpi: 600, background: "#204060"}
            print: {bleed: 12}
            photos: [photos/gradient.jpg, photos/stripes.png]
            layout: {kind: grid, columns: 2, gap: 20}
            """, name: "printed")
        // By hand: the cells (0, 0, 140, 200) and (160, 0, 140, 200) grown on their outer sides, moved by 12.
        let enlarged = try render("""
            version: 1
            canvas: {width: 324, height: 224, background: "#204060"}
            photos:
              - {src: photos/gradient.jpg, frame: {x: 0, y: 0, width: 152, height: 224}}
              - {src: photos/stripes.png, frame: {x: 172, y: 0, width: 152, height: 224}}
            layout: {kind: free}
            """, name: "enlarged")
        assertSame(printed, enlarged, tolerance: 1)
        XCTAssertEqual(printed[162, 112], Color(red: 0x20, green: 0x40, blue: 0x60), "the gap stays the background")
    }

    /// Crop marks: 0.25 pt lines on the trim lines' extensions (their ink's
    /// centre within ±0.5 px of the line), from the bleed edge out into the
    /// slug; nothing is drawn inside the trim or the bleed.
    func testCropMarksLandOnTheTrimLines() throws {
        // 300 dpi: bleed 3 mm = 35 px, slug 6 mm = 71 px, margin 106; marks 5 mm = 59.06 px long, 1.04 px wide.
        let image = try render("""
            version: 1
            canvas: {width: 300, height: 200, dpi: 300, background: "#3366cc"}
            print: {bleed: 3mm, marks: [crop]}
            """)
        XCTAssertEqual([image.width, image.height], [512, 412])
        let background = Color(red: 0x33, green: 0x66, blue: 0xcc)
        for y in 71..<341 { for x in 71..<441 { XCTAssertEqual(image[x, y], background, "(\(x), \(y)) trim and bleed") } }
        let ink = { (x: Int, y: Int) -> Double in 255 - Double(image[x, y].red) }
        // Each vertical mark: every row of its length, the centroid of the ink across x.
        for (lineX, rows) in [(106, 13..<70), (406, 13..<70), (106, 343..<400), (406, 343..<400)] {
            for y in rows {
                let xs = (lineX - 4)...(lineX + 4)
                let total = xs.reduce(0) { $0 + ink($1, y) }
                XCTAssertGreaterThan(total, 100, "row \(y) of the mark at x \(lineX) has ink")
                let centre = xs.reduce(0) { $0 + (Double($1) + 0.5) * ink($1, y) } / total
                XCTAssertEqual(centre, Double(lineX), accuracy: 0.5, "mark at x \(lineX), row \(y)")
            }
        }
        for (lineY, columns) in [(106, 13..<70), (306, 13..<70), (106, 443..<500), (306, 443..<500)] {
            for x in columns {
                let ys = (lineY - 4)...(lineY + 4)
                let total = ys.reduce(0) { $0 + ink(x, $1) }
                XCTAssertGreaterThan(total, 100, "column \(x) of the mark at y \(lineY) has ink")
                let centre = ys.reduce(0) { $0 + (Double($1) + 0.5) * ink(x, $1) } / total
                XCTAssertEqual(centre, Double(lineY), accuracy: 0.5, "mark at y \(lineY), column \(x)")
            }
        }
        // The slug is white away from the marks; the marks stop 1 mm short of the output's edge.
        XCTAssertEqual(image[30, 30], .white)
        XCTAssertEqual(image[106, 5], .white)
        XCTAssertEqual(image[200, 50], .white)
    }

    /// `layout --json` keeps the top-level keys and adds the trim, bleed and
    /// safe rectangles, relative to the trim; grown cells reach into the bleed.
    func testLayoutJSONReportsTrimBleedAndSafe() throws {
        try write("doc.yaml", """
            version: 1
            canvas: {size: 4x6in, dpi: 100}
            print: {bleed: 0.125in, safe: 0.25in, marks: [crop]}
            photos: [photos/gradient.jpg]
            """)
        let result = try runCollage(["layout", "doc.yaml", "--json"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        XCTAssertEqual(Array(json.keys).sorted(), ["bleed", "canvas", "components", "file", "inputs", "output", "overlays", "photos", "safe", "trim"])
        func rect(_ value: Any?) -> [Int] {
            let r = value as? [String: Int] ?? [:]
            return [r["x"] ?? -1, r["y"] ?? -1, r["width"] ?? -1, r["height"] ?? -1]
        }
        XCTAssertEqual(rect(json["trim"]), [0, 0, 400, 600])
        XCTAssertEqual(rect(json["bleed"]), [-13, -13, 426, 626])      // 12.5 px, half away from zero
        XCTAssertEqual(rect(json["safe"]), [25, 25, 350, 550])
        XCTAssertEqual(json["output"] as? [String: Int], ["width": 426 + 2 * 24, "height": 626 + 2 * 24])   // slug 23.6 -> 24
        let photo = try XCTUnwrap((json["photos"] as? [[String: Any]])?.first)
        XCTAssertEqual(rect(photo["cell"]), [-13, -13, 426, 626])
        let text = try runCollage(["layout", "doc.yaml"], in: directory)
        XCTAssertEqual(String(decoding: text.stdout, as: UTF8.self).split(separator: "\n").prefix(2),
                       ["canvas 400x600", "print trim 0,0 400x600  bleed -13,-13 426x626  safe 25,25 350x550  output 474x674"])
    }

    /// `--debug-layout` outlines the trim (red), bleed (green) and safe zone (blue).
    func testDebugOverlayDrawsTheRectangles() throws {
        let image = try render("""
            version: 1
            canvas: {width: 200, height: 100, dpi: 300, background: "#808080"}
            print: {bleed: 10, safe: 20}
            """, ["--debug-layout"])
        XCTAssertEqual([image.width, image.height], [220, 120])
        XCTAssertEqual(image[0, 60], DebugOverlay.bleedColor)        // bleed box's left edge
        XCTAssertEqual(image[10, 60], DebugOverlay.trimColor)        // trim's left edge, output x 10
        XCTAssertEqual(image[30, 60], DebugOverlay.safeColor)        // safe zone's left edge
        XCTAssertEqual(image[60, 60], Color(red: 128, green: 128, blue: 128))
    }

    // MARK: - Preflight

    private func check(_ document: String, _ extra: [String] = []) throws -> (status: Int32, diagnostics: [[String: Any]]) {
        try write("doc.yaml", document)
        let result = try runCollage(["check", "doc.yaml", "--diagnostics", "json"] + extra, in: directory)
        let list = try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? [[String: Any]], result.stderr)
        return (result.status, list)
    }

    private func summary(_ diagnostics: [[String: Any]]) -> [String] {
        diagnostics.map { "\($0["line"] ?? 0):\($0["column"] ?? 0) \($0["severity"] ?? "")" }
    }

    /// Every preflight diagnostic, each at the item that causes it.
    func testEachPreflightDiagnosticIsLocated() throws {
        // 300 dpi, 600 x 900 px (2 x 3 in), bleed 35 px, safe zone 59 px.
        let document = """
            version: 1
            canvas: {width: 600, height: 900, dpi: 300}
            print: {bleed: 3mm, safe: 5mm}
            photos:
              - {src: photos/gradient.jpg, id: soft, frame: {x: 0, y: 0, width: 600, height: 450}}
              - {src: photos/checker.png, id: blurred, frame: {x: 0, y: 450, width: 300, height: 450}}
              - {src: photos/stripes.png, id: boxed, fit: contain, frame: {x: 300, y: 500, width: 300, height: 300}}
            layout: {kind: free}
            overlays:
              - {text: "Tiny", font: {size: 5pt}, anchor: center}
              - {shape: rect, width: 100, height: 40, anchor: topLeft, offset: [-10, 300], fill: red}
              - {shape: rect, width: 100, height: 40, anchor: topLeft, offset: [40, 500], fill: red}
              - {shape: line, points: [[200, 700], [400, 700]], stroke: {width: 0.2pt}}
            """
        let (status, found) = try check(document)
        XCTAssertEqual(status, 1, "a photo below 150 ppi is an error")
        let messages = found.map { $0["message"] as? String ?? "" }
        // Each at its cause: a photo's src, the font's size, the overlay placed badly, the stroke's width.
        XCTAssertEqual(summary(found), ["5:11 warning", "6:11 error", "7:11 warning", "10:33 warning", "11:5 warning",
                                        "12:5 warning", "13:69 warning"], "\(messages)")
        // soft: touching the trim left, top and right, grown to 670 x 485 px (2.23 x 1.62 in): 640 px across, 286 ppi.
        XCTAssertEqual(messages[0], "photo 'soft' prints at 286 ppi at 2.23x1.62 in, below 300 ppi: it may print soft")
        XCTAssertEqual(messages[1], "photo 'blurred' prints at 39 ppi at 1.12x1.62 in, below 150 ppi: it will print blurred")
        XCTAssertEqual(messages[2], "photo 'boxed' touches the trim on the right but does not reach the bleed edge there")
        XCTAssertEqual(messages[3], "text overlay 1 is set at 5 pt (20.83 px at 300 dpi), smaller than 6 pt at print size")
        XCTAssertEqual(messages[4], "shape overlay 2 reaches into the bleed (-10, 300, 100x40): it may be cut off at the trim")
        XCTAssertEqual(messages[5], "shape overlay 3 lies outside the safe zone (40, 500, 100x40 is not inside 59, 59, 482x782)")
        XCTAssertEqual(messages[6], "shape overlay 4 has a stroke of 0.2 pt (0.83 px at 300 dpi), thinner than 0.25 pt: it may not print")
    }

    /// A clean print document has no diagnostics; `--strict` turns a warning
    /// into exit 1; `check --print` preflights a document without `print:`.
    func testCleanDocumentStrictAndCheckPrint() throws {
        let clean = try check("""
            version: 1
            canvas: {width: 200, height: 150, dpi: 300}
            print: {bleed: 2mm, safe: 3mm, marks: [crop]}
            photos: [photos/gradient.jpg]
            overlays:
              - {text: "Hello", font: {size: 10pt}}
            """)
        XCTAssertEqual(clean.status, 0)
        XCTAssertEqual(summary(clean.diagnostics), [])
        let soft = """
            version: 1
            canvas: {width: 600, height: 450, dpi: 300}
            print: {bleed: 2mm}
            photos: [photos/gradient.jpg]
            """
        XCTAssertEqual(try check(soft).status, 0, "a warning alone")
        let strict = try check(soft, ["--strict"])
        XCTAssertEqual(strict.status, 1)
        XCTAssertEqual(summary(strict.diagnostics), ["4:10 error"])
        // No `print:`: no preflight unless asked.
        let plain = "version: 1\ncanvas: {width: 1800, height: 1200, dpi: 300}\nphotos: [photos/quadrants.png]\n"
        XCTAssertEqual(summary(try check(plain).diagnostics), [])
        let asked = try check(plain, ["--print"])
        XCTAssertEqual(asked.status, 1)
        XCTAssertEqual(summary(asked.diagnostics), ["3:10 error"])
        XCTAssertEqual(asked.diagnostics.first?["message"] as? String,
                       "photo 'quadrants' prints at 66 ppi at 6x4 in, below 150 ppi: it will print blurred")
    }

    /// `render` preflights a document with `print:`: a warning is printed and
    /// the image written; an error stops it before anything is written.
    func testRenderRunsThePreflight() throws {
        /// A 2 x 1.5 in print of `photo` rendered to NAME.png (extra flags), the result.
        func render(_ name: String, photo: String, _ extra: [String] = []) throws -> CommandResult {
            try write("\(name).yaml", "version: 1\ncanvas: {width: 600, height: 450, dpi: 300}\nprint: {bleed: 2mm}\nphotos: [photos/\(photo)]\n")
            return try runCollage(["render", "\(name).yaml", "-o", "\(name).png"] + extra, in: directory)
        }
        let soft = try render("soft", photo: "gradient.jpg")
        XCTAssertEqual(soft.status, 0, soft.stderr)
        XCTAssertTrue(soft.stderr.contains("soft.yaml:4:10: warning: photo 'gradient' prints at 289 ppi at 2.16x1.66 in, below 300 ppi: it may print soft"), soft.stderr)
        XCTAssertTrue(exists("soft.png"))
        let strict = try render("strict", photo: "gradient.jpg", ["--strict"])
        XCTAssertEqual(strict.status, 1)
        XCTAssertFalse(exists("strict.png"))
        let blurred = try render("blurred", photo: "checker.png")
        XCTAssertEqual(blurred.status, 1)
        XCTAssertTrue(blurred.stderr.contains("blurred.yaml:4:10: error: photo 'checker' prints at 29 ppi at 2.16x1.66 in, below 150 ppi: it will print blurred"), blurred.stderr)
        XCTAssertFalse(exists("blurred.png"))
    }

    /// The output formats' largest side applies to the output with bleed and
    /// slug: an error at `print`.
    func testFormatLimitAppliesToTheOutputWithBleed() throws {
        let document = "version: 1\ncanvas: {width: 16380, height: 100, dpi: 300}\nprint: {bleed: 10}\n"
        let webp = try check(document, ["--format", "webp"])
        XCTAssertEqual(webp.status, 1)
        XCTAssertEqual(summary(webp.diagnostics), ["3:1 error"])
        XCTAssertTrue((webp.diagnostics.first?["message"] as? String ?? "").contains("16400"), "\(webp.diagnostics)")
        XCTAssertEqual(try check(document, ["--format", "png"]).status, 0)
    }
}
