import Collage
import CollageCodecs
import CollageSpec
import Foundation
import XCTest
import CollageTestSupport

/// Components (issue 41, docs/format.md "Components"): a use expands to the
/// component's overlays laid out in its box, drawn as one group; arguments,
/// errors and cycles are located.
final class ComponentTests: XCTestCase {
    private func pixels(_ yaml: String, in dir: URL) throws -> [UInt8] {
        let image = try DocumentRenderer(configuration: .init(threads: 2))
            .render(.text(yaml, baseDirectory: dir.path, name: "doc.yaml"), format: .png)
        return Array(try ImageDecoder.decode(bytes: image.bytes).pixmap.pixels)
    }

    private func errors(_ yaml: String, in dir: URL, file: String = "doc.yaml") -> [Diagnostic] {
        do {
            _ = try DocumentLoader.load(text: Array(yaml.utf8), file: file, baseDirectory: dir.path)
            return []
        } catch {
            return error.diagnostics
        }
    }

    private static let badge = """
        components:
          badge:
            width: 240
            height: 80
            params:
              label: {type: string}
              tint: {type: color, default: "#e63946"}
              size: {type: number, default: 28}
            overlays:
              - shape: rect
                width: "100%"
                height: "100%"
                cornerRadius: 16
                fill: "${tint}"
              - shape: ellipse
                anchor: left
                offset: [12, 0]
                width: 40
                height: 40
                fill: "#ffffff"
              - text: "${label}"
                anchor: right
                offset: [-16, 0]
                font: {family: "DejaVu Sans", size: "${size}"}
                color: "#ffffff"

        """

    /// Three uses with different arguments equal the same overlays written out by hand, pixel for pixel.
    func testThreeUsesEqualTheOverlaysWrittenByHand() throws {
        let dir = try TestPackage.temporaryDirectory(self)
        let used = "version: 1\ncanvas: {width: 640, height: 400, background: \"#203040\"}\n" + Self.badge + """
            overlays:
              - use: badge
                with: {label: New}
                anchor: topLeft
                offset: [20, 20]
              - use: badge
                with: {label: "Sale", tint: "#2a9d8f"}
                anchor: center
              - use: badge
                with: {label: "${word}", size: 40}
                anchor: bottomRight
                offset: [-10, "-5%"]
            vars: {word: Last, label: "not this one"}
            """
        // The boxes by hand: (20, 20), centred (200, 160), bottom right (390, 300).
        func written(_ x: Int, _ y: Int, label: String, tint: String, size: Int) -> String {
            """
              - shape: rect
                anchor: topLeft
                offset: [\(x), \(y)]
                width: 240
                height: 80
                cornerRadius: 16
                fill: "\(tint)"
              - shape: ellipse
                anchor: topLeft
                offset: [\(x + 12), \(y + 20)]
                width: 40
                height: 40
                fill: "#ffffff"
              - text: "\(label)"
                anchor: right
                offset: [\(x + 240 - 16 - 640), \(y + 40 - 200)]
                font: {family: "DejaVu Sans", size: \(size)}
                color: "#ffffff"

            """
        }
        let hand = "version: 1\ncanvas: {width: 640, height: 400, background: \"#203040\"}\noverlays:\n"
            + written(20, 20, label: "New", tint: "#e63946", size: 28)
            + written(200, 160, label: "Sale", tint: "#2a9d8f", size: 28)
            + written(390, 300, label: "Last", tint: "#e63946", size: 40)
        let a = try pixels(used, in: dir), b = try pixels(hand, in: dir)
        XCTAssertEqual(a.count, 640 * 400 * 4)
        let differing = stride(from: 0, to: a.count, by: 4).filter { a[$0..<$0 + 4] != b[$0..<$0 + 4] }.count
        XCTAssertEqual(differing, 0, "pixels differing between the component and the hand-written overlays")
        // Something was drawn: the first badge's fill at (30, 60) is #e63946.
        let i = (60 * 640 + 30) * 4
        XCTAssertEqual(Array(a[i..<i + 3]), [0xe6, 0x39, 0x46])
    }

