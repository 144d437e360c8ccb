import Collage
import CollageSpec
import Foundation
import XCTest
import CollageTestSupport

/// `variants:` (issue 41, docs/format.md "Variants"): named canvases of one
/// document, keys overridden by path; `render -o 'out/${variant}.png'`,
/// `--variant`, `batch` rows × variants.
final class VariantTests: XCTestCase, PhotoFolderTest {
    var directory: URL!

    override func setUpWithError() throws {
        try makePhotoFolder()
        // `render` writes into a folder that exists (`batch` makes its own).
        try FileManager.default.createDirectory(at: url("out"), withIntermediateDirectories: true)
        try write("doc.yaml", """
            version: 1
            canvas: {width: 120, height: 63, background: "#203040"}
            variants:
              og: {width: 120, height: 63}
              portrait: {width: 108, height: 135, overrides: {"overlays.title.font.size": 20}}
              story:
                width: 108
                height: 192
                overrides: {"overlays.title.font.size": 24, "overlays.bar.fill": "#2a9d8f", "overlays.title.offset": [0, -40]}
            overlays:
              - {id: bar, shape: rect, width: "100%", height: 12, anchor: bottom, fill: "#e63946"}
              - id: title
                text: "${variant}"
                font: {family: "DejaVu Sans", size: 14}
                color: "#ffffff"
            """)
        func hand(_ name: String, width: Int, height: Int, size: Int, fill: String, offset: String) -> String {
            """
            version: 1
            canvas: {width: \(width), height: \(height), background: "#203040"}
            overlays:
              - {shape: rect, width: "100%", height: 12, anchor: bottom, fill: "\(fill)"}
              - text: "\(name)"
                font: {family: "DejaVu Sans", size: \(size)}
                color: "#ffffff"
                offset: \(offset)
            """
        }
        try write("og.yaml", hand("og", width: 120, height: 63, size: 14, fill: "#e63946", offset: "[0, 0]"))
        try write("portrait.yaml", hand("portrait", width: 108, height: 135, size: 20, fill: "#e63946", offset: "[0, 0]"))
        try write("story.yaml", hand("story", width: 108, height: 192, size: 24, fill: "#2a9d8f", offset: "[0, -40]"))
    }

    private func bytes(_ name: String) throws -> Data { try Data(contentsOf: url(name)) }

    /// Three variants from one document equal the three hand-written documents, byte for byte.
    func testEveryVariantEqualsItsHandWrittenDocument() throws {
        let result = try runCollage(["render", "doc.yaml", "-o", "out/${variant}.png"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: url("out").path).filter { $0.hasSuffix(".png") }.sorted(),
                       ["og.png", "portrait.png", "story.png"])
        for name in ["og", "portrait", "story"] {
            let hand = try runCollage(["render", "\(name).yaml", "-o", "hand-\(name).png"], in: directory)
            XCTAssertEqual(hand.status, 0, hand.stderr)
            XCTAssertEqual(try bytes("out/\(name).png"), try bytes("hand-\(name).png"), name)
        }
        // The story's bar is the override's colour.
        XCTAssertEqual(try pixel("out/story.png", 50, 188).red, 0x2a)
        // `--variant` renders one.
        let one = try runCollage(["render", "doc.yaml", "-o", "one.png", "--variant", "portrait"], in: directory)
        XCTAssertEqual(one.status, 0, one.stderr)
        XCTAssertEqual(try bytes("one.png"), try bytes("hand-portrait.png"))
        let unknown = try runCollage(["render", "doc.yaml", "-o", "x.png", "--variant", "square"], in: directory)
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(unknown.stderr.contains("doc.yaml has no variant 'square'"), unknown.stderr)
        XCTAssertTrue(unknown.stderr.contains("og, portrait, story"), unknown.stderr)
    }

