@testable import CollageLayout
@testable import CollageText
import CollageRaster
import CollageSpec
import XCTest

/// Text geometry with the pinned fonts (README "Rules": Text).
///
/// DejaVu Sans (fonts-dejavu-core 2.37), font units: unitsPerEm 2048, hhea
/// ascender 1901, descender −483; `H` spans x 201…1339, y 0…1493 with
/// advance 1540; `x` advance 1212; `g` spans x 113…1114, y −426…1147 with
/// advance 1300; `A` and `V` advance 1401.
final class TypesetterTests: XCTestCase {
    override func setUp() { PinnedFonts.load }

    private func overlay(_ text: String, families: [String] = ["DejaVu Sans"], size: Double = 100,
                         anchor: Anchor, offset: (Double, Double) = (0, 0)) -> OverlaySpec {
        OverlaySpec.text(text, font: FontSpec(family: families, size: size), color: .white,
                    anchor: anchor, offsetX: offset.0, offsetY: offset.1, location: at(20, 5))
    }

    private func set(_ overlay: OverlaySpec, canvas: Size, library: FontLibrary = .shared) throws -> TextBlock {
        try TextBlock.set(overlay, in: r(0, 0, canvas.width, canvas.height), canvas: canvas, library: library)
    }

    /// Canvas rows (and columns) with any ink, from a block's mask.
    private func inkRows(_ block: TextBlock, columns: Range<Int>? = nil) -> [Int] {
        guard let mask = block.mask else { return [] }
        var rows: [Int] = []
        for y in 0..<mask.height {
            for x in 0..<mask.width where mask.coverage[y * mask.width + x] > 0 {
                if let columns, !columns.contains(block.maskX + x) { continue }
                rows.append(block.maskY + y)
                break
            }
        }
        return rows
    }

    func testLineBoxIsAscenderMinusDescender() throws {
        let block = try set(overlay("Hxg", anchor: .topLeft), canvas: Size(width: 400, height: 300))
        XCTAssertEqual(block.family, "DejaVu Sans")
        XCTAssertTrue(block.fontFile.hasSuffix("/DejaVuSans.ttf"), block.fontFile)
        // 1901 × 100/2048 = 92.82 and −483 × 100/2048 = −23.58: FreeType's
        // TrueType size metrics round them to whole pixels (93, −24).
        XCTAssertEqual(block.metrics.ascender, 93)
        XCTAssertEqual(block.metrics.descender, -24)
        XCTAssertEqual(block.box.height, block.metrics.ascender - block.metrics.descender)
        XCTAssertEqual(block.box.height, 117)
        XCTAssertEqual(block.box.x, 0)
        XCTAssertEqual(block.box.y, 0)
        XCTAssertEqual(block.firstBaseline, 93)
        // Width = advance sum: (1540 + 1212 + 1300) × 100/2048 = 197.85 (to 1/64 px).
        XCTAssertEqual(block.box.width, 197.85, accuracy: 3.0 / 64)
        XCTAssertEqual(block.box.width, block.lines[0].advance)
    }

    func testTopInkRowIsWhereTheMetricsPutIt() throws {
        let block = try set(overlay("Hxg", anchor: .topLeft), canvas: Size(width: 400, height: 300))
        let rows = inkRows(block)
        // H top: baseline 93 − 1493 × 100/2048 = 93 − 72.90 = 20.10 → row 20.
        XCTAssertEqual(Double(rows.first ?? -99), 20, accuracy: 1)
        // g bottom: 93 + 426 × 100/2048 = 113.80 → last row 113.
        XCTAssertEqual(Double(rows.last ?? -99), 113, accuracy: 1)
        // H left edge: 201 × 100/2048 = 9.81 → first ink column 9.
        XCTAssertEqual(Double(block.maskX), 9, accuracy: 1)
    }

