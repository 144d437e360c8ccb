@testable import CollageLayout
@testable import CollageText
import CollageRaster
import CollageSpec
import CollageTestSupport
import CText
import Foundation
import XCTest

/// Vertical text (docs/text.md "Vertical text"): columns top to bottom,
/// right to left; glyphs compared with `hb-shape` (libharfbuzz-bin) for the
/// same face and size, not as ink.
///
/// Noto Sans CJK JP (face 0 of NotoSansCJK-Regular.ttc), 1000 units a em:
/// an ideograph's vertical advance is 1000 and its vertical origin 880
/// units above its baseline (VORG), so at 48 px (hb scale 3072, 26.6 px)
/// HarfBuzz gives dx −1536, dy −2703, ay −3072.
final class VerticalTextTests: XCTestCase {
    override func setUp() { PinnedFonts.load }

    private func set(_ text: String, family: String = "Noto Sans CJK JP", size: Double = 48,
                     spans: [TextSpan] = [], _ configure: (inout TextStyle) -> Void = { _ in }) throws -> TextBlock {
        var spec = TextOverlaySpec(text: spans.isEmpty ? text : spans.map(\.text).joined(),
                                   font: FontSpec(family: [family], size: size))
        spec.spans = spans
        spec.style.direction = .vertical
        spec.style.align = .left
        configure(&spec.style)
        let overlay = OverlaySpec(kind: .text(spec), anchor: .topRight, location: at(3, 5))
        return try TextBlock.set(spec, placement: overlay, in: r(0, 0, 800, 800), canvas: Size(width: 800, height: 800))
    }

    /// `hb-shape` on the face file at `scale` (26.6 pixels: size × 64).
    private func hbShape(_ text: String, face: TextBlock.Face, scale: Int, direction: String,
                         features: String? = nil) throws -> [HBShape.Glyph] {
        try HBShape.shape(text, file: face.file, index: face.index, scale: scale, direction: direction, features: features)
    }

    /// Asserts that a column's upright glyphs are hb-shape's TTB glyphs:
    /// the same ids, `x` = dx, `y` = the pen (Σ −ay before it) − dy, and
    /// the advances −ay, all / 64 px.
    private func assertMatchesHBShape(_ text: String, size: Double = 48, file: StaticString = #filePath,
                                      line: UInt = #line) throws {
        let block = try set(text, size: size)
        XCTAssertEqual(block.lines.count, 1, file: file, line: line)
        let glyphs = block.lines[0].glyphs
        let expected = try hbShape(text, face: block.faces[0], scale: Int(size * 64), direction: "ttb")
        XCTAssertEqual(glyphs.map(\.id), expected.map(\.g), "glyph ids", file: file, line: line)
        var pen = 0
        for (glyph, hb) in zip(glyphs, expected) {
            XCTAssertEqual(glyph.x, Double(hb.dx) / 64, accuracy: 1e-9, file: file, line: line)
            XCTAssertEqual(glyph.y, Double(pen - hb.dy) / 64, accuracy: 1e-9, file: file, line: line)
            XCTAssertEqual(glyph.advance, Double(-hb.ay) / 64, accuracy: 1e-9, file: file, line: line)
            XCTAssertFalse(glyph.sideways, file: file, line: line)
            pen -= hb.ay
        }
        XCTAssertEqual(block.lines[0].advance, Double(pen) / 64, accuracy: 1e-9, file: file, line: line)
    }

    func testKanjiAndKanaMatchHBShapeTopToBottom() throws {
        try assertMatchesHBShape("夏休みの思い出")
        try assertMatchesHBShape("東京タワー", size: 37.5)
    }

    func testPunctuationTakesItsVerticalForms() throws {
        let text = "「ー」。、ァ"
        try assertMatchesHBShape(text)
        // Each vertical form differs from the horizontal glyph of the same character.
        let block = try set(text)
        let horizontal = try hbShape(text, face: block.faces[0], scale: 3072, direction: "ltr")
        for (vertical, plain) in zip(block.lines[0].glyphs, horizontal) {
            XCTAssertNotEqual(vertical.id, plain.g, "a vertical form (vert) replaces the horizontal glyph")
        }
    }

