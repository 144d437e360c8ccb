import CollageCodecs
import CollageRaster
import Foundation
import XCTest
import CollageTestSupport

/// Issue 45 through the `collage` binary: a PDF's captions are real text
/// in embedded, subset fonts (`pdffonts`: emb, sub, uni), `pdftotext`
/// reads them in reading order (Latin, Japanese horizontal and vertical,
/// ruby, Arabic, mixed direction), `pdftoppm` draws them as collage's PNG
/// does (at least 35 dB), a Noto Sans CJK subset is a sliver of its file,
/// and the bytes are the same every run and on any thread count.
final class PDFTextTests: XCTestCase, PhotoFolderTest {
    var directory: URL!

    override func setUpWithError() throws {
        try makePhotoFolder()
    }

    /// Renders the document of `canvas` (the key's flow mapping) and
    /// `overlays` (the key's list, indented) to `name`.pdf (checked with
    /// qpdf) and `name`.png; the PDF's path and the PNG.
    private func render(canvas: String, overlays: String, name: String, _ extra: [String] = [], components: String = "",
                        file: StaticString = #filePath, line: UInt = #line) throws -> (pdf: String, png: Pixmap) {
        try write("\(name).yaml", "version: 1\ncanvas: \(canvas)\n" + components + "overlays:\n" + overlays + "\n")
        let result = try runCollage(["render", "\(name).yaml", "-o", "\(name).pdf"] + extra, in: directory)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        try PDFTools.assertValid(url("\(name).pdf").path, file: file, line: line)
        let raster = try runCollage(["render", "\(name).yaml", "-o", "\(name).png"], in: directory)
        XCTAssertEqual(raster.status, 0, raster.stderr, file: file, line: line)
        return (url("\(name).pdf").path, try ImageDecoder.decode(path: url("\(name).png").path))
    }

    /// The page against `png` (canvas.dpi 72: one pixel a point): the PDF
    /// as written, rendered by `pdftoppm` at 8 x 72 = 576 dpi and averaged
    /// 8x8 down to 72 dpi (a box filter on the sRGB values,
    /// `PDFTextTools.renderSupersampled`), at least 35 dB. Poppler draws a
    /// shown glyph from its glyph cache at a whole device pixel (its
    /// `SplashFont::getGlyph` keeps no fraction for a glyph taller than 4
    /// px); at 576 dpi that snap is an eighth of a point, and the average
    /// gives the coverage the raster computes. The plain `pdftoppm -r 72`
    /// figure (22-32 dB: each glyph up to a pixel from where the raster
    /// draws it) is printed for information only.
    @discardableResult
    private func assertParity(_ pdf: String, _ png: Pixmap, _ label: String,
                              file: StaticString = #filePath, line: UInt = #line) throws -> Double {
        let page = try PDFTools.render(pdf, dpi: 72, file: file, line: line).cropped(to: png.size)
        XCTAssertEqual([page.width, page.height], [png.width, png.height], "pdftoppm's page size", file: file, line: line)
        guard page.width == png.width, page.height == png.height else { return 0 }
        let direct = PixelMetrics.psnr(page, png)
        let fine = try PDFTextTools.renderSupersampled(pdf, dpi: 72, factor: 8, file: file, line: line).cropped(to: png.size)
        guard fine.width == png.width, fine.height == png.height else { XCTFail("supersampled size", file: file, line: line); return 0 }
        let parity = PixelMetrics.psnr(fine, png)
        print("PDF text parity \(label): \(String(format: "%.2f", parity)) dB (576 dpi averaged 8x8 to 72), "
              + "\(String(format: "%.2f", direct)) dB as drawn at 72 dpi (info)")
        XCTAssertGreaterThanOrEqual(parity, 35, "PSNR of pdftoppm (576 dpi, 8x8 box) against the PNG (\(label))", file: file, line: line)
        XCTAssertLessThan(parity, 100, "the page shows text to compare (\(label))", file: file, line: line)
        return parity
    }

    /// `text` with every kind of white space and the bidi controls
    /// pdftotext adds around right-to-left runs (U+202A-U+202C) removed
    /// (pdftotext breaks and spaces lines by their geometry; the order of
    /// the characters is what the tests read).
    private func squeezed(_ text: String) -> String {
        String(text.unicodeScalars.filter { !$0.properties.isWhitespace && $0.properties.generalCategory != .format }
            .map(Character.init))
    }

