@testable import CollageLayout
@testable import CollageText
import CollageRaster
import CollageSpec
import CText
import XCTest

/// Issue 4's text tests with the pinned fonts: fallback per grapheme
/// cluster, kerning and features, Arabic joining, bidi order, UAX #14
/// wrapping, stroke, colour emoji.
final class TextScriptTests: XCTestCase {
    override func setUp() { PinnedFonts.load }

    private func overlay(_ text: String, families: [String] = ["DejaVu Sans"], size: Double = 100,
                         anchor: Anchor = .topLeft, color: RGBA = .black,
                         configure: (inout OverlaySpec) -> Void = { _ in }) -> OverlaySpec {
        var spec = OverlaySpec.text(text, font: FontSpec(family: families, size: size), color: color,
                               anchor: anchor, location: at(3, 5))
        configure(&spec)
        return spec
    }

    private func set(_ overlay: OverlaySpec, canvas: Size = Size(width: 1200, height: 400)) throws -> TextBlock {
        try TextBlock.set(overlay, in: r(0, 0, canvas.width, canvas.height), canvas: canvas)
    }

    /// Coverage of a placed mask at a canvas pixel (0 outside it).
    private func coverage(_ mask: CoverageMask?, _ originX: Int, _ originY: Int, x: Int, y: Int) -> UInt8 {
        guard let mask, x >= originX, y >= originY, x < originX + mask.width, y < originY + mask.height else { return 0 }
        return mask.coverage[(y - originY) * mask.width + (x - originX)]
    }

    // MARK: Fallback

    func testCJKFallsBackPerClusterAndLatinKeepsItsFace() throws {
        let mixed = try set(overlay("Font 你好"))
        let glyphs = mixed.lines[0].glyphs
        XCTAssertFalse(glyphs.contains { $0.id == 0 }, "no .notdef")
        XCTAssertEqual(glyphs.count, 7)
        let faceOf = glyphs.map { mixed.faces[$0.face].family }
        XCTAssertEqual(faceOf, ["DejaVu Sans", "DejaVu Sans", "DejaVu Sans", "DejaVu Sans", "DejaVu Sans",
                                "Noto Sans CJK JP", "Noto Sans CJK JP"])
        // "Font " drawn alone: the same pixels in the columns before 你's pen position.
        let alone = try set(overlay("Font "))
        let split = Int(alone.lines[0].advance.rounded(.down))
        var compared = 0
        for y in 0..<200 {
            for x in 0..<split {
                XCTAssertEqual(coverage(mixed.mask, mixed.maskX, mixed.maskY, x: x, y: y),
                               coverage(alone.mask, alone.maskX, alone.maskY, x: x, y: y), "(\(x), \(y))")
                if coverage(alone.mask, alone.maskX, alone.maskY, x: x, y: y) > 0 { compared += 1 }
            }
        }
        XCTAssertGreaterThan(compared, 1000)
    }

    // MARK: Shaping

    func testKerningShrinksAVAVAAndKernOffRestoresTheAdvances() throws {
        let kerned = try set(overlay("AVAVA"))
        let plain = try set(overlay("AVAVA") { $0.font.features = [FontFeature(tag: "kern", value: 0)] })
        // A and V advance 1401 units of 2048: without kerning 5 × 1401 × 100/2048.
        XCTAssertEqual(plain.lines[0].advance, 5 * 1401 * 100 / 2048, accuracy: 3.0 / 64)
        XCTAssertLessThan(kerned.lines[0].advance, plain.lines[0].advance - 10)
        // The same as HarfBuzz with the face's GPOS kerning: the sum of its glyph advances.
        XCTAssertEqual(kerned.lines[0].advance, kerned.lines[0].glyphs.map(\.advance).reduce(0, +), accuracy: 1e-9)
        // HarfBuzz's own total, straight from hb_shape on the same face.
        let library = FontLibrary.shared
        let direct = try library.withLock { () throws(FontError) -> Double in
            let choice = try library.choose(families: ["DejaVu Sans"])
            try choice.face.setSize(100)
            return TextShaper.shape("AVAVA", face: choice.face).advance
        }
        XCTAssertEqual(kerned.lines[0].advance, direct, accuracy: 1e-9)
    }

