@testable import CollageLayout
@testable import CollageText
import CollageRaster
import CollageSpec
import XCTest

/// Rich-text spans (docs/text.md "Rich text"): colour, weight and size
/// changes mid-line; breaking, stroke and shrink across spans.
///
/// DejaVu Sans: ascender 1901, descender −483 of 2048 units; FreeType rounds
/// the size metrics outwards to whole pixels (40 px: 38 / −10, 80 px: 75 / −19).
final class TextSpanTests: XCTestCase {
    override func setUp() { PinnedFonts.load }

    private func set(_ spans: [TextSpan], size: Double = 40, _ configure: (inout TextStyle) -> Void = { _ in }) throws -> TextBlock {
        var text = TextOverlaySpec(text: spans.map(\.text).joined(), font: FontSpec(family: ["DejaVu Sans"], size: size))
        text.spans = spans
        configure(&text.style)
        let overlay = OverlaySpec(kind: .text(text), anchor: .topLeft, location: at(3, 5))
        return try TextBlock.set(text, placement: overlay, in: r(0, 0, 800, 400), canvas: Size(width: 800, height: 400))
    }

    private func span(_ text: String, size: Double = 40, weight: Int = 400, color: RGBA = .black) -> TextSpan {
        var font = FontSpec(family: ["DejaVu Sans"], size: size)
        font.weight = weight
        return TextSpan(text: text, font: font, color: color)
    }

    private let red = RGBA(red: 255, green: 0, blue: 0, alpha: 255)

    func testColourChangeMidLineIsItsOwnFill() throws {
        let block = try set([span("Hello "), span("world", color: red)])
        XCTAssertEqual(block.lines.map(\.text), ["Hello world"])
        XCTAssertEqual(block.spanFills.count, 1)
        XCTAssertEqual(block.spanFills.first?.color, red)
        let hello = try XCTUnwrap(block.mask), world = try XCTUnwrap(block.spanFills.first?.layer)
        // "world" starts after "Hello ": its fill lies right of the black one.
        XCTAssertGreaterThanOrEqual(world.x, block.maskX + hello.width - 1)
        let worldPen = try XCTUnwrap(block.lines[0].glyphs.first { $0.span == 1 }).x
        XCTAssertEqual(worldPen, try set([span("Hello world")]).lines[0].glyphs[6].x, accuracy: 1e-9,
                       "the same pen positions as one text")
    }

    func testWeightChangeUsesTheBoldFace() throws {
        let block = try set([span("Ada "), span("Lovelace", weight: 700)])
        let bold = try XCTUnwrap(block.lines[0].glyphs.last)
        XCTAssertEqual(bold.span, 1)
        XCTAssertTrue(block.faces[bold.face].file.hasSuffix("DejaVuSans-Bold.ttf"), block.faces[bold.face].file)
        XCTAssertTrue(block.faces[block.lines[0].glyphs[0].face].file.hasSuffix("DejaVuSans.ttf"))
        XCTAssertTrue(block.spanFills.isEmpty, "one colour: one fill")
    }

    func testLineMetricsComeFromTheLargestRun() throws {
        let block = try set([span("Big", size: 80), span(" small")])
        XCTAssertEqual(block.lines[0].ascent, 75)
        XCTAssertEqual(block.lines[0].descent, 19)
        XCTAssertEqual(block.firstBaseline, 75)
        XCTAssertEqual(block.box.height, 94)
        // Two lines: the next baseline is lineHeight × the largest size below.
        let two = try set([span("Big", size: 80), span("\nsmall")]) { $0.lineHeight = 1.5 }
        XCTAssertEqual(two.lines.map(\.text), ["Big", "small"])
        XCTAssertEqual(two.lines[1].baseline - two.lines[0].baseline, 1.5 * 80)
        XCTAssertEqual(two.lines[1].ascent, 38)
        XCTAssertEqual(two.box.height, 75 + 120 + 10)
    }

    func testShrinkScalesEverySpan() throws {
        let block = try set([span("Big", size: 80), span(" and small text that must shrink")]) {
            $0.maxWidth = .pixels(300); $0.maxHeight = .pixels(100); $0.fit = .shrink
        }
        XCTAssertLessThan(block.size, 40)
        XCTAssertLessThanOrEqual(block.box.width, 300)
        XCTAssertLessThanOrEqual(block.box.height, 100)
        // The big span stays twice the overlay's size: the line's ascent is
        // that of 2 × the final size (FreeType rounds the ascender up).
        XCTAssertEqual(block.lines[0].ascent, (1901 * 2 * block.size / 2048).rounded(.up), accuracy: 1)
        XCTAssertLessThan(block.lines[0].ascent, 75)
    }

    func testLinesBreakAcrossSpansAndTheStrokeCoversThem() throws {
        let block = try set([span("one two "), span("three four five", color: red)]) {
            $0.width = .pixels(200); $0.align = .left
            $0.stroke = TextStroke(width: .pixels(3))
        }
        XCTAssertEqual(block.lines.map(\.text), ["one two", "three four", "five"])
        let stroke = try XCTUnwrap(block.strokeLayer)
        // One stroke under both colours: it reaches from the first line into the last.
        XCTAssertLessThan(stroke.y, Int(block.lines[0].baseline) - 20)
        XCTAssertGreaterThan(stroke.y + stroke.mask.height, Int(block.lines[2].baseline))
        XCTAssertEqual(block.spanFills.first?.color, red)
    }
}
