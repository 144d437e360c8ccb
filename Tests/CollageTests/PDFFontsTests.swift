import CollageRaster
import XCTest
@testable import Collage

/// `PDFFonts`' pieces (issue 45): the ToUnicode CMap's entries and blocks,
/// and the subset tag.
final class PDFFontsTests: XCTestCase {
    /// A ligature maps to its letters, a CJK glyph to its character, a
    /// character outside the BMP to its surrogate pair; ids in order; at
    /// most 100 entries a block.
    func testToUnicodeMapsGlyphsToTheirClustersInBlocksOfAHundred() {
        let cmap = PDFFonts.toUnicode([0x0ABC: "ffi", 0x0003: " ", 0x25F9: "京", 0x0100: "😀"])
        XCTAssertTrue(cmap.contains("""
            4 beginbfchar
            <0003> <0020>
            <0100> <D83DDE00>
            <0ABC> <006600660069>
            <25F9> <4EAC>
            endbfchar
            """), cmap)
        XCTAssertTrue(cmap.hasPrefix("/CIDInit /ProcSet findresource begin\n"))
        XCTAssertTrue(cmap.contains("1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n"))
        var many: [UInt32: String] = [:]
        for id in UInt32(1) ... 150 { many[id] = "a" }
        let blocks = PDFFonts.toUnicode(many).components(separatedBy: "\n").filter { $0.hasSuffix("beginbfchar") }
        XCTAssertEqual(blocks, ["100 beginbfchar", "50 beginbfchar"])
    }

    /// Six capitals, the same for the same face and glyphs, different for another glyph set or face index.
    func testSubsetTagIsSixCapitalsFromTheFaceAndGlyphs() {
        let font = GlyphRun.Font(file: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", index: 0)
        let tag = PDFFonts.tag(font, glyphs: [3, 36, 61])
        XCTAssertNotNil(tag.range(of: "^[A-Z]{6}$", options: .regularExpression), tag)
        XCTAssertEqual(tag, PDFFonts.tag(font, glyphs: [3, 36, 61]))
        XCTAssertNotEqual(tag, PDFFonts.tag(font, glyphs: [3, 36, 62]))
        XCTAssertNotEqual(tag, PDFFonts.tag(GlyphRun.Font(file: font.file, index: 1), glyphs: [3, 36, 61]))
    }
}
