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

    /// A bare CFF font's glyph count and the outline points of each of `ids` (FreeType, unscaled).
    private func cffOutlinePoints(_ bytes: [UInt8], ids: [UInt32]) -> (count: Int, points: [Int]) {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0 else { return (0, []) }
        defer { FT_Done_FreeType(library) }
        return bytes.withUnsafeBufferPointer { buffer -> (Int, [Int]) in
            var face: FT_Face?
            guard FT_New_Memory_Face(library, buffer.baseAddress, FT_Long(bytes.count), 0, &face) == 0, let face else { return (0, []) }
            defer { FT_Done_Face(face) }
            let points = ids.map { id -> Int in
                guard FT_Load_Glyph(face, id, FT_Int32(FT_LOAD_NO_SCALE)) == 0 else { return -1 }
                return Int(face.pointee.glyph.pointee.outline.n_points)
            }
            return (Int(face.pointee.num_glyphs), points)
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
        // A bare CFF table (CID-keyed, ids retained): FreeType's CFF driver reads it.
        XCTAssertEqual(Array(jp.bytes.prefix(1)), [1], "CFF major version 1")
        XCTAssertEqual(cffOutlinePoints(jp.bytes, ids: [1000, 999, 0]).count, 1001, "ids retained up to 1000")
        let points = cffOutlinePoints(jp.bytes, ids: [1000, 999]).points
        XCTAssertGreaterThan(points[0], 0, "glyph 1000 keeps its outline")
        XCTAssertEqual(points[1], 0, "glyph 999 is not kept")
        let full = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: cjk)[.size] as? Int)
        XCTAssertLessThan(jp.bytes.count, full / 100, "\(jp.bytes.count) of \(full) bytes")
        // hhea's ascender and descender (the face does not set OS/2 USE_TYPO_METRICS).
        XCTAssertEqual(jp.ascender, 1160)
        XCTAssertEqual(jp.descender, -288)
    }
}
