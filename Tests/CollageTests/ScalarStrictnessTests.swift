import CollageCodecs
import CollageRaster
import Foundation
import XCTest
import CollageTestSupport

/// README "Rules": Errors, end to end: scalars typed by their key, a BOM
/// accepted without changing a byte, aliases bounded yet usable.
final class ScalarStrictnessTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = try TestPackage.temporaryDirectory(self)
        try SyntheticPhotos.writeAll(into: directory)
    }

    /// Renders `text` (written as `name`) to `output`; returns the file's bytes.
    func render(_ text: [UInt8], name: String = "doc.yaml", to output: String,
                file: StaticString = #filePath, line: UInt = #line) throws -> Data {
        try Data(text).write(to: directory.appendingPathComponent(name))
        let result = try runCollage(["render", name, "-o", output], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        return try Data(contentsOf: directory.appendingPathComponent(output))
    }

    func caption(_ text: String) -> String {
        """
        version: 1
        canvas: {width: 240, height: 80, background: white}
        photos: [photos/quadrants.png]
        overlays:
          - {text: \(text), font: {family: "DejaVu Sans", size: 40}}
        """
    }

    func testAnUnquotedLeadingZeroTextRendersAsWritten() throws {
        // `text: 0755` is the string "0755" (not 493, not 755): same pixels as the quoted form.
        let plain = try render(Array(caption("0755").utf8), to: "plain.png")
        let quoted = try render(Array(caption("\"0755\"").utf8), to: "quoted.png")
        let octal = try render(Array(caption("\"493\"").utf8), to: "octal.png")
        XCTAssertEqual(plain, quoted)
        XCTAssertNotEqual(plain, octal)
    }

    func testALeadingZeroNumberIsDecimal() throws {
        let text = "version: 1\ncanvas: {width: 010, height: 0012}\nphotos: [photos/quadrants.png]\n"
        _ = try render(Array(text.utf8), to: "out.png")
        let image = try ImageDecoder.decode(path: directory.appendingPathComponent("out.png").path)
        XCTAssertEqual(image.size, Size(width: 10, height: 12))
    }

    func testAByteOrderMarkChangesNoOutputByte() throws {
        let text = Array(caption("\"BOM\"").utf8)
        let plain = try render(text, to: "plain.png")
        let marked = try render([0xEF, 0xBB, 0xBF] + text, name: "bom.yaml", to: "bom.png")
        XCTAssertEqual(plain, marked)
        let json = Array("{\"version\": 1, \"photos\": [\"photos/tall.png\"]}".utf8)
        XCTAssertEqual(try render(json, name: "a.json", to: "a.png"),
                       try render([0xEF, 0xBB, 0xBF] + json, name: "b.json", to: "b.png"))
    }

    func testOneAnchorReusedTwentyTimesRenders() throws {
        let items = Array(repeating: "*p", count: 20).joined(separator: ", ")
        let text = """
            version: 1
            canvas: {width: 200, height: 100}
            vars: {unused: x}
            layout: {kind: grid, columns: 10}
            photos: [&p photos/stripes.png, \(items.dropFirst(4))]
            """
        _ = try render(Array(text.utf8), to: "out.png")
        let layout = try runCollage(["layout", "doc.yaml", "--json"], in: directory)
        let top = try XCTUnwrap(JSONSerialization.jsonObject(with: layout.stdout) as? [String: Any])
        XCTAssertEqual((top["photos"] as? [Any])?.count, 20)
    }

    func testABillionLaughsDocumentIsRefusedByTheExpansionBound() throws {
        let fixture = TestPackage.root
            .appendingPathComponent("Tests/CollageSpecTests/Fixtures/diagnostics/billion-laughs.yaml")
        let text = try Data(contentsOf: fixture)
        XCTAssertLessThan(text.count, 400)
        try text.write(to: directory.appendingPathComponent("doc.yaml"))
        // 9^9 = 387 million nodes if expanded; the bound stops it at 100000.
        let result = try runCollage(["check", "doc.yaml"], in: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix(
            "doc.yaml:8:10: error: aliases expand to more than 100000 nodes; refusing to expand '*e'\n"), result.stderr)
    }
}
