import CText
import XCTest
@testable import CollageText

/// `FontSubset` (issue 45): hb-subset keeps the asked glyphs at their ids
/// (RETAIN_GIDS), drops the rest, reads a collection's face by its index,
/// and tells TrueType from CFF outlines.
final class FontSubsetTests: XCTestCase {
    let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    let cjk = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"

    /// The number of glyphs of `bytes` (a font file) and whether glyph `id` has an outline (its extents are not empty).
    private func inspect(_ bytes: [UInt8], id: UInt32) -> (count: Int, inked: Bool) {
        bytes.withUnsafeBufferPointer { buffer in
            let blob = buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                hb_blob_create($0, UInt32(bytes.count), HB_MEMORY_MODE_READONLY, nil, nil)
            }
            let face = hb_face_create(blob, 0), font = hb_font_create(face)
            defer { hb_font_destroy(font); hb_face_destroy(face); hb_blob_destroy(blob) }
            var extents = hb_glyph_extents_t()
            let found = hb_font_get_glyph_extents(font, id, &extents) != 0
            return (Int(hb_face_get_glyph_count(face)), found && extents.width != 0 && extents.height != 0)
        }
    }

    func testTrueTypeSubsetKeepsGlyphIdsAndDropsTheRest() throws {
        // DejaVu Sans: 'A' is glyph 36, 'B' 37 (hb-shape), 'Z' 61.
        let subset = try XCTUnwrap(FontSubset.make(file: dejaVu, index: 0, glyphs: [36, 61]))
        XCTAssertEqual(subset.outlines, .trueType)
        XCTAssertEqual(subset.unitsPerEm, 2048)
        XCTAssertEqual(subset.postScriptName, "DejaVuSans")
        XCTAssertEqual(subset.advances[36], 1401, "A's advance, font units")
        let full = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: dejaVu)[.size] as? Int)
        XCTAssertLessThan(subset.bytes.count, full / 20, "\(subset.bytes.count) of \(full) bytes")
        let kept = inspect(subset.bytes, id: 36), dropped = inspect(subset.bytes, id: 37), last = inspect(subset.bytes, id: 61)
        XCTAssertEqual(kept.count, 62, "ids retained: the subset runs up to the largest kept id")
        XCTAssertTrue(kept.inked, "A keeps its outline at id 36")
        XCTAssertTrue(last.inked, "Z keeps its outline at id 61")
        XCTAssertFalse(dropped.inked, "B is not kept")
    }

    func testCollectionFaceIsSubsetFromItsIndexAsCFF() throws {
        XCTAssertEqual(FontSubset.outlines(file: cjk, index: 0), .cff)
        XCTAssertNil(FontSubset.outlines(file: cjk, index: 500), "no such face")
        XCTAssertNil(FontSubset.outlines(file: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf", index: 0), "bitmap glyphs only")
        let jp = try XCTUnwrap(FontSubset.make(file: cjk, index: 0, glyphs: [1000]))
        let kr = try XCTUnwrap(FontSubset.make(file: cjk, index: 1, glyphs: [1000]))
        XCTAssertEqual(jp.outlines, .cff)
        XCTAssertEqual(jp.postScriptName, "NotoSansCJKjp-Regular")
        XCTAssertEqual(kr.postScriptName, "NotoSansCJKkr-Regular")
        XCTAssertEqual(inspect(jp.bytes, id: 1000).count, 1001)
        XCTAssertTrue(inspect(jp.bytes, id: 1000).inked)
        XCTAssertFalse(inspect(jp.bytes, id: 999).inked)
        // hhea's ascender and descender (the face does not set OS/2 USE_TYPO_METRICS).
        XCTAssertEqual(jp.ascender, 1160)
        XCTAssertEqual(jp.descender, -288)
    }
}