    /// `render -o` expands `${page}` to 1 (a document has one page), with `${variant}` or alone.
    func testRenderExpandsPageToOne() throws {
        let result = try runCollage(["render", "doc.yaml", "-o", "out/${variant}-${page}.png"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: url("out").path).sorted(),
                       ["og-1.png", "portrait-1.png", "story-1.png"])
        let hand = try runCollage(["render", "story.yaml", "-o", "hand-story.png"], in: directory)
        XCTAssertEqual(hand.status, 0, hand.stderr)
        XCTAssertEqual(try bytes("out/story-1.png"), try bytes("hand-story.png"))
        // Without variants in -o: the document's own canvas, to page 1.
        let plain = try runCollage(["render", "og.yaml", "-o", "page-${page}.png"], in: directory)
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: url("page-${page}.png").path))
        XCTAssertEqual(try bytes("page-1.png"), try bytes("out/og-1.png"))
    }

    /// `batch` multiplies rows by variants: 2 rows × 3 variants, 6 files, each in the report.
    func testBatchWritesEveryRowInEveryVariant() throws {
        try write("rows.csv", "id\nA\nB\n")
        let result = try runCollage(["batch", "doc.yaml", "--data", "rows.csv", "-o", "cards/${id}-${variant}.png",
                                     "--report", "report.jsonl"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let names = try FileManager.default.contentsOfDirectory(atPath: url("cards").path).filter { $0.hasSuffix(".png") }.sorted()
        XCTAssertEqual(names, ["A-og.png", "A-portrait.png", "A-story.png", "B-og.png", "B-portrait.png", "B-story.png"])
        let lines = try text("report.jsonl").split(separator: "\n")
        XCTAssertEqual(lines.count, 6)
        for name in names {
            XCTAssertEqual(lines.filter { $0.contains("\"cards/\(name)\"") && $0.contains("\"ok\"") }.count, 1, "\(name): \(lines)")
        }
        XCTAssertEqual(try bytes("cards/B-story.png"), try bytes("cards/A-story.png"))
    }

    /// An override whose path names no overlay is located at the override.
    func testAnOverrideOfNoOverlayIsLocated() throws {
        try write("bad.yaml", """
            version: 1
            canvas: {width: 20, height: 20}
            variants:
              og: {width: 10, height: 10, overrides: {"overlays.titel.font.size": 9}}
            overlays:
              - {id: title, text: "x"}
            """)
        let result = try runCollage(["render", "bad.yaml", "-o", "out/${variant}.png"], in: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("bad.yaml:4:43: error: no item has 'id: titel' for this override"), result.stderr)
    }

    /// `check` warns at an overlay that leaves the canvas in one variant but not in another.
    func testCheckWarnsWhereAnOverlayLeavesTheCanvasInOneVariant() throws {
        try write("wide.yaml", """
            version: 1
            canvas: {width: 200, height: 100}
            variants:
              wide: {width: 200, height: 100}
              narrow: {width: 100, height: 100}
            overlays:
              - {shape: rect, width: 150, height: 20, anchor: left, fill: "#000000"}
              - {shape: rect, width: 50, height: 20, anchor: left, fill: "#000000"}
            """)
        let result = try runCollage(["check", "wide.yaml"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains(
            "wide.yaml:7:5: warning: this overlay leaves the canvas in variant 'narrow' but not in 'wide'"), result.stderr)
        XCTAssertEqual(result.stderr.components(separatedBy: "warning:").count - 1, 1, result.stderr)
    }

    private static let named = """
        version: 1
        canvas: {width: 400, height: 200, background: "#ffffff"}
        vars: {title: Hi}
        overlays:
          - id: t
            text: "${title} (${variant})"
            font: {size: 20}
            anchor: topLeft
            offset: [150, 10]
        variants:
          a: {width: 100, height: 100}
          b: {width: 400, height: 200}

        """

    /// `${variant}` in content: check and layout go through every variant; the leave-the-canvas warning shows.
    func testCheckAndLayoutGoThroughEveryVariant() throws {
        try write("named.yaml", Self.named)
        let check = try runCollage(["check", "named.yaml"], in: directory)
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertFalse(check.stderr.contains("undefined variable"), check.stderr)
        XCTAssertTrue(check.stderr.contains("named.yaml:5:5: warning: this overlay leaves the canvas in variant 'a' but not in 'b'"),
                      check.stderr)
        let layout = try runCollage(["layout", "named.yaml"], in: directory)
        XCTAssertEqual(layout.status, 0, layout.stderr)
        let laidOut = String(decoding: layout.stdout, as: UTF8.self)
        XCTAssertTrue(laidOut.hasPrefix("variant a\ncanvas 100x100\noverlay 0 \"Hi (a)\""), laidOut)
        XCTAssertTrue(laidOut.contains("variant b\ncanvas 400x200\noverlay 0 \"Hi (b)\""), laidOut)
        let one = try runCollage(["layout", "named.yaml", "--variant", "b"], in: directory)
        XCTAssertEqual(one.status, 0, one.stderr)
        XCTAssertTrue(String(decoding: one.stdout, as: UTF8.self).hasPrefix("canvas 400x200\n"))
        let both = try runCollage(["check", "named.yaml", "--variant", "a", "--set", "variant=b"], in: directory)
        XCTAssertEqual(both.status, 64, both.stderr)
    }

    /// check reports an override's error in the variant that has it, noted so.
    func testCheckReportsEachVariantsErrorsWithTheVariant() throws {
        try write("bad.yaml", Self.named.replacingOccurrences(
            of: "b: {width: 400, height: 200}", with: "b: {width: 400, height: 200, overrides: {\"overlays.nosuch.font.size\": 9}}"))
        let result = try runCollage(["check", "bad.yaml", "--diagnostics", "json"], in: directory)
        XCTAssertEqual(result.status, 1, result.stderr)
        let json = String(decoding: result.stdout, as: UTF8.self)
        XCTAssertTrue(json.contains("\"line\": 12,"), json)
        XCTAssertTrue(json.contains("\"column\": 44,"), json)
        XCTAssertTrue(json.contains("in variant 'b'"), json)
        try write("huge.yaml", Self.named.replacingOccurrences(of: "b: {width: 400, height: 200}", with: "b: {width: 9000, height: 200}"))
        let avif = try runCollage(["check", "huge.yaml", "-o", "x.avif"], in: directory)
        XCTAssertEqual(avif.status, 1, avif.stderr)
        XCTAssertTrue(avif.stderr.contains("8192"), avif.stderr)
        XCTAssertTrue(avif.stderr.contains("note: in variant 'b'"), avif.stderr)
    }

    /// render's usage rules for variants (exit 64), and no partial set when one variant fails.
    func testRenderVariantUsageAndNoPartialSet() throws {
        try write("named.yaml", Self.named)
        for arguments in [["-o", "x.png"], ["-o", "out/${bogus}.png"], ["--variant", "nope", "-o", "x.png"],
                          ["--variant", "a", "--set", "variant=b", "-o", "x.png"]] {
            let result = try runCollage(["render", "named.yaml"] + arguments, in: directory)
            XCTAssertEqual(result.status, 64, "\(arguments): \(result.stderr)")
        }
        let plain = "version: 1\ncanvas: {width: 10, height: 10}\n"
        try write("plain.yaml", plain)
        for arguments in [["-o", "${variant}.png"], ["--variant", "og", "-o", "x.png"]] {
            let result = try runCollage(["render", "plain.yaml"] + arguments, in: directory)
            XCTAssertEqual(result.status, 64, "\(arguments): \(result.stderr)")
        }
        let one = try runCollage(["render", "named.yaml", "--variant", "a", "-o", "one.png"], in: directory)
        XCTAssertEqual(one.status, 0, one.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: url("one.png").path))
        // Variant b fails (AVIF's 8192-pixel side): nothing is written, not even a.
        try write("huge.yaml", Self.named.replacingOccurrences(of: "b: {width: 400, height: 200}", with: "b: {width: 9000, height: 200}"))
        let set = try runCollage(["render", "huge.yaml", "-o", "out/${variant}.avif"], in: directory)
        XCTAssertEqual(set.status, 1, set.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: url("out/a.avif").path), set.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: url("out/b.avif").path), set.stderr)
    }
}