    /// `text` with the bidi controls removed, split into trimmed, non-empty lines.
    private func lines(_ text: String) -> [String] {
        String(text.unicodeScalars.filter { $0.properties.generalCategory != .format }.map(Character.init))
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Latin (DejaVu Sans, TrueType), Japanese (Noto Sans CJK JP, CFF in a
    /// collection) and Arabic (Noto Sans Arabic, TrueType) captions: three
    /// Type0 fonts, each embedded, subset and with a ToUnicode map, of the
    /// right outline kind; pdftotext gives the three captions in order (the
    /// ffi and ffl ligatures DejaVu Sans shapes copy as their letters, by
    /// the ToUnicode map's one glyph to three characters);
    /// the page matches the PNG; no text became an image.
    func testLatinJapaneseAndArabicAreEmbeddedSubsetFontsThatCopy() throws {
        let (pdf, png) = try render(canvas: "{width: 520, height: 250, background: \"#ffffff\"}", overlays: """
              - text: "Office affluent fjord"
                anchor: topLeft
                offset: [20, 16]
                font: {family: "DejaVu Sans", size: 40}
                color: "#102040"
              - text: "東京の夏、ひまわり畑"
                anchor: topLeft
                offset: [20, 90]
                font: {family: "Noto Sans CJK JP", size: 40}
                lang: ja
                color: "#802010"
              - text: "مرحبا بالعالم"
                anchor: topLeft
                offset: [20, 160]
                font: {family: "Noto Sans Arabic", size: 44}
                lang: ar
                color: "#106030"
            """, name: "scripts")
        let fonts = try PDFTextTools.fonts(pdf)
        XCTAssertEqual(fonts.count, 3, "\(fonts)")
        for font in fonts {
            XCTAssertTrue(font.embedded && font.subset && font.unicode, "\(font)")
            XCTAssertEqual(font.encoding, "Identity-H", "\(font)")
            XCTAssertTrue(font.name.range(of: "^[A-Z]{6}\\+", options: .regularExpression) != nil, "subset tag: \(font.name)")
        }
        XCTAssertEqual(fonts.map(\.type).sorted(), ["CID TrueType", "CID TrueType", "CID Type 0C"], "\(fonts)")
        XCTAssertTrue(fonts.contains { $0.name.hasSuffix("+DejaVuSans") }, "\(fonts)")
        XCTAssertTrue(fonts.contains { $0.name.hasSuffix("+NotoSansCJKjp-Regular-Identity-H") }, "\(fonts)")
        XCTAssertTrue(fonts.contains { $0.name.hasSuffix("+NotoSansArabic-Regular") }, "\(fonts)")
        let text = try PDFTextTools.text(pdf)
        XCTAssertEqual(lines(text), ["Office affluent fjord", "東京の夏、ひまわり畑", "مرحبا بالعالم"], text)
        XCTAssertEqual(try PDFTools.images(pdf), [], "text is text, not pictures")
        try assertParity(pdf, png, "latin/japanese/arabic")
    }

    /// A vertical Japanese column pair with ruby and a horizontal ruby
    /// line: each line's `/ActualText` gives its base text in logical
    /// order (the ruby is read as part of its base, not as text of its
    /// own); the vertical columns use the face's Identity-V font.
    func testVerticalAndRubyTextReadInOrder() throws {
        let (pdf, png) = try render(canvas: "{width: 420, height: 300, background: \"#ffffff\"}", overlays: """
              - text:
                  - "庭の"
                  - {text: "紫陽花", ruby: "あじさい"}
                  - "と"
                  - {text: "嵐", ruby: "あらし"}
                direction: vertical
                font: {family: Noto Sans CJK JP, size: 36}
                lang: ja
                color: "#202020"
                align: left
                maxHeight: 200
                anchor: topRight
                offset: [-20, 20]
              - text:
                  - "今日は"
                  - {text: "晴天", ruby: "せいてん"}
                font: {family: Noto Sans CJK JP, size: 32}
                lang: ja
                color: "#1d4e89"
                anchor: bottomLeft
                offset: [20, -20]
            """, name: "vertical")
        let fonts = try PDFTextTools.fonts(pdf)
        XCTAssertEqual(Set(fonts.map(\.encoding)), ["Identity-H", "Identity-V"], "\(fonts)")
        XCTAssertTrue(fonts.allSatisfy { $0.embedded && $0.subset && $0.unicode }, "\(fonts)")
        // One subset serves both writing modes: the two Type0 fonts share its tag and name.
        XCTAssertEqual(Set(fonts.map { $0.name.replacingOccurrences(of: "-Identity-V", with: "-Identity-H") }).count, 1, "\(fonts)")
        let extracted = try PDFTextTools.text(pdf, raw: true)
        let text = squeezed(extracted)
        XCTAssertEqual(text, "庭の紫陽花と嵐今日は晴天", extracted)
        XCTAssertFalse(text.contains("あじさい"), "ruby is read with its base")
        try assertParity(pdf, png, "vertical + ruby")
    }

    /// Latin set sideways in a column (a quarter-turned text matrix through
    /// the Identity-H font), upright Latin, and digits combined upright
    /// (tate-chū-yoko: a width scale below 1) read in order and draw where
    /// the raster does.
    func testSidewaysUprightAndCombinedDigitsInColumns() throws {
        let (pdf, png) = try render(canvas: "{width: 300, height: 330, background: \"#ffffff\"}", overlays: """
              - text: "東京Tokyo駅"
                direction: vertical
                font: {family: Noto Sans CJK JP, size: 36}
                color: "#202020"
                align: left
                anchor: topRight
                offset: [-20, 16]
              - text: "東京Tokyo駅"
                direction: vertical
                textOrientation: upright
                font: {family: Noto Sans CJK JP, size: 28}
                color: "#1d4e89"
                align: left
                anchor: top
                offset: [0, 16]
              - text: "令和8年12月"
                direction: vertical
                textCombineUpright: 2
                font: {family: Noto Sans CJK JP, size: 36}
                lang: ja
                color: "#202020"
                align: left
                anchor: topLeft
                offset: [20, 16]
            """, name: "columns")
        XCTAssertEqual(Set(try PDFTextTools.fonts(pdf).map(\.encoding)), ["Identity-H", "Identity-V"])
        XCTAssertEqual(squeezed(try PDFTextTools.text(pdf, raw: true)), "東京Tokyo駅東京Tokyo駅令和8年12月")
        try assertParity(pdf, png, "sideways, upright and combined in columns")
    }

    /// A caption turned by 15° and faded (a transparency group): its glyphs
    /// are turned by their text matrices, and each line carries its text
    /// (`/ActualText`), which readers would otherwise piece together from
    /// glyphs at an angle; the geometry matches the PNG.
    func testRotatedTranslucentCaptionReadsWhole() throws {
        let (pdf, png) = try render(canvas: "{width: 400, height: 200, background: \"#ffffff\"}", overlays: """
              - text: "Rotated 回転"
                anchor: center
                rotation: 15
                opacity: 0.6
                font: {family: ["DejaVu Sans", "Noto Sans CJK JP"], size: 40}
                color: "#203060"
            """, name: "rotated")
        XCTAssertEqual(try PDFTextTools.fonts(pdf).count, 2)
        XCTAssertEqual(squeezed(try PDFTextTools.text(pdf)), "Rotated回転")
        try assertParity(pdf, png, "rotated 15° at opacity 0.6")
    }

    /// Mixed Arabic, Latin and digits in one line: pdftotext reads it in
    /// logical order (its glyphs stand in visual order, each mapped to its
    /// text; poppler's bidi puts them back; no /ActualText, which poppler
    /// would reverse).
    func testMixedDirectionLineReadsInLogicalOrder() throws {
        let caption = "مرحبا Hello 123 بكم"
        let (pdf, png) = try render(canvas: "{width: 460, height: 90, background: \"#fffaf0\"}", overlays: """
              - text: "\(caption)"
                anchor: center
                font: {family: ["Noto Sans Arabic", "DejaVu Sans"], size: 40}
                color: "#000000"
            """, name: "bidi")
        XCTAssertEqual(squeezed(try PDFTextTools.text(pdf)), squeezed(caption))
        XCTAssertTrue(try PDFTextTools.fonts(pdf).allSatisfy { $0.embedded && $0.subset && $0.unicode })
        try assertParity(pdf, png, "mixed direction")
    }

    /// A caption in Noto Sans CJK JP embeds a font program under 5% of the
    /// collection file it comes from.
    func testCJKSubsetIsUnderFivePercentOfTheFace() throws {
        let face = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
        let full = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: face)[.size] as? Int)
        let (pdf, _) = try render(canvas: "{width: 400, height: 80, background: \"#ffffff\"}", overlays: """
              - text: "富士山の朝焼け、湖のほとり"
                font: {family: "Noto Sans CJK JP", size: 28}
                lang: ja
                color: "#000000"
            """, name: "cjk")
        let sizes = try PDFTextTools.fontProgramSizes(pdf)
        XCTAssertEqual(sizes.count, 1)
        let subset = try XCTUnwrap(sizes.first)
        print("Noto Sans CJK JP subset: \(subset) bytes of \(full) (\(String(format: "%.3f", 100 * Double(subset) / Double(full)))%)")
        XCTAssertLessThan(Double(subset), 0.05 * Double(full))
        XCTAssertGreaterThan(subset, 1000, "the subset holds outlines")
    }

