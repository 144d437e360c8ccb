import XCTest
@testable import CollageSpec

/// Issue 38: physical units, `canvas.dpi`, named sizes and orientation, and
/// `print` read by the validator (docs/print.md).
final class PrintUnitsTests: XCTestCase {
    /// Every named size at 300 and 600 dpi, portrait and landscape: whole
    /// pixels, each side rounded half away from zero (worked out by hand from
    /// the sizes in millimetres and inches).
    func testEveryNamedSizeInBothOrientationsAt300And600Dpi() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        let expected: [(String, (Int, Int), (Int, Int))] = [
            ("A3", (3508, 4961), (7016, 9921)),
            ("A4", (2480, 3508), (4961, 7016)),
            ("A5", (1748, 2480), (3496, 4961)),
            ("A6", (1240, 1748), (2480, 3496)),
            ("letter", (2550, 3300), (5100, 6600)),
            ("legal", (2550, 4200), (5100, 8400)),
            ("4x6in", (1200, 1800), (2400, 3600)),
            ("5x7in", (1500, 2100), (3000, 4200)),
            ("2x6in", (600, 1800), (1200, 3600)),
            ("10x15cm", (1181, 1772), (2362, 3543)),
            ("business-card", (650, 1004), (1299, 2008)),
        ]
        XCTAssertEqual(expected.map(\.0), PaperSize.named.map(\.name), "every named size is tested")
        for (name, at300, at600) in expected {
            for (dpi, sides) in [(300, at300), (600, at600)] {
                for orientation in ["portrait", "landscape", nil] {
                    let spec = try ws.load("""
                        version: 1
                        canvas: {size: \(name), dpi: \(dpi)\(orientation.map { ", orientation: \($0)" } ?? "")}
                        photos: [a.jpg]
                        """)
                    let (short, long) = sides
                    let landscape = orientation == "landscape"
                    XCTAssertEqual(spec.canvas.width, landscape ? long : short, "\(name) \(dpi) \(orientation ?? "default")")
                    XCTAssertEqual(spec.canvas.height, landscape ? short : long, "\(name) \(dpi) \(orientation ?? "default")")
                    XCTAssertEqual(spec.canvas.dpi, dpi)
                    XCTAssertEqual(spec.output.dpi, dpi, "output.dpi defaults to canvas.dpi")
                }
            }
        }
    }

    /// Each unit on the canvas sides and `WxH` sizes, at 300 and 600 dpi.
    func testEveryUnitOnCanvasSidesAndCustomSizes() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        // (written, pixels at 300, at 600): 25.4 mm, 2.54 cm and 72 pt to the inch.
        let cases: [(String, Int, Int)] = [
            ("4in", 1200, 2400), ("100mm", 1181, 2362), ("10cm", 1181, 2362), ("72pt", 300, 600),
            ("2.5in", 750, 1500), ("0.1in", 30, 60), ("1 mm", 12, 24), ("1000", 1000, 1000),
        ]
        for (written, at300, at600) in cases {
            for (dpi, pixels) in [(300, at300), (600, at600)] {
                let spec = try ws.load("version: 1\ncanvas: {width: \(written), height: 6in, dpi: \(dpi)}\nphotos: [a.jpg]\n")
                XCTAssertEqual(spec.canvas.width, pixels, "\(written) at \(dpi)")
                XCTAssertEqual(spec.canvas.height, 6 * dpi)
            }
        }
        let custom = try ws.load("version: 1\ncanvas: {size: 13x18cm, dpi: 300, orientation: landscape}\nphotos: [a.jpg]\n")
        XCTAssertEqual([custom.canvas.width, custom.canvas.height], [2126, 1535])   // 180 mm, 130 mm
        let fromPoints = try ws.load("version: 1\ncanvas: {size: 612x792pt, dpi: 600}\nphotos: [a.jpg]\n")
        XCTAssertEqual([fromPoints.canvas.width, fromPoints.canvas.height], [5100, 6600])   // letter
        // output.dpi given wins; --dpi stays metadata only (RenderOptions).
        let own = try ws.load("version: 1\ncanvas: {width: 4in, height: 6in, dpi: 300}\noutput: {dpi: 72}\nphotos: [a.jpg]\n")
        XCTAssertEqual(own.output.dpi, 72)
        XCTAssertEqual(own.canvas.width, 1200)
    }

    /// Lengths elsewhere: spacing rounds to whole pixels, fractional lengths stay exact.
    func testUnitsInLengthKeys() throws {
        let ws = try Workspace(photos: ["a.jpg", "b.jpg"])
        let spec = try ws.load("""
            version: 1
            canvas: {width: 4in, height: 6in, dpi: 300}
            photos:
              - {src: a.jpg, frame: {x: 0.5in, y: 10mm, width: 2in, height: 72pt}, border: {width: 1mm}, cornerRadius: 3pt}
              - {src: b.jpg, frame: {x: 0, y: 0, width: 100, height: 100}, shadow: {blur: 1mm, offset: [1pt, 2pt]}}
            layout: {kind: free}
            overlays:
              - {text: Hello, font: {size: 12pt}, offset: ["1in", "-5mm"]}
              - {shape: rect, width: 1in, height: 0.5in, fill: red, stroke: {width: 0.5pt, dash: [2mm, 1mm]}}
            """)
        let a = spec.photos[0]
        guard case .frame(let x, let y, let width, let height)? = a.placement else { return XCTFail("no frame") }
        XCTAssertEqual(x, 150)
        XCTAssertEqual(y, 10 / 25.4 * 300, accuracy: 1e-9)
        XCTAssertEqual(width, 600)
        XCTAssertEqual(height, 300)
        XCTAssertEqual(a.border?.width.resolved(reference: 0) ?? 0, 300 / 25.4, accuracy: 1e-9)
        XCTAssertEqual(a.cornerRadius.resolved(reference: 0), 12.5, accuracy: 1e-9)
        XCTAssertEqual(spec.photos[1].shadow?.blur ?? 0, 300 / 25.4, accuracy: 1e-9)
        XCTAssertEqual(spec.photos[1].shadow?.offsetX ?? 0, 300.0 / 72, accuracy: 1e-9)
        let text = try XCTUnwrap(spec.overlays[0].text)
        XCTAssertEqual(text.font.size, 50, accuracy: 1e-9)
        XCTAssertEqual(spec.overlays[0].offsetX.resolved(reference: 0), 300)
        XCTAssertEqual(spec.overlays[0].offsetY.resolved(reference: 0), -5 / 25.4 * 300, accuracy: 1e-9)
        let shape = try XCTUnwrap(spec.overlays[1].shape)
        XCTAssertEqual(shape.stroke?.width ?? 0, 300.0 / 144, accuracy: 1e-9)
        XCTAssertEqual(shape.stroke?.dash.first ?? 0, 2 / 25.4 * 300, accuracy: 1e-9)
        let gap = try ws.load("version: 1\ncanvas: {width: 4in, height: 6in, dpi: 300}\nphotos: [a.jpg, b.jpg]\nlayout: {kind: grid, columns: 2, gap: 3mm, padding: 0.25in}\n")
        XCTAssertEqual(gap.layout.gap, 35)      // 35.43 px
        XCTAssertEqual(gap.layout.padding, 75)
    }

    func testPhysicalLengthWithoutDpiIsALocatedError() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        let errors = ws.errors("""
            version: 1
            canvas: {width: 4in, height: 1800}
            photos: [a.jpg]
            layout: {gap: 2mm}
            """)
        XCTAssertEqual(places(errors), [Where(.invalidValue, 2, 17), Where(.invalidValue, 4, 15)])
        XCTAssertEqual(errors[0].message, "'width' is 4in, a physical length, but the canvas has no 'dpi' to turn it into pixels")
        XCTAssertEqual(errors[0].notes, ["add 'dpi' to 'canvas' (e.g. canvas: {dpi: 300}), or write 'width' in pixels"])
        let size = ws.errors("version: 1\ncanvas: {size: A4}\nphotos: [a.jpg]\n")
        XCTAssertEqual(places(size), [Where(.invalidValue, 2, 16)])
        XCTAssertEqual(size.first?.notes, ["add 'dpi' to 'canvas' (e.g. canvas: {dpi: 300})"])
    }

    func testSizeConflictsAndBadNamesAreLocated() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        let both = ws.errors("version: 1\ncanvas: {size: A4, width: 100, dpi: 300}\nphotos: [a.jpg]\n")
        XCTAssertEqual(places(both), [Where(.invalidValue, 2, 10)])
        XCTAssertEqual(both.first?.message, "'size' and 'width' both set the canvas; give one of them")
        let typo = ws.errors("version: 1\ncanvas: {size: letterr, dpi: 300}\nphotos: [a.jpg]\n")
        XCTAssertEqual(places(typo), [Where(.invalidValue, 2, 16)])
        XCTAssertEqual(typo.first?.message, "'letterr' is not a canvas 'size'; did you mean 'letter'?")
        let orientation = ws.errors("version: 1\ncanvas: {size: A4, dpi: 300, orientation: sideways}\nphotos: [a.jpg]\n")
        XCTAssertEqual(places(orientation), [Where(.invalidValue, 2, 43)])
        let dpi = ws.errors("version: 1\ncanvas: {size: A4, dpi: 0}\nphotos: [a.jpg]\n")
        XCTAssertEqual(places(dpi), [Where(.outOfRange, 2, 25)])
    }

    func testPrintKeys() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        let spec = try ws.load("""
            version: 1
            canvas: {size: 4x6in, dpi: 300}
            print: {bleed: 3mm, safe: 0.125in, marks: [crop]}
            photos: [a.jpg]
            """)
        let print = try XCTUnwrap(spec.print)
        XCTAssertEqual(print.bleed, 35)                     // 35.43 px
        XCTAssertEqual(print.safe, 38)                      // 37.5 px, half away from zero
        XCTAssertEqual(print.marks, [.crop])
        XCTAssertEqual(print.slug, 71)                      // 6 mm = 70.87 px
        XCTAssertEqual(print.margin, 106)
        XCTAssertEqual(print.outputSize(width: 1200, height: 1800).width, 1412)
        XCTAssertEqual(print.location.line, 3)
        let noMarks = try ws.load("version: 1\ncanvas: {size: 4x6in, dpi: 300}\nprint: {bleed: 36, marks: []}\nphotos: [a.jpg]\n")
        XCTAssertEqual(noMarks.print?.slug, 0)
        XCTAssertEqual(noMarks.print?.margin, 36)

        let noDpi = ws.errors("version: 1\ncanvas: {width: 1200, height: 1800}\nprint: {bleed: 36}\nphotos: [a.jpg]\n")
        XCTAssertEqual(places(noDpi), [Where(.missingKey, 3, 1)])
        let badMark = ws.errors("version: 1\ncanvas: {size: A6, dpi: 300}\nprint: {marks: [crops]}\nphotos: [a.jpg]\n")
        XCTAssertEqual(places(badMark), [Where(.invalidValue, 3, 17)])
        // The limits apply to the output with bleed and slug: an error at 'print'.
        let large = ws.errors("version: 1\ncanvas: {width: 16384, height: 16384, dpi: 300}\nprint: {bleed: 1mm}\nphotos: [a.jpg]\n")
        XCTAssertEqual(places(large), [Where(.outOfRange, 3, 1)])
        XCTAssertEqual(large.first?.message,
                       "the printed output (trim 16384 × 16384 plus bleed 12 and slug 0 px on each side) is 16408 × 16408 pixels; the most is 32768 a side and 268435456 in area (16384 × 16384)")
    }
}