    func testBaselineAnchorPutsTheBaselineOnTheAnchorPoint() throws {
        // baselineLeft: the canvas's left middle (y 150) meets the first baseline.
        let block = try set(overlay("Hxg", anchor: .baselineLeft), canvas: Size(width: 400, height: 300))
        XCTAssertEqual(block.firstBaseline, 150)
        XCTAssertEqual(block.box.y, 150 - 93)
        // The H spans x 9.8…65.4: its bottom ink row is just above the baseline.
        XCTAssertEqual(Double(inkRows(block, columns: 12..<62).last ?? -99), 149, accuracy: 1)
        // The g (pen at (1540 + 1212) × 100/2048 = 134.4, ink x 139.9…188.8)
        // descends below the baseline: 150 + 20.8 → last row 170.
        let gRows = inkRows(block, columns: 145..<180)
        XCTAssertEqual(Double(gRows.last ?? -99), 170, accuracy: 1)
    }

    func testCentredCaptionBoxCentreIsTheCanvasCentrePlusOffset() throws {
        let canvas = Size(width: 3088, height: 2056)
        let block = try set(overlay("Summer 2026", size: 96, anchor: .center, offset: (-40, 700)), canvas: canvas)
        XCTAssertEqual(block.box.x + block.box.width / 2, 1544 - 40, accuracy: 1e-9)
        XCTAssertEqual(block.box.y + block.box.height / 2, 1028 + 700, accuracy: 1e-9)
        // The ink lies inside the line box (no stroke or shadow yet).
        let mask = try XCTUnwrap(block.mask)
        XCTAssertGreaterThanOrEqual(Double(block.maskX), block.box.x - 1)
        XCTAssertLessThanOrEqual(Double(block.maskX + mask.width), block.box.maxX + 1)
        XCTAssertGreaterThanOrEqual(Double(block.maskY), block.box.y)
        XCTAssertLessThanOrEqual(Double(block.maskY + mask.height), block.box.maxY)
    }

    func testBottomRightAnchorWithNegativeOffset() throws {
        let block = try set(overlay("Hxg", size: 50, anchor: .bottomRight, offset: (-32, -32)),
                            canvas: Size(width: 800, height: 600))
        XCTAssertEqual(block.box.maxX, 800 - 32, accuracy: 1e-9)
        XCTAssertEqual(block.box.maxY, 600 - 32, accuracy: 1e-9)
    }

    func testJapaneseInNotoSansCJKHasRealGlyphs() throws {
        let block = try set(overlay("夏休みの思い出", families: ["Noto Sans CJK JP", "DejaVu Sans"], size: 64,
                                    anchor: .center), canvas: Size(width: 800, height: 200))
        XCTAssertEqual(block.family, "Noto Sans CJK JP")
        XCTAssertTrue(block.fontFile.hasSuffix("NotoSansCJK-Regular.ttc"), block.fontFile)
        XCTAssertEqual(block.lines[0].glyphs.count, 7)
        XCTAssertFalse(block.lines[0].glyphs.contains { $0.id == 0 }, "a .notdef glyph")
        XCTAssertEqual(block.warnings, [])
        // Full-width ideographs: 7 × 64 px (1000 units/em, advance 1000).
        XCTAssertEqual(block.box.width, 7 * 64, accuracy: 1.0 / 64)
        let mask = try XCTUnwrap(block.mask)
        XCTAssertGreaterThan(mask.coverage.filter { $0 == 255 }.count, 1000)
    }

    func testKerningTightensAVAVA() throws {
        let canvas = Size(width: 800, height: 200)
        let kerned = try set(overlay("AVAVA", anchor: .center), canvas: canvas).box.width
        let a = try set(overlay("A", anchor: .center), canvas: canvas).box.width
        let v = try set(overlay("V", anchor: .center), canvas: canvas).box.width
        // Unkerned: 5 × 1401 × 100/2048 = 342.04.
        XCTAssertEqual(3 * a + 2 * v, 342.04, accuracy: 5.0 / 64)
        XCTAssertLessThan(kerned, 3 * a + 2 * v - 10)
        // With the `kern` feature off, HarfBuzz gives the plain sum.
        let unkerned = try FontLibrary.shared.withLock { () throws(FontError) -> Double in
            let face = try FontLibrary.shared.choose(families: ["DejaVu Sans"]).face
            try face.setSize(100)
            return TextShaper.shape("AVAVA", face: face, features: ["-kern"]).advance
        }
        XCTAssertEqual(unkerned, 3 * a + 2 * v, accuracy: 1e-9)
    }