    /// Text with a stroke and a blurred shadow: the fill is text (one
    /// font), the stroke a vector outline, the shadow an image over its
    /// node; the page matches the PNG.
    func testStrokedShadowedTextMatchesTheRaster() throws {
        let (pdf, png) = try render(canvas: "{width: 420, height: 120, background: \"#d0e0f0\"}", overlays: """
              - text: "Summer 2024"
                anchor: center
                font: {family: "DejaVu Sans", size: 56, weight: bold}
                color: "#ffffff"
                stroke: {width: 3, color: "#203040"}
                shadow: {offset: [3, 3], blur: 6, color: "#00000080"}
            """, name: "effects")
        XCTAssertEqual(try PDFTextTools.fonts(pdf).count, 1)
        XCTAssertEqual(squeezed(try PDFTextTools.text(pdf)), "Summer2024")
        XCTAssertEqual(try PDFTools.images(pdf).filter { $0.type == "image" }.count, 1, "the shadow alone is an image")
        try assertParity(pdf, png, "stroke + shadow")
    }

    /// A translucent caption is drawn as filled outlines (overlapping
    /// glyphs would each add their alpha): no font, still no image.
    func testTranslucentTextStaysOutlines() throws {
        let (pdf, png) = try render(canvas: "{width: 300, height: 80, background: \"#ffffff\"}", overlays: """
              - text: "Faded"
                anchor: center
                font: {family: "DejaVu Sans", size: 48}
                color: "#00000080"
            """, name: "faded")
        XCTAssertEqual(try PDFTextTools.fonts(pdf), [])
        XCTAssertEqual(try PDFTools.images(pdf), [])
        try assertParity(pdf, png, "translucent outlines")
    }

