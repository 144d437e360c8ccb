@testable import CollageLayout
@testable import CollageText
import CollageRaster
import CollageSpec
import XCTest

/// Control characters (docs/text.md "Control characters"): TAB to the next
/// tab stop, CR/LF/CRLF/U+2028/U+2029 end lines, other controls and
/// default-ignorables draw nothing and warn about nothing.
///
/// DejaVu Sans: the space advances 651 of 2048 units, so at 100 px a tab
/// stop (8 spaces) is 8 × 651 × 100 / 2048 = 254.30 px (HarfBuzz gives the
/// space 31.78125 px, whole 1/64 px, so the stop is 254.25: within 8/64).
final class TextControlTests: XCTestCase {
    override func setUp() { PinnedFonts.load }

    private func set(_ text: String, tabSize: Double? = nil, letterSpacing: Double = 0) throws -> TextBlock {
        var overlay = OverlaySpec.text(text, font: FontSpec(family: ["DejaVu Sans"], size: 100), anchor: .topLeft,
                                       location: at(3, 5))
        if let tabSize { overlay.textStyle.tabSize = tabSize }
        overlay.textStyle.letterSpacing = letterSpacing
        return try TextBlock.set(overlay, in: r(0, 0, 2000, 1000), canvas: Size(width: 2000, height: 1000))
    }

    /// The pen position of the first glyph of the line's cluster at UTF-8 offset `cluster`.
    private func x(of cluster: Int, in line: TextBlock.Line) -> Double? {
        line.glyphs.first { $0.cluster == cluster }?.x
    }

    func testTabAdvancesToTheNextStopFromTheLineStart() throws {
        let stop: Double = 8 * 651 * 100 / 2048.0
        let block = try set("A\tB")
        XCTAssertEqual(block.warnings, [])
        XCTAssertFalse(block.lines[0].glyphs.contains { $0.id == 0 }, "no missing-glyph box")
        XCTAssertEqual(try XCTUnwrap(x(of: 2, in: block.lines[0])), stop, accuracy: 8.0 / 64)
        // A leading TAB reaches the first stop; a text past it the second.
        XCTAssertEqual(try XCTUnwrap(x(of: 1, in: try set("\tB").lines[0])), stop, accuracy: 8.0 / 64)
        let long = try set("WWWWW\tB")   // W advances 2025 units: 5 × 98.88 = 494.4 px > 1 stop
        XCTAssertEqual(try XCTUnwrap(x(of: 6, in: long.lines[0])), 2 * stop, accuracy: 16.0 / 64)
        XCTAssertEqual(long.lines[0].text, "WWWWW\tB")
    }

    func testTabSizeCountsSpacesWithLetterSpacing() throws {
        let block = try set("A\tB", tabSize: 2, letterSpacing: 10)
        let spaced: Double = 651 * 100 / 2048.0 + 10
        XCTAssertEqual(try XCTUnwrap(x(of: 2, in: block.lines[0])), 2 * spaced, accuracy: 2.0 / 64)
        // tabSize 0: the TAB is a space.
        let zero = try set("A\tB", tabSize: 0)
        let space = try set("A B")
        XCTAssertEqual(zero.lines[0].advance, space.lines[0].advance, accuracy: 1e-9)
    }

    func testLineBreakCharactersEndLines() throws {
        let block = try set("a\rb\r\nc\u{2028}d\u{2029}e\nf")
        XCTAssertEqual(block.lines.map(\.text), ["a", "b", "c", "d", "e", "f"])
    }

    func testOtherControlsAndIgnorablesDrawNothing() throws {
        let block = try set("A\u{01}B\u{0B}\u{0C}C\u{7F}\u{85}\u{9F}D\u{200B}E\u{2060}F\u{FEFF}G\u{AD}H")
        XCTAssertEqual(block.warnings, [])
        XCTAssertEqual(block.lines.count, 1)
        XCTAssertEqual(block.lines[0].text, "ABCD\u{200B}E\u{2060}F\u{FEFF}G\u{AD}H")
        XCTAssertFalse(block.lines[0].glyphs.contains { $0.id == 0 }, "no missing-glyph box")
        // The ignorables take no room: the line is as wide as the letters alone.
        XCTAssertEqual(block.lines[0].advance, try set("ABCDEFGH").lines[0].advance, accuracy: 1.0 / 64)
    }
}
