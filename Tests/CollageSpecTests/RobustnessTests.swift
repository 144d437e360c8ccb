import XCTest
@testable import CollageSpec

/// Bad input gives diagnostics, never a trap: every prefix of a rich
/// document (cut anywhere, even inside a UTF-8 sequence) loads or fails
/// with located diagnostics in source order.
final class RobustnessTests: XCTestCase {
    func testEveryPrefixOfADocumentLoadsOrFailsCleanly() throws {
        let ws = try Workspace(photos: ["a.jpg", "b.jpg"])
        let text = Array("""
            \u{FEFF}version: 1
            vars: {n: 2, title: "夏休み"}
            canvas: {width: 800, height: 600, background: "#fff"}
            photos:
              - &p {src: a.jpg, id: one, focus: [0.5, 0.25]}
              - b.jpg
            order: [b, one]
            layout:
              kind: grid
              columns: ${n}
            overlays:
              - text: "${title} $${x}"
                font: {family: [DejaVu Sans], size: 40}
                anchor: bottomRight
                offset: [-8, -8]
            """.utf8)
        var loaded = 0
        for end in 0...text.count {
            do {
                _ = try DocumentLoader.load(text: Array(text[..<end]), file: "doc.yaml", baseDirectory: ws.folder)
                loaded += 1
            } catch {
                XCTAssertFalse(error.diagnostics.isEmpty, "prefix \(end)")
                let lines = error.diagnostics.compactMap { $0.location.map { [$0.line, $0.column] } }
                XCTAssertEqual(lines, lines.sorted { $0.lexicographicallyPrecedes($1) }, "prefix \(end)")
                XCTAssertEqual(error.source?.bytes.count, end)
            }
        }
        // The whole document loads (and a few prefixes that end between keys).
        XCTAssertGreaterThanOrEqual(loaded, 1)
        XCTAssertNoThrow(try DocumentLoader.load(text: text, file: "doc.yaml", baseDirectory: ws.folder))
    }
}