    /// A character no font has (U+10FFFD, private use) shapes to glyph 0
    /// (`.notdef`): the PDF fills its outline, as the raster draws it,
    /// rather than show glyph 0 of the subset font (viewers draw that their
    /// own way); the other characters are still text.
    func testMissingCharacterIsFilledAsTheRasterDrawsIt() throws {
        let (pdf, png) = try render(canvas: "{width: 360, height: 90, background: \"#ffffff\"}", overlays: """
              - text: "Tofu \u{10FFFD} here"
                anchor: center
                font: {family: "DejaVu Sans", size: 40}
                color: "#202020"
            """, name: "notdef")
        XCTAssertEqual(squeezed(try PDFTextTools.text(pdf)), "Tofuhere")
        XCTAssertTrue(try PDFTextTools.fonts(pdf).allSatisfy { $0.embedded && $0.subset && $0.unicode })
        try assertParity(pdf, png, "missing character")
    }

    /// Thai "น้ำ" (water) and "กำ": the sara am of each shapes into two
    /// glyphs (nikhahit and sara aa), so one cluster is several glyphs; each
    /// such cluster carries its own /ActualText and copies exactly once
    /// (without it poppler read the sara aa twice: "น้ำา").
    func testThaiClusterOfSeveralGlyphsCopiesOnce() throws {
        let caption = "น้ำกำลังไหล"
        let (pdf, png) = try render(canvas: "{width: 360, height: 90, background: \"#ffffff\"}", overlays: """
              - text: "\(caption)"
                anchor: center
                font: {family: "Noto Sans Thai", size: 40}
                lang: th
                color: "#202020"
            """, name: "thai")
        XCTAssertEqual(squeezed(try PDFTextTools.text(pdf)), caption)
        let fonts = try PDFTextTools.fonts(pdf)
        XCTAssertEqual(fonts.count, 1, "\(fonts)")
        XCTAssertTrue(fonts.allSatisfy { $0.embedded && $0.subset && $0.unicode }, "\(fonts)")
        // The clusters of several glyphs ("น้ำ", "กำ", "ลั") copy through their spans, not the CMap:
        // no glyph maps to a whole cluster, and "ล" maps to itself.
        let cmap = try PDFTextTools.toUnicodeMaps(pdf).joined()
        XCTAssertFalse(cmap.isEmpty)
        for cluster in ["น้ำ", "กำ", "ลั"] { XCTAssertFalse(cmap.contains("<\(TextLeaf.utf16Hex(cluster))>"), "\(cluster): \(cmap)") }
        XCTAssertTrue(cmap.contains("> <\(TextLeaf.utf16Hex("ล"))>"), cmap)
        try assertParity(pdf, png, "thai")
    }