    func testLetterSpacingAddsAfterEveryCluster() throws {
        let plain = try set(overlay("AVAVA"))
        let spaced = try set(overlay("AVAVA") { $0.textStyle.letterSpacing = 7 })
        XCTAssertEqual(spaced.lines[0].advance, plain.lines[0].advance + 5 * 7, accuracy: 1e-9)
    }

    func testArabicJoinsAndItsFirstLogicalLetterIsRightmost() throws {
        let block = try set(overlay("مرحبا بكم", families: ["sans-serif"], anchor: .center))
        let glyphs = block.lines[0].glyphs
        XCTAssertFalse(glyphs.contains { $0.id == 0 })
        XCTAssertEqual(glyphs.count, 9)
        // Visual order: the first logical letter (cluster 0) is the rightmost glyph.
        XCTAssertEqual(glyphs.last?.cluster, 0)
        // UTF-8 offsets: five 2-byte letters, the space at 10, then 11, 13, 15.
        XCTAssertEqual(glyphs.map(\.cluster), [15, 13, 11, 10, 8, 6, 4, 2, 0])
        // Joining: meem initial (cluster 0) and meem final (cluster 15) are different glyphs,
        // and so are beh medial (6) and beh initial (11); each differs from the isolated letter.
        let id = Dictionary(uniqueKeysWithValues: glyphs.map { ($0.cluster, $0.id) })
        let isolatedMeem = try set(overlay("م", families: ["sans-serif"])).lines[0].glyphs[0].id
        let isolatedBeh = try set(overlay("ب", families: ["sans-serif"])).lines[0].glyphs[0].id
        XCTAssertNotEqual(id[0], id[15])
        XCTAssertNotEqual(id[6], id[11])
        XCTAssertFalse([id[0], id[15]].contains(isolatedMeem))
        XCTAssertFalse([id[6], id[11]].contains(isolatedBeh))
    }

    func testMixedDirectionFollowsUAX9() throws {
        // LTR paragraph (first strong letter H); the digits after Arabic join its RTL run.
        let block = try set(overlay("Hello مرحبا 123", families: ["sans-serif"], size: 40))
        XCTAssertEqual(block.lines[0].glyphs.map(\.cluster),
                       [0, 1, 2, 3, 4, 5, 17, 18, 19, 16, 14, 12, 10, 8, 6])
        // Visual order means increasing x.
        let xs = block.lines[0].glyphs.map(\.x)
        XCTAssertEqual(xs, xs.sorted())
    }

    func testRightToLeftParagraphStartsAtTheRight() throws {
        let block = try set(overlay("مرحبا Hello", families: ["sans-serif"], size: 40))
        // RTL paragraph: the Latin word is left of the Arabic one.
        XCTAssertEqual(block.lines[0].glyphs.first?.cluster, 11)
        XCTAssertEqual(block.lines[0].glyphs.last?.cluster, 0)
    }

    // MARK: Wrapping

    func testMixedLatinAndCJKWrapsAt300Pixels() throws {
        let text = "Summer photos 夏休みの写真を、家族と一緒に見返しました。Captions wrap between words 日本語は文字の間で折り返します。"
        let block = try set(overlay(text, size: 32) {
            $0.textStyle.maxWidth = .pixels(300)
            $0.textStyle.align = .left
        }, canvas: Size(width: 800, height: 800))
        XCTAssertGreaterThan(block.lines.count, 3)
        for line in block.lines {
            XCTAssertLessThanOrEqual(line.advance, 300, line.text)
            XCTAssertFalse(line.text.hasPrefix("。") || line.text.hasPrefix("、") || line.text.hasPrefix("，"), line.text)
            XCTAssertFalse(line.glyphs.contains { $0.id == 0 })
        }
        // Latin words are never split across lines.
        for word in ["Summer", "photos", "Captions", "wrap", "between", "words"] {
            XCTAssertTrue(block.lines.contains { $0.text.contains(word) }, word)
        }
        // Every line's ink stays within the 300 px column (anchored at x 0, aligned left).
        let mask = try XCTUnwrap(block.mask)
        XCTAssertGreaterThanOrEqual(block.maskX, 0)
        XCTAssertLessThanOrEqual(block.maskX + mask.width, 300)
    }

