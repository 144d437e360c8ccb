@testable import CollageLayout
@testable import CollageText
import CollageRaster
import CollageSpec
import XCTest

/// `TextBlock.usedFontFiles`: the files a depfile and `collage watch` list
/// for a text block, with the pinned fonts (Tests/fonts/fonts.conf).
final class UsedFontFilesTests: XCTestCase {
    override func setUp() { PinnedFonts.load }

    private let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    private let cjk = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
    private let emoji = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"

    private func set(_ text: String, families: [String]) throws -> TextBlock {
        let overlay = OverlaySpec.text(text, font: FontSpec(family: families, size: 40), location: at(3, 5))
        return try TextBlock.set(overlay, in: r(0, 0, 800, 200), canvas: Size(width: 800, height: 200), library: .shared)
    }

    /// Every glyph of "日本語🎉" comes from a fallback face: the primary file
    /// (its metrics set the box) and the two faces that drew are listed.
    func testFallbackFacesThatDrewAreListedAfterThePrimary() throws {
        let block = try set("日本語🎉", families: ["DejaVu Sans", "Noto Sans CJK JP", "Noto Color Emoji"])
        XCTAssertEqual(block.fontFile, dejaVu)
        XCTAssertEqual(Set(block.lines[0].glyphs.map { block.faces[$0.face].file }), [cjk, emoji])
        XCTAssertEqual(block.usedFontFiles, [dejaVu, cjk, emoji])
    }

    /// Faces of the family list that set no glyph are not dependencies.
    func testFacesThatDrewNothingAreLeftOut() throws {
        let block = try set("Hi", families: ["DejaVu Sans", "Noto Sans CJK JP", "Noto Color Emoji"])
        XCTAssertEqual(block.faces.map(\.file), [dejaVu, cjk, emoji])
        XCTAssertEqual(block.usedFontFiles, [dejaVu])
        let mixed = try set("Hi 日本", families: ["DejaVu Sans", "Noto Sans CJK JP", "Noto Color Emoji"])
        XCTAssertEqual(mixed.usedFontFiles, [dejaVu, cjk])
    }
}
