@testable import CollageLayout
@testable import CollageText
import CollageRaster
import CollageSpec
import XCTest

/// `lang` and `lineBreak` (docs/text.md "Language"): HarfBuzz's language
/// picks the font's `locl` forms, fontconfig's language the fallback face,
/// ICU's locale and `lb` keyword the line breaks.
final class TextLanguageTests: XCTestCase {
    override func setUp() { PinnedFonts.load }

    private func set(_ text: String, family: String, lang: String?, size: Double = 200) throws -> TextBlock {
        var overlay = OverlaySpec.text(text, font: FontSpec(family: [family], size: size), anchor: .topLeft,
                                       location: at(3, 5))
        if case .text(var spec) = overlay.kind {
            spec.lang = lang
            spec.langLocation = at(4, 11)
            overlay.kind = .text(spec)
        }
        return try TextBlock.set(overlay, in: r(0, 0, 400, 400), canvas: Size(width: 400, height: 400))
    }

    /// Coverage of a block's fill on a 400 x 400 canvas, row-major.
    private func canvasCoverage(_ block: TextBlock) throws -> [UInt8] {
        let mask = try XCTUnwrap(block.mask)
        var pixels = [UInt8](repeating: 0, count: 400 * 400)
        for y in 0..<mask.height {
            for x in 0..<mask.width {
                let cx = block.maskX + x, cy = block.maskY + y
                guard (0..<400).contains(cx), (0..<400).contains(cy) else { continue }
                pixels[cy * 400 + cx] = mask.coverage[y * mask.width + x]
            }
        }
        return pixels
    }

    func testJapaneseAndSimplifiedChineseHanDifferOnPixels() throws {
        // Noto Sans CJK JP's `locl` for zh-Hans swaps 直 to the Chinese form
        // (the inner strokes differ); the advances stay 1 em.
        let ja = try set("直", family: "Noto Sans CJK JP", lang: "ja")
        let zh = try set("直", family: "Noto Sans CJK JP", lang: "zh-Hans")
        let none = try set("直", family: "Noto Sans CJK JP", lang: nil)
        XCTAssertEqual(ja.warnings, [])
        XCTAssertEqual(zh.warnings, [])
        XCTAssertNotEqual(ja.lines[0].glyphs[0].id, zh.lines[0].glyphs[0].id)
        XCTAssertEqual(ja.lines[0].glyphs[0].id, none.lines[0].glyphs[0].id, "the JP face's default form is Japanese")
        let a = try canvasCoverage(ja), b = try canvasCoverage(zh)
        let differing = zip(a, b).filter { abs(Int($0) - Int($1)) > 128 }.count
        // A 200 px glyph: strokes about 17 px wide; the moved strokes differ in well over 1000 pixels.
        XCTAssertGreaterThan(differing, 1000)
        XCTAssertEqual(try canvasCoverage(none), a)
    }

    func testLanguageChoosesTheFallbackFace() throws {
        // DejaVu Sans has no Han: fontconfig's language sorts the CJK faces.
        let family = { (block: TextBlock) in block.faces[block.lines[0].glyphs[0].face].family }
        XCTAssertEqual(family(try set("直", family: "DejaVu Sans", lang: "ja")), "Noto Sans CJK JP")
        XCTAssertEqual(family(try set("直", family: "DejaVu Sans", lang: "zh-Hans")), "Noto Sans CJK SC")
        XCTAssertEqual(family(try set("直", family: "DejaVu Sans", lang: "zh-TW")), "Noto Sans CJK TC")
        XCTAssertEqual(family(try set("직", family: "DejaVu Sans", lang: "ko")), "Noto Sans CJK KR")
    }

    func testUnknownSubtagIsAWarningAndTheTextRenders() throws {
        let block = try set("Hi", family: "DejaVu Sans", lang: "qq-Zyxw-QQ", size: 40)
        XCTAssertNotNil(block.mask)
        XCTAssertEqual(block.warnings.count, 1)
        XCTAssertEqual(block.warnings.first?.severity, .warning)
        XCTAssertEqual(block.warnings.first?.location, at(4, 11))
        XCTAssertEqual(block.warnings.first?.message,
                       "'lang: qq-Zyxw-QQ' has an unknown language 'qq' and script 'Zyxw' and region 'QQ'; the text is set without that subtag's rules")
        for known in ["en-US", "zh-Hans", "ja", "no", "sr-Latn-RS", "es-419", "de-CH-1996"] {
            XCTAssertEqual(TextLanguage(tag: known).unknownSubtags, [], known)
        }
    }

    func testFontconfigLanguageOfChineseTags() {
        XCTAssertEqual(TextLanguage(tag: "zh-Hans").fontconfig, "zh-cn")
        XCTAssertEqual(TextLanguage(tag: "zh-Hant-HK").fontconfig, "zh-hk")
        XCTAssertEqual(TextLanguage(tag: "zh-Hant").fontconfig, "zh-tw")
        XCTAssertEqual(TextLanguage(tag: "pt-BR").fontconfig, "pt-br")
        XCTAssertEqual(TextLanguage(tag: "sr-Latn").fontconfig, "sr")
    }

    func testLineBreakStrictnessFollowsCSS() {
        // キャット・ラーメン: ャ and ッ are small kana, ー the prolonged sound mark.
        let text = Array("キャットラーメン々".utf16)
        let strict = LineBreakOpportunities.offsets(utf16: text, lang: "ja", strictness: .strict)
        let normal = LineBreakOpportunities.offsets(utf16: text, lang: "ja", strictness: .normal)
        let loose = LineBreakOpportunities.offsets(utf16: text, lang: "ja", strictness: .loose)
        // Strict: never before ャ (1), ッ (2), ー (5) or 々 (8).
        XCTAssertEqual(strict, [3, 4, 6, 7])
        // Normal: small kana and ー may start a line.
        XCTAssertEqual(normal, [1, 2, 3, 4, 5, 6, 7])
        // Loose: also before the iteration mark 々.
        XCTAssertEqual(loose, [1, 2, 3, 4, 5, 6, 7, 8])
    }
    /// Each span breaks by its own language's rules, with the paragraph
    /// around it as context: in `ja` (normal) a line may start with the wave
    /// dash 〜, in `en` it may not (ICU's CJ tailoring).
    func testEachSpanBreaksByItsOwnLanguage() throws {
        try FontLibrary.shared.withLock { () throws(FontError) in
            let faces = try FaceSet(font: FontSpec(family: ["Noto Sans CJK JP"]), library: .shared)
            // 〜 is cluster 10, the first of the second span.
            let pieces = [TextControls.Piece(text: "キャットラーメン々、", style: 0), TextControls.Piece(text: "〜あい", style: 1)]
            func breaks(_ langs: [String?]) -> [Int] {
                let clusters = TextCluster.itemize(pieces, faces: [faces, faces], langs: langs).clusters
                return clusters.indices.filter { clusters[$0].breakBefore }
            }
            XCTAssertEqual(breaks(["en", "ja"]), [1, 2, 3, 4, 5, 6, 7, 10, 11, 12])
            XCTAssertEqual(breaks(["ja", "en"]), [1, 2, 3, 4, 5, 6, 7, 11, 12])
            XCTAssertEqual(breaks(["en", "en"]), [1, 2, 3, 4, 5, 6, 7, 11, 12])
        }
    }
}