    func testLatinRunIsShapedHorizontallyAndTurnedSideways() throws {
        let block = try set("日本Tokyo")
        let glyphs = block.lines[0].glyphs
        XCTAssertEqual(glyphs.map(\.sideways), [false, false, true, true, true, true, true])
        let latin = try hbShape("Tokyo", face: block.faces[0], scale: 3072, direction: "ltr")
        XCTAssertEqual(glyphs.dropFirst(2).map(\.id), latin.map(\.g))
        // Down the column from below the two ideographs (2 em), by the horizontal advances.
        var pen = 96.0
        let metrics = block.metrics
        for (glyph, hb) in zip(glyphs.dropFirst(2), latin) {
            XCTAssertEqual(glyph.y, pen + Double(hb.dx) / 64, accuracy: 1e-9)
            // The central baseline (halfway between ascender and descender) on the centre line.
            XCTAssertEqual(glyph.x, -(metrics.ascender + metrics.descender) / 2 + Double(hb.dy) / 64, accuracy: 1e-9)
            pen += Double(hb.ax) / 64
        }
        XCTAssertEqual(block.lines[0].advance, pen, accuracy: 1e-9)
        // textOrientation: upright sets the Latin letters upright, shaped top to bottom.
        let upright = try set("日本Tokyo") { $0.textOrientation = .upright }
        XCTAssertFalse(upright.lines[0].glyphs.contains(where: \.sideways))
    }

    func testTwoDigitsShareOneCellWithTextCombineUpright() throws {
        let block = try set("第12回") { $0.textCombineUpright = 2 }
        let glyphs = block.lines[0].glyphs
        XCTAssertEqual(glyphs.count, 4)
        let digits = try hbShape("12", face: block.faces[0], scale: 3072, direction: "ltr", features: "hwid")
        XCTAssertEqual(glyphs[1...2].map(\.id), digits.map(\.g), "half-width digits (hwid)")
        XCTAssertEqual(glyphs[1].y, glyphs[2].y, "one baseline across the cell")
        XCTAssertFalse(glyphs[1].sideways)
        // The cell is one em long; the pair (2 × 24 px) is centred on the column's centre line.
        XCTAssertEqual(glyphs[1].x, -24, accuracy: 1e-9)
        XCTAssertEqual(glyphs[2].x, 0, accuracy: 1e-9)
        XCTAssertEqual(block.lines[0].advance, 3 * 48, accuracy: 1e-9)
        // Three digits are longer than 2: they turn sideways like other Latin.
        let three = try set("第123回") { $0.textCombineUpright = 2 }
        XCTAssertEqual(three.lines[0].glyphs.map(\.sideways), [false, true, true, true, false])
        // Four digits with `textCombineUpright: 4` (qwid) still fit one em.
        let four = try set("2026年") { $0.textCombineUpright = 4 }
        XCTAssertEqual(four.lines[0].glyphs.count, 5)
        XCTAssertEqual(four.lines[0].advance, 2 * 48, accuracy: 1e-9)
    }

    func testFaceWithoutVerticalMetricsIsAWarning() throws {
        let block = try set("日本", family: "DejaVu Sans")
        // DejaVu Sans has no CJK: the ideographs fall back to Noto Sans CJK (vertical metrics): no warning.
        XCTAssertFalse(block.warnings.contains { $0.message.contains("vertical metrics") }, "\(block.warnings)")
        let latin = try set("ABC", family: "DejaVu Sans") { $0.textOrientation = .upright }
        let warning = try XCTUnwrap(latin.warnings.first { $0.message.contains("vertical metrics") })
        XCTAssertEqual(warning.severity, .warning)
        XCTAssertEqual(warning.location, at(3, 5))
        XCTAssertTrue(warning.message.contains("'DejaVu Sans'"), warning.message)
        // The em box: one em down per glyph, the baseline at em × ascender / (ascender − descender)
        // (DejaVu Sans at 48 px: 45 / −12), centred across by HarfBuzz (half the horizontal advance left).
        XCTAssertEqual(latin.lines[0].advance, 3 * 48, accuracy: 1e-9)
        XCTAssertEqual(latin.lines[0].glyphs.map(\.y), [0, 48, 96].map { $0 + 48 * 45 / 57 })
        let a = try hbShape("A", face: latin.faces[0], scale: 3072, direction: "ltr")[0]
        XCTAssertEqual(latin.lines[0].glyphs[0].x, -Double(a.ax) / 2 / 64, accuracy: 1e-9)
        XCTAssertEqual(try set("夏休み").warnings, [])
    }

    func testUAX50OrientationFromICU() throws {
        XCTAssertEqual(["A", "1", "あ", "漢", "。", "、", "ァ", "ー", "「", "〜"].map { VerticalOrientation.property($0) },
                       [.rotated, .rotated, .upright, .upright, .transformedOrUpright, .transformedOrUpright,
                        .transformedOrUpright, .transformedOrRotated, .transformedOrRotated, .transformedOrRotated])
        // Tr stands upright only with a vertical form (Noto Sans CJK has one for ー); without, it turns sideways.
        let clusters = "aーあ".map { TextCluster(character: $0, face: 0, level: 0, script: HB_SCRIPT_COMMON, breakBefore: false) }
        XCTAssertEqual(VerticalOrientation.of(clusters[...], orientation: .mixed, combine: 0), [.sideways, .upright, .upright])
        XCTAssertEqual(VerticalOrientation.of(clusters[...], orientation: .mixed, combine: 0) { _ in false },
                       [.sideways, .sideways, .upright])
        XCTAssertEqual(VerticalOrientation.of(clusters[...], orientation: .upright, combine: 0) { _ in false },
                       [.upright, .upright, .upright])
        XCTAssertFalse(try set("コーヒー").lines[0].glyphs.contains(where: \.sideways), "ー has a vertical form in Noto Sans CJK")
    }

