@testable import CollageLayout
@testable import CollageText
import CollageRaster
import CollageSpec
import CText
import XCTest

/// `hyphens: none|manual|auto` (docs/text.md "Hyphenation").
final class HyphenationTests: XCTestCase {
    override func setUp() { PinnedFonts.load }

    /// The hand-made list (Tests/CollageTextTests/Fixtures/hyphenation-en-US.txt): "hy-phen-ation" lines.
    private func expectedWords() throws -> [(word: String, points: [Int])] {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast()
        let path = parts.joined(separator: "/") + "/../CollageTextTests/Fixtures/hyphenation-en-US.txt"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }.map { line in
            var points: [Int] = []
            var count = 0
            for character in line {
                if character == "-" { points.append(count) } else { count += 1 }
            }
            return (line.replacingOccurrences(of: "-", with: ""), points)
        }
    }

    func testThirtyEnglishWordsBreakWhereTheHandMadeListSays() throws {
        let words = try expectedWords()
        XCTAssertEqual(words.count, 30)
        for (word, points) in words {
            XCTAssertEqual(Hyphenator.shared.points(in: word, lang: "en-US"), points, word)
        }
        // Case does not matter; a capitalised word breaks at the same places.
        XCTAssertEqual(Hyphenator.shared.points(in: "Hyphenation", lang: "en-US"), [2, 6])
    }

    /// Debian's hyphen-de dictionaries are ISO-8859-1, not UTF-8: they were
    /// loaded (5 s for hyph_de_DE.dic), then dropped as unusable, so German
    /// text warned "install hyphen-de" with hyphen-de installed, and the
    /// 24 MB dictionary leaked (LeakSanitizer, target document). Words are
    /// now given to them in Latin-1. Points checked by hand against German
    /// syllable rules (Ka-pi-täns-wit-we, Sil-ben-tren-nung, Über-tra-gung,
    /// Mäd-chen).
    func testGermanLatin1DictionaryBreaksWordsWithUmlauts() throws {
        XCTAssertTrue(Hyphenator.shared.hasDictionary(for: "de"))
        XCTAssertEqual(Hyphenator.shared.points(in: "Kapitänswitwe", lang: "de"), [2, 4, 8, 11])
        XCTAssertEqual(Hyphenator.shared.points(in: "Silbentrennung", lang: "de"), [3, 6, 10])
        XCTAssertEqual(Hyphenator.shared.points(in: "Übertragung", lang: "de-DE"), [4, 7])
        XCTAssertEqual(Hyphenator.shared.points(in: "Mädchen", lang: "de"), [3])
        // Other spellings of the tag share the loaded file (a second 24 MB
        // load per spelling made a 12 s input for target document).
        XCTAssertEqual(Hyphenator.shared.points(in: "Mädchen", lang: "De"), [3])
        XCTAssertEqual(Hyphenator.shared.points(in: "Mädchen", lang: "de-DE"), [3])
        // A character with no Latin-1 byte: the word is not hyphenated.
        XCTAssertEqual(Hyphenator.shared.points(in: "Łódźwasser", lang: "de"), [])
        let german = try set("die Silbentrennung", width: 260, hyphens: .auto, lang: "de")
        XCTAssertEqual(german.warnings.map(\.message), [])
        XCTAssertEqual(german.lines.map(\.text), ["die Silben\u{2010}", "trennung"])
    }

    /// Target text (FuzzText, Fuzz/corpus/text/finding-hyphen-nul): libhyphen
    /// reads the word as a C string whatever its length argument says, and
    /// the word was not NUL-terminated (ASan: heap-buffer-overflow in strstr
    /// under hnj_hyphen_hyphenate3). The seed replays it under ASan in CI's
    /// fuzz step; here the same short words give their real points.
    func testShortWordsFromTheFuzzFindingHyphenate() throws {
        XCTAssertEqual(Hyphenator.shared.points(in: "giU", lang: "en-US"), [])
        XCTAssertEqual(Hyphenator.shared.points(in: "hyphenation", lang: "en-US"), [2, 6])
        let block = try set("giU", width: 400, hyphens: .auto)
        XCTAssertEqual(block.lines.map(\.text), ["giU"])
    }

    func testDictionaryFilesForATag() {
        XCTAssertEqual(Hyphenator.fileNames(for: "en-US"), ["hyph_en_US.dic", "hyph_en.dic", "hyph_en_EN.dic"])
        XCTAssertEqual(Hyphenator.fileNames(for: "de"), ["hyph_de.dic", "hyph_de_DE.dic"])
        XCTAssertEqual(Hyphenator.shared.dictionaryPath(for: "en-US"), "/usr/share/hyphen/hyph_en_US.dic")
        XCTAssertEqual(Hyphenator.shared.dictionaryPath(for: "en"), "/usr/share/hyphen/hyph_en.dic")
        XCTAssertNil(Hyphenator.shared.dictionaryPath(for: "ga"))
        XCTAssertEqual(Hyphenator.package(for: "ga"), "hyphen-ga")
        XCTAssertEqual(Hyphenator.package(for: "en-GB"), "hyphen-en-us")
        XCTAssertEqual(Hyphenator.package(for: "pt-BR"), "hyphen-pt-br")
    }

    private func set(_ text: String, width: Double, hyphens: Hyphens, lang: String? = "en-US",
                     family: String = "DejaVu Sans") throws -> TextBlock {
        var overlay = OverlaySpec.text(text, font: FontSpec(family: [family], size: 40), anchor: .topLeft,
                                       location: at(3, 5))
        overlay.textStyle.width = .pixels(width)
        overlay.textStyle.align = .left
        overlay.textStyle.hyphens = hyphens
        if case .text(var spec) = overlay.kind {
            spec.lang = lang
            spec.langLocation = at(4, 11)
            overlay.kind = .text(spec)
        }
        return try TextBlock.set(overlay, in: r(0, 0, 800, 600), canvas: Size(width: 800, height: 600))
    }

    func testAutoBreaksAtTheDictionaryPointsWithAHyphen() throws {
        // DejaVu Sans 40 px advances: "documentation" 303.0, "mentation" 205.8,
        // "the docu‐" 190.0, "the documen‐" 279.0 (and "ta" 39 more), "the" 65.7 (the space 12.7).
        let block = try set("the documentation", width: 210, hyphens: .auto)
        XCTAssertEqual(block.warnings, [])
        XCTAssertEqual(block.lines.map(\.text), ["the docu\u{2010}", "mentation"])
        for line in block.lines { XCTAssertLessThanOrEqual(line.advance, 210) }
        XCTAssertEqual(block.lines[0].advance, 190.03125, accuracy: 1e-9, "the hyphen's advance is in the line")
        // Wider: the last point that fits with its hyphen.
        XCTAssertEqual(try set("the documentation", width: 320, hyphens: .auto).lines.map(\.text),
                       ["the documenta\u{2010}", "tion"])
        // The hyphen is drawn: the line's last glyph is DejaVu Sans's U+2010.
        let hyphenGlyph = try XCTUnwrap(block.lines[0].glyphs.last)
        XCTAssertNotEqual(hyphenGlyph.id, 0)
        XCTAssertEqual(hyphenGlyph.cluster, "the docu".utf8.count)
        // manual (the default) and none do not break inside the word.
        XCTAssertEqual(try set("the documentation", width: 320, hyphens: .manual).lines.map(\.text), ["the", "documentation"])
    }

    func testManualBreaksOnlyAtSoftHyphensAndNoneNever() throws {
        let text = "the docu\u{AD}men\u{AD}ta\u{AD}tion"
        let manual = try set(text, width: 210, hyphens: .manual, lang: nil)
        XCTAssertEqual(manual.warnings, [])
        // The soft hyphen at the break becomes the drawn hyphen; the others draw nothing.
        XCTAssertEqual(manual.lines.map(\.text), ["the docu\u{2010}", "men\u{AD}ta\u{AD}tion"])
        let none = try set(text, width: 320, hyphens: .none, lang: nil)
        XCTAssertEqual(none.lines.map(\.text), ["the", "docu\u{AD}men\u{AD}ta\u{AD}tion"])
    }

    func testMissingDictionaryOrLanguageIsAWarning() throws {
        let irish = try set("the documentation", width: 320, hyphens: .auto, lang: "ga")
        XCTAssertEqual(irish.warnings.map(\.message), [
            "no hyphenation dictionary for 'lang: ga' in /usr/share/hyphen; 'hyphens: auto' breaks only at U+00AD (install the Debian package hyphen-ga)",
        ])
        XCTAssertEqual(irish.warnings.first?.location, at(4, 11))
        XCTAssertEqual(irish.warnings.first?.severity, .warning)
        XCTAssertEqual(irish.lines.map(\.text), ["the", "documentation"])
        let none = try set("the documentation", width: 320, hyphens: .auto, lang: nil)
        XCTAssertEqual(none.warnings.map(\.message),
                       ["'hyphens: auto' needs 'lang' to choose a hyphenation dictionary; it breaks only at U+00AD"])
    }

    func testHyphenIsAHyphenMinusWhenTheFontLacksU2010() throws {
        try FontLibrary.shared.withLock { () throws(FontError) in
            let avestan = try FaceSet(font: FontSpec(family: ["Noto Sans Avestan"]), library: .shared)
            let dejavu = try FaceSet(font: FontSpec(family: ["DejaVu Sans"]), library: .shared)
            let cluster = TextCluster(character: "a", face: 0, level: 0, script: HB_SCRIPT_LATIN, breakBefore: false)
            XCTAssertFalse(avestan.primary.covers("\u{2010}"))
            XCTAssertEqual(Typesetter.hyphen(after: cluster, faces: avestan).character, "-")
            XCTAssertEqual(Typesetter.hyphen(after: cluster, faces: dejavu).character, "\u{2010}")
        }
    }
}
