import Collage
import CollageCodecs
import CollageSpec
import Foundation
import XCTest
import CollageTestSupport

/// A component's box from its overlays, and its `shadow` (issue 41,
/// docs/format.md "Components"): without `width`/`height` the box is the
/// union of the overlays laid out at the origin; the use's shadow is cast by
/// everything the component draws.
final class ComponentBoxTests: XCTestCase {
    private func pixels(_ yaml: String, in dir: URL) throws -> [UInt8] {
        let image = try DocumentRenderer(configuration: .init(threads: 2))
            .render(.text(yaml, baseDirectory: dir.path, name: "doc.yaml"), format: .png)
        return Array(try ImageDecoder.decode(bytes: image.bytes).pixmap.pixels)
    }

    /// `collage layout --json` of `yaml`, parsed.
    private func layout(_ yaml: String, in dir: URL) throws -> [String: Any] {
        let prepared = try CollageRenderer.prepare(input: .text(Array(yaml.utf8), name: "doc.yaml", baseDirectory: dir.path))
        let text = JSONText.write(LayoutReport.json(prepared))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private func rect(_ value: Any?) throws -> [Double] {
        let box = try XCTUnwrap(value as? [String: Any])
        return try ["x", "y", "width", "height"].map { try XCTUnwrap((box[$0] as? NSNumber)?.doubleValue, $0) }
    }

    /// The `components` entries of a layout report: name and box.
    private func components(_ report: [String: Any]) throws -> [(name: String, box: [Double])] {
        let uses = try XCTUnwrap(report["components"] as? [[String: Any]])
        return try uses.map { (try XCTUnwrap($0["name"] as? String), try rect($0["box"])) }
    }

    private static let text = """
        {text: "Summer sale", anchor: topLeft, offset: [16, 8], font: {family: "DejaVu Sans", size: 32}, color: "#e63946"}
        """

    /// A document using `tag` (a 100 x 60 rect and a text 16 px in), its box `box` ("" for none), at the canvas centre.
    private static func tag(box: String) -> String {
        """
        version: 1
        canvas: {width: 640, height: 400, background: "#ffffff"}
        components:
          tag: {\(box) overlays: [{shape: rect, anchor: topLeft, width: 100, height: 60, fill: "#1d3557"}, \(text)]}
        overlays:
          - use: tag
            anchor: center
            offset: [0, 0]
        """
    }

    /// Without `width`/`height`, the box is the union of the rect and the
    /// text laid out at the origin: the text's box measured on its own
    /// decides the width, the rect the height; the render equals the same
    /// component with that box written out, pixel for pixel.
    func testABoxlessComponentIsTheUnionOfItsOverlays() throws {
        let dir = try TestPackage.temporaryDirectory(self)
        // The text alone at the canvas origin: its set box.
        let alone = try layout("""
            version: 1
            canvas: {width: 640, height: 400, background: "#ffffff"}
            overlays:
              - \(Self.text)
            """, in: dir)
        let overlays = try XCTUnwrap(alone["overlays"] as? [[String: Any]])
        let textBox = try rect(overlays.first?["box"])
        XCTAssertEqual(textBox[0], 16, accuracy: 1e-9)
        XCTAssertEqual(textBox[1], 8, accuracy: 1e-9)
        XCTAssertGreaterThan(textBox[0] + textBox[2], 100, "the text must be wider than the rect for the test to mean anything")
        XCTAssertLessThan(textBox[1] + textBox[3], 60)
        let width = Int((textBox[0] + textBox[2]).rounded(.up)), height = 60
        // The union, centred on the 640 x 400 canvas (half away from zero).
        let x = (Double(640 - width) / 2).rounded(.toNearestOrAwayFromZero), y = Double((400 - height) / 2)
        let measured = try components(layout(Self.tag(box: ""), in: dir))
        XCTAssertEqual(measured.map(\.name), ["tag"])
        XCTAssertEqual(measured.first?.box, [x, y, Double(width), Double(height)])
        let written = Self.tag(box: "width: \(width), height: \(height),")
        XCTAssertEqual(try components(layout(written, in: dir)).first?.box, [x, y, Double(width), Double(height)])
        let a = try pixels(Self.tag(box: ""), in: dir), b = try pixels(written, in: dir)
        XCTAssertEqual(a.count, 640 * 400 * 4)
        let differing = stride(from: 0, to: a.count, by: 4).filter { a[$0..<$0 + 4] != b[$0..<$0 + 4] }.count
        XCTAssertEqual(differing, 0, "pixels differing between the measured and the written box")
        // The rect is at the box's top left: (x + 5, y + 5) is #1d3557, (x - 2, y + 5) white.
        let i = ((Int(y) + 5) * 640 + Int(x) + 5) * 4, j = ((Int(y) + 5) * 640 + Int(x) - 2) * 4
        XCTAssertEqual(Array(a[i..<i + 3]), [0x1d, 0x35, 0x57])
        XCTAssertEqual(Array(a[j..<j + 3]), [255, 255, 255])
    }

    /// Only `width` omitted: the union gives the width, `height` stays as
    /// written, and the overlays still anchor vertically in it.
    func testOneOmittedSideComesFromTheUnion() throws {
        let dir = try TestPackage.temporaryDirectory(self)
        let yaml = """
            version: 1
            canvas: {width: 400, height: 200, background: "#ffffff"}
            components:
              row:
                height: 80
                overlays:
                  - {shape: rect, anchor: left, width: 40, height: 40, fill: "#2a9d8f"}
                  - {shape: ellipse, anchor: left, offset: [150, 0], width: 30, height: 20, fill: "#e63946"}
            overlays:
              - {use: row, anchor: topLeft, offset: [10, 10]}
            """
        XCTAssertEqual(try components(layout(yaml, in: dir)).first?.box, [10, 10, 180, 80])
        let p = try pixels(yaml, in: dir)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { let i = (y * 400 + x) * 4; return Array(p[i..<i + 3]) }
        // The rect centred on the box's middle line: x 10..50, y 30..70.
        XCTAssertEqual(pixel(30, 50), [0x2a, 0x9d, 0x8f])
        XCTAssertEqual(pixel(30, 25), [255, 255, 255])
        XCTAssertEqual(pixel(30, 75), [255, 255, 255])
        // The ellipse: x 160..190, y 40..60.
        XCTAssertEqual(pixel(175, 50), [0xe6, 0x39, 0x46])
    }

    /// A percentage inside a component without a box is an error at it.
    func testAPercentageInABoxlessComponentIsLocated() throws {
        let dir = try TestPackage.temporaryDirectory(self)
        let yaml = """
            version: 1
            canvas: {width: 400, height: 200}
            components:
              row:
                height: 80
                overlays:
                  - {shape: rect, anchor: left, width: "50%", height: 40}
            overlays:
              - use: row
            """
        do {
            _ = try DocumentLoader.load(text: Array(yaml.utf8), file: "doc.yaml", baseDirectory: dir.path)
            XCTFail("expected an error")
        } catch {
            let first = try XCTUnwrap(error.diagnostics.first)
            XCTAssertEqual(first.location?.line, 7)
            XCTAssertEqual(first.location?.column, 44)
            XCTAssertTrue(first.message.contains("a percentage for 'width' needs the box of component 'row'"), first.message)
            XCTAssertTrue(first.notes.contains { $0.contains("in component 'row' used at doc.yaml:9:") }, "\(first.notes)")
        }
    }

    /// The use's `shadow` is cast by the component as a whole: a hard one
    /// lies exactly at the box moved by the offset, and a blurred one equals
    /// the same shadow of one 200 x 60 rect under the two rects (within 1).
    func testShadowIsCastByTheWholeComponent() throws {
        let dir = try TestPackage.temporaryDirectory(self)
        func pair(_ use: String) -> String {
            ComponentTests.pair(canvas: 300, height: 200, box: 200, colors: ("#ff0000", "#0000ff"), use: use)
        }
        let hard = try pixels(pair("shadow: {offset: [10, 12], blur: 0, color: \"#112233\"}"), in: dir)
        func pixel(_ p: [UInt8], _ x: Int, _ y: Int) -> [UInt8] { let i = (y * 300 + x) * 4; return Array(p[i..<i + 3]) }
        // The box is x 50..250, y 70..130; the shadow x 60..260, y 82..142.
        XCTAssertEqual(pixel(hard, 100, 100), [255, 0, 0])
        XCTAssertEqual(pixel(hard, 200, 100), [0, 0, 255])
        XCTAssertEqual(pixel(hard, 255, 135), [0x11, 0x22, 0x33])
        XCTAssertEqual(pixel(hard, 150, 140), [0x11, 0x22, 0x33])
        XCTAssertEqual(pixel(hard, 61, 131), [0x11, 0x22, 0x33])
        XCTAssertEqual(pixel(hard, 58, 135), [255, 255, 255])
        XCTAssertEqual(pixel(hard, 150, 143), [255, 255, 255])
        XCTAssertEqual(pixel(hard, 255, 78), [255, 255, 255])
        XCTAssertEqual(pixel(hard, 261, 100), [255, 255, 255])

        let shadow = "shadow: {offset: [10, 12], blur: 6, color: \"#00000080\"}"
        let blurred = try pixels(pair(shadow), in: dir)
        let hand = try pixels(ComponentTests.plain(canvas: 300, height: 200,
                                                   ##"{shape: rect, width: 200, height: 60, fill: "#ff0000", "## + shadow + "}",
                                                   ##"{shape: rect, width: 100, height: 60, offset: [-50, 0], fill: "#ff0000"}"##,
                                                   ##"{shape: rect, width: 100, height: 60, offset: [50, 0], fill: "#0000ff"}"##), in: dir)
        var largest = 0, shaded = 0
        for i in 0..<blurred.count {
            largest = max(largest, abs(Int(blurred[i]) - Int(hand[i])))
        }
        for y in 0..<200 { for x in 0..<300 where pixel(blurred, x, y) != [255, 255, 255] && (y > 130 || x > 250) { shaded += 1 } }
        XCTAssertLessThanOrEqual(largest, 1, "largest channel difference from the hand-built shadow")
        // The blurred shadow reaches below and right of the box: more than its hard 10 x 12 strips (2 × 12 + 10 × 60 − …).
        XCTAssertGreaterThan(shaded, 200 * 12 + 10 * 60)
        // (255, 112) is 5 px inside the shadow's right edge (x 260), 30 px from its top and bottom:
        // coverage Φ(5 / 6) = 0.798, alpha 0.502 × 0.798 = 0.400 of black over white on sRGB-encoded
        // values (`canvas.compositing: css`): 255 × (1 − 0.400) = 153.0 (within 2 for the discrete kernel).
        XCTAssertEqual(Double(pixel(blurred, 255, 112)[0]), 153.0, accuracy: 2)
        XCTAssertEqual(pixel(blurred, 255, 112)[0], pixel(blurred, 255, 112)[2])
    }

    /// A text inside a component casts the component's shadow by its glyphs,
    /// turned with the component too: a hard opaque shadow moved clear of
    /// the text covers as many at-least-half-covered pixels as the text
    /// (exactly when nothing turns; within 5 % turned by 30°).
    func testTextCastsTheComponentShadow() throws {
        let dir = try TestPackage.temporaryDirectory(self)
        func counts(_ use: String) throws -> (text: Int, shadow: Int) {
            let p = try pixels("""
                version: 1
                canvas: {width: 300, height: 200, background: "#ffffff"}
                components:
                  word:
                    width: 160
                    height: 40
                    overlays:
                      - {text: "Shadow", font: {family: "DejaVu Sans", size: 24}, color: "#ff0000"}
                overlays:
                  - {use: word, anchor: top, offset: [0, 20], shadow: {offset: [0, 60], blur: 0, color: "#0000ff"}, \(use)}
                """, in: dir)
            var text = 0, shadow = 0
            // Red (or blue) over white, at least half covered: the other two channels equal and below 128.
            for i in stride(from: 0, to: p.count, by: 4) {
                if p[i] == 255, p[i + 1] == p[i + 2], p[i + 1] < 128 { text += 1 }
                if p[i + 2] == 255, p[i] == p[i + 1], p[i] < 128 { shadow += 1 }
            }
            return (text, shadow)
        }
        let flat = try counts("rotation: 0")
        XCTAssertGreaterThan(flat.text, 100)
        XCTAssertEqual(flat.shadow, flat.text)
        let turned = try counts("rotation: 30")
        XCTAssertGreaterThan(turned.text, 100)
        XCTAssertEqual(Double(turned.shadow), Double(turned.text), accuracy: Double(turned.text) * 0.05)
    }
}