    func testGlyphsSitAtFractionalPositions() throws {
        let canvas = Size(width: 400, height: 200)
        let whole = try set(overlay("H", anchor: .topLeft, offset: (10, 10)), canvas: canvas)
        let shifted = try set(overlay("H", anchor: .topLeft, offset: (11, 10)), canvas: canvas)
        let quarter = try set(overlay("H", anchor: .topLeft, offset: (10.25, 10)), canvas: canvas)
        // A whole-pixel move moves the mask and nothing else.
        XCTAssertEqual(shifted.maskX, whole.maskX + 1)
        XCTAssertEqual(shifted.mask, whole.mask)
        // A quarter-pixel move changes the coverage (positions are never
        // rounded): the ink's centre moves by a quarter pixel.
        XCTAssertNotEqual(quarter.mask, whole.mask)
        XCTAssertEqual(quarter.box.x, 10.25)
        XCTAssertEqual(inkCentreX(quarter) - inkCentreX(whole), 0.25, accuracy: 0.02)
        XCTAssertEqual(inkCentreX(shifted) - inkCentreX(whole), 1, accuracy: 1e-9)
    }

    /// Coverage-weighted mean x of a block's ink, canvas pixels (pixel centres at +0.5).
    private func inkCentreX(_ block: TextBlock) -> Double {
        guard let mask = block.mask else { return .nan }
        var sum = 0.0, weighted = 0.0
        for y in 0..<mask.height {
            for x in 0..<mask.width {
                let c = Double(mask.coverage[y * mask.width + x])
                sum += c
                weighted += c * (Double(block.maskX + x) + 0.5)
            }
        }
        return weighted / sum
    }

    func testMaskIsClippedToTheCanvas() throws {
        let block = try set(overlay("Hxg", anchor: .topLeft, offset: (-50, -30)), canvas: Size(width: 100, height: 60))
        let drawn = try XCTUnwrap(block.mask(on: Size(width: 100, height: 60)))
        XCTAssertEqual(drawn.x, 0)
        XCTAssertEqual(drawn.y, 0)
        XCTAssertLessThanOrEqual(drawn.mask.width, 100)
        XCTAssertLessThanOrEqual(drawn.mask.height, 60)
        XCTAssertEqual(block.box.x, -50)
        XCTAssertEqual(block.box.width, 197.85, accuracy: 3.0 / 64)
    }

    /// A glyph partly off the canvas is drawn only inside it (a 9000 px
    /// glyph on an 1800 px canvas took seconds), with the coverage the whole
    /// glyph has there (the scene clips the outlines to the canvas).
    func testGlyphsCutByTheCanvasHaveTheWholeGlyphsCoverage() throws {
        let whole = try set(overlay("Hxg", anchor: .topLeft, offset: (0, 0)), canvas: Size(width: 300, height: 100))
        let cut = try set(overlay("Hxg", anchor: .topLeft, offset: (-50, -30)), canvas: Size(width: 100, height: 60))
        let wholeDrawn = try XCTUnwrap(whole.mask(on: Size(width: 300, height: 100)))
        let cutDrawn = try XCTUnwrap(cut.mask(on: Size(width: 100, height: 60)))
        let full = wholeDrawn.mask, part = cutDrawn.mask
        XCTAssertEqual([cutDrawn.x, cutDrawn.y], [0, 0])
        var inked = 0
        for y in 0..<part.height {
            for x in 0..<part.width {
                // Canvas pixel (x, y) of the cut text is pixel (x + 50, y + 30) of the whole one.
                let fx = x + 50 - wholeDrawn.x, fy = y + 30 - wholeDrawn.y
                let expected = fx >= 0 && fy >= 0 && fx < full.width && fy < full.height ? full.coverage[fy * full.width + fx] : 0
                XCTAssertEqual(part.coverage[y * part.width + x], expected, "(\(x), \(y))")
                if expected > 0 { inked += 1 }
            }
        }
        XCTAssertGreaterThan(inked, 100)
    }