    func testMaxLinesEndsTheLastLineWithAnEllipsis() throws {
        let block = try set(overlay("one two three four five six seven eight nine ten", size: 40) {
            $0.textStyle.maxWidth = .pixels(260)
            $0.textStyle.maxLines = 2
        }, canvas: Size(width: 600, height: 400))
        XCTAssertEqual(block.lines.count, 2)
        XCTAssertTrue(block.lines[1].text.hasSuffix("…"), block.lines[1].text)
        XCTAssertLessThanOrEqual(block.lines[1].advance, 260)
        XCTAssertEqual(block.box.height, block.metrics.ascender - block.metrics.descender + block.metrics.lineHeight)
    }

    func testFitShrinkFindsASizeThatFits() throws {
        let block = try set(overlay("A rather long caption", size: 100) {
            $0.textStyle.maxWidth = .pixels(400)
            $0.textStyle.maxHeight = .pixels(60)
            $0.textStyle.fit = .shrink
        }, canvas: Size(width: 800, height: 400))
        XCTAssertLessThan(block.size, 100)
        XCTAssertLessThanOrEqual(block.box.width, 400)
        XCTAssertLessThanOrEqual(block.box.height, 60)
        XCTAssertEqual(block.lines.count, 1)
        // Half a pixel larger no longer fits: the line wraps and the box is too tall.
        let larger = try set(overlay("A rather long caption", size: block.size + 0.5) {
            $0.textStyle.maxWidth = .pixels(400)
        }, canvas: Size(width: 800, height: 400))
        XCTAssertGreaterThan(larger.box.height, 60)
    }

    func testAlignRightAndLineHeight() throws {
        let block = try set(overlay("Wide line\nx", size: 40) {
            $0.textStyle.align = .right
            $0.textStyle.lineHeight = 1.5
        })
        XCTAssertEqual(block.lines[1].x + block.lines[1].advance, block.box.x + block.box.width, accuracy: 1e-9)
        XCTAssertEqual(block.lines[1].baseline - block.lines[0].baseline, 60, accuracy: 1e-9)
    }

    func testPercentSizeIsOfTheAreaHeight() throws {
        var spec = overlay("Hxg")
        spec.font.relativeSize = 10
        let block = try TextBlock.set(spec, in: r(0, 0, 400, 300), canvas: Size(width: 400, height: 300))
        XCTAssertEqual(block.size, 30)
    }

    // MARK: Stroke

    func testStrokeBandIsTwelvePixelsWithNoGap() throws {
        let block = try set(overlay("iji 描画", size: 100, anchor: .center) {
            $0.textStyle.stroke = TextStroke(width: .pixels(12), color: .white)
        }, canvas: Size(width: 900, height: 300))
        let stroke = try XCTUnwrap(block.strokeLayer)
        let fill = try XCTUnwrap(block.mask)
        // No gap: wherever the fill has ink, the stroke is fully opaque under it.
        var inked = 0
        for y in 0..<fill.height {
            for x in 0..<fill.width where fill.coverage[y * fill.width + x] > 0 {
                inked += 1
                XCTAssertEqual(coverage(stroke.mask, stroke.x, stroke.y, x: block.maskX + x, y: block.maskY + y), 255,
                               "gap at (\(block.maskX + x), \(block.maskY + y))")
            }
        }
        XCTAssertGreaterThan(inked, 2000)
        // The row 25 px above the baseline crosses the stems of i, j, i: strokes of
        // neighbouring stems merge, so measure the outer edges of the stroke run
        // holding them against the first and last stem (50 % coverage edges).
        let y = Int(block.firstBaseline) - 25
        func runs(_ mask: CoverageMask, _ ox: Int, _ oy: Int) -> [ClosedRange<Int>] {
            var result: [ClosedRange<Int>] = []
            var start: Int?
            for x in 0...2001 {
                let inked = x <= 2000 && coverage(mask, ox, oy, x: x, y: y) >= 128
                if inked, start == nil { start = x }
                if !inked, let s = start { result.append(s...(x - 1)); start = nil }
            }
            return result
        }
        let stems = runs(fill, block.maskX, block.maskY)
        let band = try XCTUnwrap(runs(stroke.mask, stroke.x, stroke.y).first)
        let inside = stems.filter { band.contains($0.lowerBound) }
        XCTAssertEqual(inside.count, 3, "\(stems) in \(band)")
        let left = inside[0].lowerBound - band.lowerBound, right = band.upperBound - inside[inside.count - 1].upperBound
        print("stroke band at row \(y): left \(left) px, right \(right) px (stems \(inside), stroke \(band))")
        XCTAssertEqual(Double(left), 12, accuracy: 1)
        XCTAssertEqual(Double(right), 12, accuracy: 1)
        // 描画 came from the CJK face, stroked too.
        XCTAssertTrue(block.faces.contains { $0.family == "Noto Sans CJK JP" })
    }