    func testEdgeCasesSetWithoutTrapping() throws {
        XCTAssertEqual(try set("").lines.map(\.advance), [0])
        XCTAssertEqual(try set("\n\n").lines.count, 3, "an explicit line break starts a column")
        // Shorter than one cell: every cluster gets a column of its own.
        XCTAssertEqual(try set("東京タワー") { $0.maxHeight = .pixels(1) }.lines.map(\.text), ["東", "京", "タ", "ワ", "ー"])
        // fit: shrink into 100 x 100: two columns (centre lines 1.448 em apart) fit at a size above 20 px
        // (five 20 px cells in one column would fit too, but the largest size wins).
        let shrunk = try set("東京タワー") { $0.maxHeight = .pixels(100); $0.maxWidth = .pixels(100); $0.fit = .shrink }
        XCTAssertLessThanOrEqual(shrunk.lines.map(\.advance).max() ?? 0, 100 + 1e-9)
        XCTAssertLessThanOrEqual(shrunk.box.width, 100 + 1e-9)
        XCTAssertEqual(shrunk.lines.count, 2)
        XCTAssertGreaterThan(shrunk.size, 20)
        // maxLines keeps that many columns, the last ending with "…".
        let cut = try set("夏休みの思い出") { $0.maxHeight = .pixels(100); $0.maxLines = 1 }
        XCTAssertEqual(cut.lines.map(\.text), ["夏…"])
        // Arabic, combining marks and a TAB in a column.
        XCTAssertEqual(try set("مرحبا e\u{301}\tx").lines.count, 1)
    }

    func testColourEmojiStandsInAnEmBox() throws {
        // Noto Color Emoji (a bitmap strike): one em down the column, centred across by its advance.
        let block = try set("旅😀行")
        let glyphs = block.lines[0].glyphs
        XCTAssertEqual(glyphs.count, 3)
        XCTAssertTrue(block.faces[glyphs[1].face].isColor)
        XCTAssertEqual(block.lines[0].advance, 3 * 48, accuracy: 1e-9)
        XCTAssertEqual(glyphs[2].y - glyphs[0].y, 96, accuracy: 1e-9)
        // Half its horizontal advance left of the centre line: 2550 of 2048 units at 48 px, 59.77 px.
        XCTAssertEqual(glyphs[1].x, -2550.0 / 2048 * 48 / 2, accuracy: 0.05)
        XCTAssertFalse(block.warnings.contains { $0.message.contains("vertical metrics") }, "\(block.warnings)")
    }

    func testColumnsBreakAtMaxHeightAndGoRightToLeft() throws {
        let block = try set("夏休みの思い出を書く") { $0.maxHeight = .pixels(200); $0.lineHeight = 1.5 }
        // 48 px a cell: four fit 200 px; UAX #14 allows a break between any two of them.
        XCTAssertEqual(block.lines.map(\.text), ["夏休みの", "思い出を", "書く"])
        XCTAssertEqual(block.lines.map(\.isVertical), [true, true, true])
        // The first column's centre line is half an em left of the box's right edge (the canvas's, topRight);
        // the next ones 1.5 × 48 = 72 px further left each.
        XCTAssertEqual(block.lines.map(\.baseline), [776, 704, 632])
        XCTAssertEqual(block.firstBaseline, 776)
        XCTAssertEqual(block.box, Rect(x: 800 - (24 + 72 + 72 + 24), y: 0, width: 192, height: 192))
        XCTAssertEqual(block.lines[2].box, Rect(x: 608, y: 0, width: 48, height: 96))
        // A fixed height breaks the columns too; align: right puts each at the bottom.
        let fixed = try set("夏休みの思い出を書く") { $0.height = .pixels(200); $0.align = .right }
        XCTAssertEqual(fixed.lines.map(\.text), ["夏休みの", "思い出を", "書く"])
        XCTAssertEqual(fixed.lines.map { $0.box.maxY }, [200, 200, 200])
        let centred = try set("夏休みの思い出を書く") { $0.height = .pixels(200); $0.align = .center }
        XCTAssertEqual(centred.lines[2].box.y, 52, accuracy: 1e-9)
    }
}
