@testable import CollageText
import CollageRaster
import CollageSpec
import CollageTestSupport
import XCTest

/// `TextLayout` (issue 33): the typesetter's output is glyph ids and canvas
/// positions per face, no pixels; compared with `hb-shape` for the same face
/// and size: id for id, x = the line's left end + (pen + dx) / 64, y = the
/// baseline − dy / 64 (hb-shape's y points up).
final class TextLayoutTests: XCTestCase {
    private static let library: FontLibrary = {
        let library = FontLibrary()
        do { try library.useConfiguration(file: TestPackage.pinnedFonts.path) } catch {
            XCTFail("cannot load the pinned fonts: \(error)")
        }
        return library
    }()

    private func layout(_ text: String, family: String, size: Double, lang: String? = nil) throws -> TextLayout {
        var spec = TextOverlaySpec(text: text, font: FontSpec(family: [family], size: size))
        spec.lang = lang
        let overlay = OverlaySpec(kind: .text(spec), anchor: .topLeft, offsetX: .pixels(10.25), offsetY: .pixels(20.5),
                                  location: SourceLocation(file: "test.yaml", line: 3, column: 5))
        return try Typesetter.set(spec, placement: overlay, in: PixelRect(x: 0, y: 0, width: 1000, height: 300),
                                  library: Self.library)
    }

    /// Asserts the layout's one line is hb-shape's shaping of `text` in `direction`.
    private func assertMatchesHBShape(_ text: String, family: String, size: Double, direction: String,
                                      file: StaticString = #filePath, line: UInt = #line) throws {
        let layout = try layout(text, family: family, size: size)
        XCTAssertEqual(layout.lines.count, 1, file: file, line: line)
        XCTAssertEqual(layout.faces.count, 1, "one face: \(layout.faces)", file: file, line: line)
        let face = try XCTUnwrap(layout.faces.first)
        let expected = try HBShape.shape(text, file: face.file, index: face.index, scale: Int(size * 64),
                                         direction: direction)
        XCTAssertEqual(layout.glyphs.map(\.id), expected.map(\.g), "glyph ids", file: file, line: line)
        let textLine = layout.lines[0]
        var pen = 0
        for (glyph, hb) in zip(layout.glyphs, expected) {
            XCTAssertEqual(glyph.face, 0, file: file, line: line)
            XCTAssertEqual(glyph.size, size, file: file, line: line)
            XCTAssertEqual(glyph.fill, 0, file: file, line: line)
            XCTAssertEqual(glyph.x, textLine.x + Double(pen + hb.dx) / 64, accuracy: 1e-9, "x of glyph \(hb.g)",
                           file: file, line: line)
            XCTAssertEqual(glyph.y, textLine.baseline - Double(hb.dy) / 64, accuracy: 1e-9, "y of glyph \(hb.g)",
                           file: file, line: line)
            pen += hb.ax
        }
        XCTAssertEqual(textLine.advance, Double(pen) / 64, accuracy: 1e-9, "advance", file: file, line: line)
    }

    func testLatinGlyphIdsAndPositionsAreHBShapes() throws {
        try assertMatchesHBShape("Waffle AVATAR, Tokyo!", family: "DejaVu Sans", size: 40, direction: "ltr")
        try assertMatchesHBShape("fjord office", family: "Noto Serif", size: 37.5, direction: "ltr")
    }

    func testArabicGlyphIdsAndPositionsAreHBShapesInVisualOrder() throws {
        try assertMatchesHBShape("مرحبا بالعالم", family: "Noto Naskh Arabic", size: 48, direction: "rtl")
    }

    func testCJKGlyphIdsAndPositionsAreHBShapes() throws {
        try assertMatchesHBShape("東京タワーの夏", family: "Noto Sans CJK JP", size: 32, direction: "ltr")
    }

    /// The box's top-left is the area's plus the offset; the first baseline
    /// is the primary face's ascender below the box's top; no pixels anywhere.
    func testBoxAndBaselineAreCanvasPixels() throws {
        let layout = try layout("Hello", family: "DejaVu Sans", size: 40)
        XCTAssertEqual(layout.box.x, 10.25)
        XCTAssertEqual(layout.box.y, 20.5)
        XCTAssertEqual(layout.firstBaseline, 20.5 + layout.metrics.ascender, accuracy: 1e-9)
        XCTAssertEqual(layout.lines[0].baseline, layout.firstBaseline)
        XCTAssertEqual(layout.fillColors, [.black])
        XCTAssertEqual(layout.fontFaces.count, layout.faces.count)
        XCTAssertEqual(layout.glyphs.count, 5)
    }
}