    func testTextOffTheCanvasHasNoMask() throws {
        let block = try set(overlay("Hxg", anchor: .topLeft, offset: (500, 0)), canvas: Size(width: 100, height: 60))
        XCTAssertNotNil(block.mask)
        XCTAssertNil(block.mask(on: Size(width: 100, height: 60)))
    }

    func testFarOffsetsAndTinySizesDoNotTrap() throws {
        let far = try set(overlay("Hxg", anchor: .center, offset: (1e300, -1e300)), canvas: Size(width: 100, height: 60))
        XCTAssertNil(far.mask)
        XCTAssertEqual(far.box.x, 1e300, accuracy: 1e290)
        let tiny = try set(overlay("Hxg", size: 0.001, anchor: .center), canvas: Size(width: 100, height: 60))
        XCTAssertEqual(tiny.lines[0].glyphs.count, 3)
    }

    func testUnknownFamilyFallsBackWithAWarning() throws {
        let block = try set(overlay("Hi", families: ["No Such Family 123"], anchor: .center),
                            canvas: Size(width: 400, height: 200))
        XCTAssertEqual(block.family, "DejaVu Sans")
        XCTAssertEqual(block.warnings.map(\.kind), [.font])
        XCTAssertEqual(block.warnings.first?.severity, .warning)
        XCTAssertEqual(block.warnings.first?.location, at(20, 5))
    }

    func testLaterFamilyMatchingByNameWins() throws {
        let block = try set(overlay("Hi", families: ["No Such Family 123", "DejaVu Serif"], anchor: .center),
                            canvas: Size(width: 400, height: 200))
        XCTAssertEqual(block.family, "DejaVu Serif")
        XCTAssertEqual(block.warnings, [])
    }

    func testUncoveredClusterIsAWarningNamingTheCodePoints() throws {
        // U+10FFFD (plane 16 private use): no pinned font covers it.
        let block = try set(overlay("A\u{10FFFD}", anchor: .center), canvas: Size(width: 400, height: 200))
        XCTAssertEqual(block.lines[0].glyphs.map(\.id).filter { $0 == 0 }.count, 1)
        XCTAssertEqual(block.warnings.map(\.kind), [.font])
        XCTAssertEqual(block.warnings[0].severity, .warning)
        XCTAssertEqual(block.warnings[0].message,
                       "no installed font has a glyph for U+10FFFD; drawn as a missing-glyph box")
    }

    func testLineBreaksStackLinesByTheFacesLineHeight() throws {
        let one = try set(overlay("Hxg", anchor: .topLeft), canvas: Size(width: 400, height: 400))
        let two = try set(overlay("Hxg\nH", anchor: .topLeft), canvas: Size(width: 400, height: 400))
        XCTAssertEqual(two.lines.count, 2)
        XCTAssertEqual(two.box.width, one.box.width)
        XCTAssertEqual(two.box.height, one.box.height + two.metrics.lineHeight)
        XCTAssertEqual(two.lines[1].baseline - two.lines[0].baseline, two.metrics.lineHeight)
        // Centred: the short line starts at (width − advance)/2.
        XCTAssertEqual(two.lines[1].x, (two.box.width - two.lines[1].advance) / 2, accuracy: 1e-9)
    }

    func testBadSizeIsOutOfRangeAtTheOverlay() {
        assertDiagnostic(.outOfRange, at: at(20, 5)) { () throws(DiagnosticList) in
            try TextBlock.set(overlay("x", size: 0, anchor: .center), in: r(0, 0, 10, 10), canvas: Size(width: 10, height: 10))
        }
    }
}