    // MARK: Emoji

    private struct NoImages: ImageProvider {
        func decode(image index: Int, minimumSize: Size) throws -> Pixmap { Pixmap(width: 1, height: 1) }
    }

    func testEmojiKeepsItsColoursUnderARedFill() throws {
        let red = RGBA(red: 255, green: 0, blue: 0)
        let spec = overlay("😀", size: 96, anchor: .center, color: red)
        let block = try set(spec, canvas: Size(width: 200, height: 200))
        XCTAssertEqual(block.lines[0].glyphs.count, 1)
        let face = block.faces[block.lines[0].glyphs[0].face]
        XCTAssertEqual(face.family, "Noto Color Emoji")
        XCTAssertTrue(face.isColor)
        XCTAssertEqual(block.tiles.count, 1)
        // Drawn at the font size: about 96 px wide, not the 136 px strike.
        XCTAssertEqual(Double(block.tiles[0].width), 96 * 136 / 109, accuracy: 4)
        let scene = Scene(size: Size(width: 200, height: 200), background: .white,
                          nodes: [block.node(red, style: spec.textStyle)])
        let canvas = try SceneRenderer.render(scene, images: NoImages(), threads: 1)
        var yellow = 0, pureRed = 0
        for i in stride(from: 0, to: canvas.pixels.count, by: 4) {
            let (r, g, b) = (canvas.pixels[i], canvas.pixels[i + 1], canvas.pixels[i + 2])
            if r > 200, g > 150, b < 100 { yellow += 1 }
            if r == 255, g == 0, b == 0 { pureRed += 1 }
        }
        XCTAssertGreaterThan(yellow, 2000)
        XCTAssertEqual(pureRed, 0)
    }

    func testEmojiPresentationPrefersTheColourFontOverDejaVusMonochromeGlyph() throws {
        // DejaVu Sans has a monochrome U+263A; with U+FE0F it goes to the colour font, without it stays.
        let text = try set(overlay("\u{263A}", size: 40))
        let emoji = try set(overlay("\u{263A}\u{FE0F}", size: 40))
        XCTAssertEqual(text.faces[text.lines[0].glyphs[0].face].family, "DejaVu Sans")
        XCTAssertEqual(emoji.faces[emoji.lines[0].glyphs[0].face].family, "Noto Color Emoji")
        // 😀 itself (Emoji_Presentation) never uses DejaVu's glyph.
        let grin = try set(overlay("a😀b", size: 40))
        XCTAssertEqual(grin.lines[0].glyphs.map { grin.faces[$0.face].family },
                       ["DejaVu Sans", "Noto Color Emoji", "DejaVu Sans"])
    }

    func testZWJFamilyIsOneClusterInOneFace() throws {
        let family = "👨‍👩‍👧"
        XCTAssertEqual(family.count, 1)
        let block = try set(overlay("a" + family, size: 40))
        let glyphs = block.lines[0].glyphs
        XCTAssertEqual(glyphs.count, 2)
        XCTAssertEqual(block.faces[glyphs[1].face].family, "Noto Color Emoji")
        XCTAssertNotEqual(glyphs[1].id, 0)
        XCTAssertEqual(block.tiles.count, 1)
    }

