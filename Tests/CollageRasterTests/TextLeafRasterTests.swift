import XCTest
@testable import CollageRaster

/// A text leaf (issue 45) draws exactly as the path leaves of its fills: the
/// glyph run is for a PDF only. Two overlapping fills of two colours in a
/// half-transparent group: a layer either way (the overlap shows the top
/// colour at half strength over the background, not the two faded ones
/// stacked).
final class TextLeafRasterTests: XCTestCase {
    func testTextLeafDrawsAsItsFillsInATranslucentGroup() throws {
        let red = PathLeaf(path: .rect(Rect(x: 4, y: 4, width: 20, height: 12)), paint: .solid(Color(red: 255, green: 0, blue: 0, alpha: 255)))
        let blue = PathLeaf(path: .rect(Rect(x: 14, y: 8, width: 20, height: 12)), paint: .solid(Color(red: 0, green: 0, blue: 255, alpha: 255)))
        let run = GlyphRun(fonts: [GlyphRun.Font(file: "none.ttf", index: 0)], colors: [.black],
                           glyphs: [GlyphRun.Glyph(font: 0, id: 1, x: 4, y: 16, size: 12, color: 0, text: "A", advance: 8)],
                           lines: [GlyphRun.Line(text: "A", glyphs: 0 ..< 1, needsActualText: false)])
        func scene(_ children: [Node]) -> Scene {
            Scene(size: Size(width: 40, height: 24), background: Color(red: 255, green: 255, blue: 255, alpha: 255), images: [],
                  nodes: [.group(Group(opacity: 0.5, children: children))])
        }
        let paths = try SceneRenderer.render(scene([.path(red), .path(blue)]), images: MemoryImageProvider([]), threads: 1)
        let text = try SceneRenderer.render(scene([.text(TextLeaf(fills: [red, blue], run: run))]), images: MemoryImageProvider([]), threads: 1)
        XCTAssertEqual(text.pixels, paths.pixels)
        // The overlap (20, 12): blue at half over white, as a layer draws it.
        let overlap = Array(text.pixels[(12 * 40 + 20) * 4 ..< (12 * 40 + 20) * 4 + 3])
        let faded = Array(paths.pixels[(6 * 40 + 6) * 4 ..< (6 * 40 + 6) * 4 + 3])
        XCTAssertEqual(overlap[2], 255)
        XCTAssertEqual(overlap[0], overlap[1], "no red left under the blue")
        XCTAssertEqual(faded[1], faded[2], "red alone at half")
        XCTAssertGreaterThan(Int(overlap[0]), 100)
    }
}