    /// A turned Arabic line carries no line /ActualText (poppler reverses
    /// a logical-order span, as it does for a horizontal one): its glyphs
    /// map to their letters, and poppler, whose bidi does not follow a
    /// turned baseline, gives each word (docs/print.md "Text in PDF").
    func testTurnedArabicLineGivesEachWord() throws {
        let (pdf, png) = try render(canvas: "{width: 400, height: 200, background: \"#ffffff\"}", overlays: """
              - text: "مرحبا بالعالم"
                anchor: center
                rotation: 12
                font: {family: "Noto Sans Arabic", size: 40}
                lang: ar
                color: "#106030"
            """, name: "turnedArabic")
        let text = try PDFTextTools.text(pdf)
        // Poppler's order for a turned right-to-left line is its own: each word is read whole.
        for word in ["مرحبا", "بالعالم"] { XCTAssertTrue(squeezed(text).contains(word), "\(word) in \(text)") }
        try assertParity(pdf, png, "arabic turned")
    }

    /// A component whose shadow its drawing's alpha casts: the shadow alone
    /// is an image (`Group.shadowOnly`); the caption over it stays text.
    func testComponentShadowLeavesItsTextAsText() throws {
        try write("component.yaml", """
            version: 1
            canvas: {width: 320, height: 140, background: "#f0f0f0"}
            components:
              badge:
                width: 240
                height: 80
                overlays:
                  - {shape: rect, width: "100%", height: "100%", cornerRadius: 16, fill: "#1d4e89"}
                  - text: "Badge text"
                    anchor: center
                    font: {family: "DejaVu Sans", size: 32}
                    color: "#ffffff"
            overlays:
              - {use: badge, shadow: {offset: [4, 4], blur: 5, color: "#00000080"}}
            """)
        XCTAssertEqual(try runCollage(["render", "component.yaml", "-o", "component.pdf"], in: directory).status, 0)
        XCTAssertEqual(try runCollage(["render", "component.yaml", "-o", "component.png"], in: directory).status, 0)
        let pdf = url("component.pdf").path
        try PDFTools.assertValid(pdf)
        let fonts = try PDFTextTools.fonts(pdf)
        XCTAssertEqual(fonts.count, 1, "the caption is text: \(fonts)")
        XCTAssertTrue(fonts.first?.name.hasSuffix("+DejaVuSans") ?? false, "\(fonts)")
        XCTAssertEqual(squeezed(try PDFTextTools.text(pdf)), "Badgetext")
        XCTAssertEqual(try PDFTools.images(pdf).filter { $0.type == "image" }.count, 1, "the shadow alone is an image")
        try assertParity(pdf, try ImageDecoder.decode(path: url("component.png").path), "component shadow")
    }

    /// The same text document gives the same bytes twice and on one and four threads.
    func testTextPDFBytesAreIdenticalAcrossRunsAndThreads() throws {
        let document = """
            version: 1
            canvas: {width: 300, height: 200, background: "#ffffff"}
            overlays:
              - text: "Same 同じ مرحبا"
                font: {family: ["DejaVu Sans", "Noto Sans CJK JP", "Noto Sans Arabic"], size: 30}
                color: "#000000"
              - text: "縦書き"
                direction: vertical
                anchor: right
                font: {family: "Noto Sans CJK JP", size: 30}
                lang: ja
                color: "#000000"
            """
        try write("same.yaml", document)
        for (name, threads) in [("a", "1"), ("b", "4"), ("c", "1")] {
            let result = try runCollage(["render", "same.yaml", "-o", "\(name).pdf", "--threads", threads], in: directory)
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        let a = try Data(contentsOf: url("a.pdf"))
        XCTAssertEqual(a, try Data(contentsOf: url("b.pdf")), "one and four threads")
        XCTAssertEqual(a, try Data(contentsOf: url("c.pdf")), "two runs")
        XCTAssertEqual(try PDFTextTools.fonts(url("a.pdf").path).map(\.encoding).sorted(),
                       ["Identity-H", "Identity-H", "Identity-V"], "DejaVu Sans (Latin and Arabic), Noto Sans CJK JP H and V")
    }
}
