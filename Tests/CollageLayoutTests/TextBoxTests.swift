@testable import CollageLayout
@testable import CollageText
import CollageRaster
import CollageSpec
import XCTest

/// Fixed text boxes (`width`, `height`, `verticalAlign`), `align: justify`
/// and `fit: shrink` inside a box (docs/text.md "Text boxes").
///
/// DejaVu Sans at 40 px: ascender 38, descender −10 (FreeType's rounded
/// size metrics: 1901 and −483 of 2048 units), line height 47.
final class TextBoxTests: XCTestCase {
    override func setUp() { PinnedFonts.load }

    private let paragraph = "The quick brown fox jumps over the lazy dog and keeps running"

    private func set(_ text: String, family: String = "DejaVu Sans", size: Double = 40,
                     _ configure: (inout TextStyle) -> Void) throws -> TextBlock {
        var overlay = OverlaySpec.text(text, font: FontSpec(family: [family], size: size), anchor: .topLeft,
                                       offsetX: 10, offsetY: 20, location: at(3, 5))
        configure(&overlay.textStyle)
        return try TextBlock.set(overlay, in: r(0, 0, 800, 600), canvas: Size(width: 800, height: 600))
    }

    func testFixedBoxWrapsToItsWidthAndKeepsItsSize() throws {
        let block = try set(paragraph) { $0.width = .pixels(300); $0.height = .pixels(400) }
        XCTAssertEqual(block.box, Rect(x: 10, y: 20, width: 300, height: 400))
        XCTAssertGreaterThan(block.lines.count, 2)
        for line in block.lines { XCTAssertLessThanOrEqual(line.advance, 300) }
        XCTAssertEqual(block.lines.map(\.text).joined(separator: " "), paragraph)
        // Percentages: of the area's width and height.
        let relative = try set(paragraph) { $0.width = .percent(50); $0.height = .percent(50) }
        XCTAssertEqual(relative.box, Rect(x: 10, y: 20, width: 400, height: 300))
    }

    func testVerticalAlignPlacesTheLinesInTheHeight() throws {
        let top = try set(paragraph) { $0.width = .pixels(300); $0.height = .pixels(400); $0.verticalAlign = .top }
        let lines = Double(top.lines.count)
        let content = 38 + 10 + (lines - 1) * 47
        XCTAssertEqual(top.metrics.ascender, 38)
        XCTAssertEqual(top.metrics.lineHeight, 47)
        XCTAssertEqual(top.firstBaseline, 20 + 38)
        let center = try set(paragraph) { $0.width = .pixels(300); $0.height = .pixels(400); $0.verticalAlign = .center }
        XCTAssertEqual(center.firstBaseline, 20 + (400 - content) / 2 + 38, accuracy: 1e-9)
        let bottom = try set(paragraph) { $0.width = .pixels(300); $0.height = .pixels(400); $0.verticalAlign = .bottom }
        XCTAssertEqual(bottom.firstBaseline, 20 + 400 - content + 38, accuracy: 1e-9)
        XCTAssertEqual(bottom.lines.last!.baseline, 20 + 400 - 10, accuracy: 1e-9, "last descender on the box's bottom")
        for block in [top, center, bottom] { XCTAssertEqual(block.box, Rect(x: 10, y: 20, width: 300, height: 400)) }
    }

    func testJustifyStretchesAllButTheLastLineBetweenWords() throws {
        let plain = try set(paragraph) { $0.width = .pixels(300); $0.align = .left }
        let block = try set(paragraph) { $0.width = .pixels(300); $0.align = .justify }
        XCTAssertEqual(block.lines.map(\.text), plain.lines.map(\.text), "justification does not change the breaks")
        for (index, line) in block.lines.enumerated() {
            XCTAssertEqual(line.x, 10)
            let last = try XCTUnwrap(line.glyphs.last)
            if index + 1 < block.lines.count {
                XCTAssertEqual(line.advance, 300, accuracy: 1e-9)
                XCTAssertEqual(last.x + last.advance, 300, accuracy: 1e-6, "the last glyph ends at the box's right edge")
                // The extra goes to the spaces only: each space grows by the same amount.
                let spaces = line.text.filter { $0 == " " }.count
                let share = (300 - plain.lines[index].advance) / Double(spaces)
                let offset = try XCTUnwrap(Array(line.text.utf8).firstIndex(of: 0x20))
                let plainSpace = try XCTUnwrap(plain.lines[index].glyphs.first { $0.cluster == offset })
                let space = try XCTUnwrap(line.glyphs.first { $0.cluster == offset })
                XCTAssertEqual(space.advance, plainSpace.advance + share, accuracy: 1e-9)
                // Letters keep their advances.
                XCTAssertEqual(line.glyphs.first!.advance, plain.lines[index].glyphs.first!.advance)
            } else {
                XCTAssertEqual(line.advance, plain.lines[index].advance, "the last line is not justified")
            }
        }
    }

    func testJustifyJapaneseSpacesEveryCharacter() throws {
        // About 1 em (40 px) a character in 300 px: lines of 6 or 7.
        let text = "吾輩は猫である。名前はまだ無い。"
        let plain = try set(text, family: "Noto Sans CJK JP") { $0.width = .pixels(300); $0.align = .left }
        let block = try set(text, family: "Noto Sans CJK JP") { $0.width = .pixels(300); $0.align = .justify }
        XCTAssertEqual(block.lines.map(\.text), ["吾輩は猫であ", "る。名前はまだ", "無い。"])
        for index in 0..<2 {
            let line = block.lines[index], before = plain.lines[index]
            XCTAssertEqual(line.advance, 300, accuracy: 1e-9)
            XCTAssertEqual(line.glyphs.count, line.text.count)
            // Each of the count − 1 gaps between characters grows by the same share.
            let share = (300 - before.advance) / Double(line.text.count - 1)
            XCTAssertGreaterThan(share, 1)
            for (k, glyph) in line.glyphs.enumerated() {
                XCTAssertEqual(glyph.x, before.glyphs[k].x + Double(k) * share, accuracy: 1e-6)
            }
        }
        XCTAssertEqual(block.lines[2].advance, plain.lines[2].advance, "the last line is not justified")
    }

    func testShrinkFitsTheTextIntoTheBox() throws {
        let block = try set(paragraph + " " + paragraph) { $0.width = .pixels(300); $0.height = .pixels(120); $0.fit = .shrink }
        XCTAssertLessThan(block.size, 40)
        XCTAssertEqual(block.box, Rect(x: 10, y: 20, width: 300, height: 120))
        let content = block.metrics.ascender - block.metrics.descender + Double(block.lines.count - 1) * block.metrics.lineHeight
        XCTAssertLessThanOrEqual(content, 120)
        for line in block.lines { XCTAssertLessThanOrEqual(line.advance, 300) }
    }
}
