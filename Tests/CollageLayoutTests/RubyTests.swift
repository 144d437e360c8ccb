@testable import CollageLayout
@testable import CollageText
import CollageRaster
import CollageSpec
import XCTest

/// Ruby on spans (docs/text.md "Ruby"): group ruby at half size, centred
/// over its base (horizontal) or right of it (vertical); a longer ruby
/// spreads its base; the line's box grows to hold it.
///
/// Noto Sans CJK JP: every kana and ideograph is one em wide (and long);
/// hhea ascender 1160, descender −288 of 1000 units, so at 40 px FreeType's
/// rounded size metrics are 47 / −12, at 20 px 24 / −6.
final class RubyTests: XCTestCase {
    override func setUp() { PinnedFonts.load }

    private func span(_ text: String, ruby: String? = nil) -> TextSpan {
        var span = TextSpan(text: text, font: FontSpec(family: ["Noto Sans CJK JP"], size: 40))
        span.ruby = ruby
        return span
    }

    private func set(_ spans: [TextSpan], vertical: Bool = false,
                     _ configure: (inout TextStyle) -> Void = { _ in }) throws -> TextBlock {
        var spec = TextOverlaySpec(text: spans.map(\.text).joined(), font: FontSpec(family: ["Noto Sans CJK JP"], size: 40))
        spec.spans = spans
        spec.style.align = .left
        if vertical { spec.style.direction = .vertical }
        configure(&spec.style)
        let overlay = OverlaySpec(kind: .text(spec), anchor: .topLeft, location: at(3, 5))
        return try TextBlock.set(spec, placement: overlay, in: r(0, 0, 800, 800), canvas: Size(width: 800, height: 800))
    }

    func testRubyIsHalfSizeAndCentredOverItsBase() throws {
        let block = try set([span("東京の"), span("漢字", ruby: "かん")])
        let line = block.lines[0]
        XCTAssertEqual(line.ruby.map(\.text), ["かん"])
        let ruby = line.ruby[0]
        // Two 20 px kana over two 40 px ideographs starting at 120 px: 40 px of ruby centred on 80 px of base.
        XCTAssertEqual(ruby.advance, 40, accuracy: 1e-9)
        XCTAssertEqual(ruby.x, 120 + 20, accuracy: 1e-9)
        // Its baseline: the base's ascender (47) plus the ruby's descent (6) above the line's.
        XCTAssertEqual(ruby.baseline, line.baseline - 47 - 6, accuracy: 1e-9)
        // The line's box grows over the base to hold the ruby (47 + 24 + 6 = 77 above the baseline).
        XCTAssertEqual(line.ascent, 77)
        XCTAssertEqual(block.firstBaseline, 77)
        XCTAssertEqual(block.box.height, 77 + 12)
        // Without ruby the same text's first baseline is the face's ascender.
        XCTAssertEqual(try set([span("東京の"), span("漢字")]).firstBaseline, 47)
        // The ruby is drawn in the ruby's own glyphs, at half size: more ink than the base alone.
        let plain = try set([span("東京の"), span("漢字")])
        XCTAssertLessThan(try XCTUnwrap(block.mask).coverage.reduce(0) { $0 + Int($1) } - 1,
                          try XCTUnwrap(plain.mask).coverage.reduce(0) { $0 + Int($1) } * 2)
        XCTAssertGreaterThan(try XCTUnwrap(block.mask).height, try XCTUnwrap(plain.mask).height + 20)
    }

    func testRubyWiderThanItsBaseSpreadsTheBase() throws {
        // あらしのよる over 嵐 (40 px): 6 kana of 20 px, HarfBuzz kerning よる by −38/64 px:
        // R = 119.40625 px; the base spreads to that length, its one cluster getting
        // the difference, half of it before the glyph.
        let block = try set([span("春"), span("嵐", ruby: "あらしのよる"), span("だ")])
        let glyphs = block.lines[0].glyphs
        XCTAssertEqual(glyphs.count, 3)
        let ruby = 119.40625
        XCTAssertEqual(block.lines[0].ruby[0].advance, ruby, accuracy: 1e-9)
        XCTAssertEqual(glyphs[1].x, 40 + (ruby - 40) / 2, accuracy: 1e-9)
        XCTAssertEqual(glyphs[2].x, 40 + ruby, accuracy: 1e-9)
        XCTAssertEqual(block.lines[0].advance, 40 + ruby + 40, accuracy: 1e-9)
        XCTAssertEqual(block.lines[0].ruby[0].x, 40, accuracy: 1e-9)
        // Two base clusters share the difference evenly: 紫陽 (80 px) under 6 kana (120 px).
        let two = try set([span("紫陽", ruby: "あじさいばな")])
        XCTAssertEqual(two.lines[0].glyphs.map(\.x), [10, 70])
        XCTAssertEqual(two.lines[0].advance, 120, accuracy: 1e-9)
    }

    func testABaseNeverBreaksAndTheNextLineClearsTheRuby() throws {
        // 40 px a cell, 100 px lines: 東 + 京都 would break inside 京都 without ruby.
        let plain = try set([span("東京都")]) { $0.maxWidth = .pixels(100) }
        XCTAssertEqual(plain.lines.map(\.text), ["東京", "都"])
        let block = try set([span("東"), span("京都", ruby: "きょうと")]) { $0.maxWidth = .pixels(100) }
        XCTAssertEqual(block.lines.map(\.text), ["東", "京都"])
        // lineHeight 1: baselines 40 px apart would put the ruby into the line above; the second
        // baseline moves down to the first line's descent (12) plus the grown ascent (77).
        let tight = try set([span("東"), span("京都", ruby: "きょうと")]) { $0.maxWidth = .pixels(100); $0.lineHeight = 1 }
        XCTAssertEqual(tight.lines[1].baseline - tight.lines[0].baseline, 12 + 77, accuracy: 1e-9)
    }

    func testVerticalRubyStandsRightOfItsBase() throws {
        let block = try set([span("東京の"), span("漢字", ruby: "かん")], vertical: true)
        let column = block.lines[0]
        XCTAssertTrue(column.isVertical)
        let ruby = try XCTUnwrap(column.ruby.first)
        // Its centre line: half the base's size plus half its own right of the column's.
        XCTAssertEqual(ruby.baseline, column.baseline + 20 + 10, accuracy: 1e-9)
        // Along the column: centred on the base (from 120 px, 80 long).
        XCTAssertEqual(ruby.x, column.x + 120 + 20, accuracy: 1e-9)
        // The column's box holds it: 40 px right of the centre line, 20 left.
        XCTAssertEqual(column.ascent, 40)
        XCTAssertEqual(column.descent, 20)
        XCTAssertEqual(block.box.width, 60)
        XCTAssertEqual(ruby.glyphs.map(\.sideways), [false, false])
        // A longer ruby spreads the base down the column too.
        let spread = try set([span("嵐", ruby: "あらしのよる")], vertical: true)
        XCTAssertEqual(spread.lines[0].advance, try XCTUnwrap(spread.lines[0].ruby.first).advance, accuracy: 1e-9)
    }
}