    /// A white canvas `width` x `height` with `overlays` (flow mappings), one a line.
    static func plain(canvas width: Int, height: Int, _ overlays: String...) -> String {
        "version: 1\ncanvas: {width: \(width), height: \(height), background: \"#ffffff\"}\noverlays:\n"
            + overlays.map { "  - \($0)\n" }.joined()
    }

    /// A white canvas with one use of a component of two 100x60 rects, one at each end of its box `box` x 60.
    static func pair(canvas width: Int, height: Int, box: Int, colors: (String, String), use: String) -> String {
        """
        version: 1
        canvas: {width: \(width), height: \(height), background: "#ffffff"}
        components:
          pair:
            width: \(box)
            height: 60
            overlays:
              - {shape: rect, width: 100, height: 60, anchor: left, fill: "\(colors.0)"}
              - {shape: rect, width: 100, height: 60, anchor: right, fill: "\(colors.1)"}
        overlays:
          - {use: pair, \(use)}
        """
    }

    /// `rotation` turns the component about its box centre as one group:
    /// equal to the same shape turned by its own `rotation` (the shape fills the box).
    func testRotationTurnsTheWholeComponent() throws {
        let dir = try TestPackage.temporaryDirectory(self)
        let turned = try pixels(Self.pair(canvas: 300, height: 300, box: 200, colors: ("#ff0000", "#0000ff"),
                                          use: "rotation: 30, offset: [10, -20]"), in: dir)
        let redOnly = try pixels(Self.plain(canvas: 300, height: 300,
            ##"{shape: rect, width: 200, height: 60, offset: [10, -20], rotation: 30, fill: "#ff0000"}"##), in: dir)
        // The box centre stays at (160, 130); a point 50 px left of it along the turned axis
        // (cos 30°, sin 30°) is inside the red half, 50 px right inside the blue.
        func pixel(_ p: [UInt8], _ x: Int, _ y: Int) -> [UInt8] { let i = (y * 300 + x) * 4; return Array(p[i..<i + 3]) }
        let c = (x: 160.0, y: 130.0), d = (x: cos(Double.pi / 6) * 50, y: sin(Double.pi / 6) * 50)
        XCTAssertEqual(pixel(turned, Int(c.x - d.x), Int(c.y - d.y)), [255, 0, 0])
        XCTAssertEqual(pixel(turned, Int(c.x + d.x), Int(c.y + d.y)), [0, 0, 255])
        // The turned component's outline equals the turned whole box's: every pixel is white
        // in both or coloured in both (within antialiasing: exact where the box is not edged).
        var differing = 0
        for y in 0..<300 {
            for x in 0..<300 {
                let white = pixel(turned, x, y) == [255, 255, 255], whiteToo = pixel(redOnly, x, y) == [255, 255, 255]
                if white != whiteToo { differing += 1 }
            }
        }
        XCTAssertEqual(differing, 0)
        // Where the red half is, the two renders are equal pixel for pixel (edges included).
        let i = (Int(c.y - d.y) * 300 + Int(c.x - d.x)) * 4
        XCTAssertTrue(Array(turned[i..<i + 4]) == Array(redOnly[i..<i + 4]))
    }

    /// `opacity` fades the component as one layer: where its two opaque
    /// parts overlap the pixel equals where one part is (a per-overlay fade
    /// would darken the overlap), and equals one shape faded by the same opacity.
    func testOpacityFadesTheComponentAsAUnit() throws {
        let dir = try TestPackage.temporaryDirectory(self)
        let faded = try pixels(Self.pair(canvas: 200, height: 100, box: 150, colors: ("#000000", "#000000"),
                                         use: "opacity: 0.5, anchor: topLeft, offset: [20, 20]"), in: dir)
        let single = try pixels(Self.plain(canvas: 200, height: 100,
            ##"{shape: rect, width: 150, height: 60, anchor: topLeft, offset: [20, 20], fill: "#000000", opacity: 0.5}"##), in: dir)
        let overlap = (50 * 200 + 95) * 4, alone = (50 * 200 + 40) * 4, outside = (50 * 200 + 185) * 4
        XCTAssertEqual(Array(faded[overlap..<overlap + 4]), Array(faded[alone..<alone + 4]))
        // The faded component equals one shape of its box faded by the same opacity, pixel for pixel
        // (a faded group is an isolated layer composited as CSS does, `canvas.compositing: css`: black at 0.5
        // over white is 255 × 0.5 = 127.5).
        // (within 1 level: the layer and the direct draw round apart).
        let largest = zip(faded, single).map { abs(Int($0) - Int($1)) }.max() ?? 0
        XCTAssertLessThanOrEqual(largest, 1, "the faded component differs from one faded shape")
        XCTAssertEqual(Double(faded[alone]), 127.5, accuracy: 1)
        XCTAssertEqual(Array(faded[outside..<outside + 4]), [255, 255, 255, 255])
        // The faded layer's extent equals the single shape's: the same pixels are touched.
        let touched = { (p: [UInt8]) in stride(from: 0, to: p.count, by: 4).filter { p[$0] != 255 } }
        XCTAssertTrue(touched(faded) == touched(single), "the faded component covers other pixels than its box")
    }

    func testArgumentErrorsAreLocatedAtTheUseWithANoteAtTheDefinition() throws {
        let dir = try TestPackage.temporaryDirectory(self)
        let yaml = "version: 1\ncanvas: {width: 640, height: 400}\n" + Self.badge + """
            overlays:
              - use: badge
                with: {labl: New}
              - use: badge
              - use: badge
                with: {label: x, size: big}
              - use: bagde
            """
        let found = errors(yaml, in: dir)
        let summary = found.map { "\($0.kind) \($0.location?.line ?? 0):\($0.location?.column ?? 0)" }
        // Lines: components start at 3, `overlays:` at 28 (the first use misses 'label' too).
        XCTAssertEqual(summary, ["missingKey 29:10", "unknownKey 30:12", "missingKey 31:10", "wrongType 33:28", "unknownId 34:10"],
                       found.map(\.description).joined(separator: "\n"))
        guard found.count == 5 else { return }
        XCTAssertTrue(found[1].message.contains("did you mean 'label'"), found[1].message)
        XCTAssertTrue(found[1].notes.contains("'badge' is defined at doc.yaml:4:3"), "\(found[1].notes)")
        XCTAssertTrue(found[2].notes.contains { $0.contains("declared at doc.yaml:8:7 as a required string") }, "\(found[2].notes)")
        XCTAssertTrue(found[3].notes.contains { $0.contains("declared at doc.yaml:10:7 as a number") }, "\(found[3].notes)")
    }

    func testACycleIsAnErrorListingTheChain() throws {
        let dir = try TestPackage.temporaryDirectory(self)
        let found = errors("""
            version: 1
            canvas: {width: 100, height: 100}
            components:
              a: {width: 10, height: 10, overlays: [{use: b}]}
              b: {width: 10, height: 10, overlays: [{use: c}]}
              c: {width: 10, height: 10, overlays: [{use: a}]}
            overlays:
              - use: a
            """, in: dir)
        XCTAssertEqual(found.count, 1, found.map(\.description).joined(separator: "\n"))
        XCTAssertEqual(found.first?.message, "component cycle: a -> b -> c -> a")
        XCTAssertEqual(found.first?.location, SourceLocation(file: "doc.yaml", line: 6, column: 47))
        XCTAssertTrue(found.first?.notes.contains("'a' is used at doc.yaml:8:10") == true, "\(found.first?.notes ?? [])")
    }

    /// An error inside a component (a variable it does not define) is at the definition, naming the use.
    func testAnErrorInsideAComponentNamesTheUse() throws {
        let dir = try TestPackage.temporaryDirectory(self)
        let found = errors("""
            version: 1
            canvas: {width: 100, height: 100}
            components:
              tag:
                width: 50
                height: 20
                overlays:
                  - text: "${nope}"
            overlays:
              - use: tag
            """, in: dir)
        XCTAssertEqual(found.map(\.kind), [.undefinedVariable])
        XCTAssertEqual(found.first?.location, SourceLocation(file: "doc.yaml", line: 8, column: 16))
        XCTAssertTrue(found.first?.notes.contains("in component 'tag' used at doc.yaml:10:10") == true, "\(found.first?.notes ?? [])")
    }

    /// A component box in physical units resolves with the canvas's dpi (given as pixels or as a paper size).
    func testPhysicalComponentBoxUsesTheCanvasDPI() throws {
        let dir = try TestPackage.temporaryDirectory(self)
        for canvas in ["{width: 1000, height: 800, dpi: 300}", "{size: A6, dpi: 300}"] {
            let spec = try DocumentLoader.load(text: Array("""
                version: 1
                canvas: \(canvas)
                components:
                  tag: {width: 30mm, height: 100, overlays: [{shape: rect, width: "100%", height: "100%", fill: "#000000"}]}
                overlays:
                  - use: tag
                """.utf8), file: "doc.yaml", baseDirectory: dir.path)
            // 30 mm at 300 dpi: 30 / 25.4 * 300 = 354.33 pixels.
            let width = try XCTUnwrap(spec.overlays.first?.groups.first?.width)
            XCTAssertEqual(width.resolved(reference: 1000), 354.33, accuracy: 0.01, canvas)
        }
    }

    /// A use of a component whose definition had an error reports that error only, not "no component named".
    func testAUseOfABrokenComponentIsNotReportedAgain() throws {
        let dir = try TestPackage.temporaryDirectory(self)
        let found = errors("""
            version: 1
            canvas: {width: 100, height: 100}
            components:
              a: {width: 30mm, height: 10, overlays: []}
              b: {width: 10, height: 10, params: {n: {type: integer}}, overlays: []}
              c: {width: 10, height: 10, params: {n: {type: number, default: abc}}, overlays: []}
            overlays:
              - use: a
              - use: b
              - use: c
            """, in: dir)
        let summary = found.map { "\($0.kind) \($0.location?.line ?? 0):\($0.location?.column ?? 0)" }
        XCTAssertEqual(summary.count, 3, found.map(\.description).joined(separator: "\n"))
        XCTAssertEqual(found.map(\.location?.line), [4, 5, 6], found.map(\.description).joined(separator: "\n"))
        XCTAssertFalse(found.contains { $0.message.contains("no component named") })
    }

    /// Components that each use the next twice, 30 deep, stop at the expansion limit with one located error.
    func testAnExpansionBombStopsAtTheLimit() throws {
        let dir = try TestPackage.temporaryDirectory(self)
        let levels = (1...30).map { "  c\($0): {width: 10, height: 10, overlays: [{use: c\($0 + 1)}, {use: c\($0 + 1)}]}" }
        let yaml = "version: 1\ncanvas: {width: 100, height: 100}\ncomponents:\n" + levels.joined(separator: "\n")
            + "\n  c31: {width: 10, height: 10, overlays: [{shape: rect, width: 1, height: 1, fill: \"#000000\"}]}\noverlays:\n  - use: c1\n"
        let started = Date()
        let found = errors(yaml, in: dir)
        XCTAssertLessThan(Date().timeIntervalSince(started), 20)
        XCTAssertEqual(found.map(\.kind), [.outOfRange], found.map(\.description).joined(separator: "\n"))
        XCTAssertTrue(found.first?.message.contains("more than 10000 overlays") == true, found.first?.message ?? "")
        // Expanding depth-first, the 10001st item is crossed by a use at the deepest levels' lines (4...33), column 43 or 55.
        let location = try XCTUnwrap(found.first?.location)
        XCTAssertTrue((4...33).contains(location.line), "\(location)")
        XCTAssertTrue(found.first?.notes.contains("in component 'c1' used at doc.yaml:36:10") == true, "\(found.first?.notes ?? [])")
    }
}