    func testBaseWithCombiningMarkStaysInOneFace() throws {
        // e + U+0301 is one cluster; DejaVu has both, so one face and no .notdef.
        let block = try set(overlay("Cafe\u{301}", size: 40))
        XCTAssertEqual(Set(block.lines[0].glyphs.map(\.face)).count, 1)
        XCTAssertFalse(block.lines[0].glyphs.contains { $0.id == 0 })
    }

    // MARK: Shadow and label box

    /// Issue 33: a text shadow is its group's `Shadow` (as shapes and photos
    /// cast theirs), cast by the outlines, σ = blur / 2, moved by the offset.
    func testShadowIsTheGroupsShadowCastByTheOutlines() throws {
        let spec = overlay("H", size: 100, anchor: .center) {
            $0.textStyle.shadow = TextShadow(offsetX: 10, offsetY: 6, blur: 8, color: .black)
        }
        let block = try set(spec, canvas: Size(width: 300, height: 300))
        let group = block.group(.black, style: spec.textStyle)
        guard group.children.count == 1, case .group(let ink) = group.children[0] else {
            return XCTFail("one ink group: \(group.children)")
        }
        let shadow = try XCTUnwrap(ink.shadow)
        XCTAssertEqual(shadow.offsetX, 10)
        XCTAssertEqual(shadow.offsetY, 6)
        XCTAssertEqual(shadow.sigma, 4)
        XCTAssertEqual(shadow.color, .black)
        guard case .shape(let caster) = shadow.caster else { return XCTFail("a shape caster") }
        XCTAssertEqual(caster, block.outlines)
        XCTAssertEqual(TextBlock.coverage(caster)?.mask, block.mask)
    }

    func testLabelBoxIsTheTextBoxGrownByThePadding() throws {
        let spec = overlay("Label", size: 40, anchor: .center) {
            $0.textStyle.background = TextBackground(color: .white, padding: .pixels(10), cornerRadius: .pixels(8))
        }
        let block = try set(spec, canvas: Size(width: 400, height: 200))
        guard case .path(let label) = block.group(.black, style: spec.textStyle).children.first else {
            return XCTFail("the label box first")
        }
        XCTAssertEqual(label.paint, .solid(.white))
        let box = try XCTUnwrap(TextBlock.coverage(label.path))
        XCTAssertEqual(box.x, Int((block.box.x - 10).rounded(.down)))
        XCTAssertEqual(box.mask.width, Int((block.box.x + block.box.width + 10).rounded(.up)) - box.x)
        // Rounded corner: the corner pixel is empty, the middle full.
        XCTAssertEqual(box.mask.coverage[0], 0)
        XCTAssertEqual(box.mask.coverage[(box.mask.height / 2) * box.mask.width + box.mask.width / 2], 255)
    }
}

extension TextScriptTests {
    func testOversizedStrokeIsOutOfRangeAtTheOverlay() {
        let spec = overlay("x", size: 20) { $0.textStyle.stroke = TextStroke(width: .pixels(5000), color: .black) }
        assertDiagnostic(.outOfRange, at: at(3, 5)) { () throws(DiagnosticList) in
            try TextBlock.set(spec, in: r(0, 0, 400, 400), canvas: Size(width: 400, height: 400))
        }
    }

    func testEmptyTextHasNoInkAndNoLayers() throws {
        let block = try set(overlay("") { $0.textStyle.stroke = TextStroke(width: .pixels(3)) })
        XCTAssertNil(block.mask)
        XCTAssertNil(block.strokeLayer)
        XCTAssertEqual(block.box.width, 0)
        XCTAssertEqual(block.lines.count, 1)
    }
}

extension TextScriptTests {
    func testEllipsisSitsAtTheEndOfARightToLeftParagraph() throws {
        // An Arabic paragraph (RTL) whose second line is Latin: the ellipsis is the leftmost glyph.
        let block = try set(overlay("مرحبا بكم one two three four five six seven", size: 30) {
            $0.textStyle.maxWidth = .pixels(200)
            $0.textStyle.maxLines = 2
        }, canvas: Size(width: 600, height: 300))
        XCTAssertEqual(block.lines.count, 2)
        let last = block.lines[1]
        XCTAssertTrue(last.text.hasSuffix("…"), last.text)
        XCTAssertEqual(last.glyphs.first?.cluster, last.text.utf8.count - "…".utf8.count)
    }
}
