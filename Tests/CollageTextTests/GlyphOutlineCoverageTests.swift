@testable import CollageText
import CollageRaster
import CText
import XCTest

/// Issue 33: a glyph drawn as its decomposed outline (`GlyphOutlines`, filled
/// by `PathRasterizer`, non-zero) against FreeType's own anti-aliasing
/// rasteriser (`FT_Render_Glyph`, normal mode) for the same unhinted outline
/// (`FT_LOAD_NO_HINTING`) at the same fractional position (`FT_Outline_Translate`
/// by the sub-pixel part), 16 to 200 px, Latin (TrueType quadratics), CJK (CFF
/// cubics) and Arabic: within ±2 levels of 255 everywhere, curves included,
/// since `GlyphOutlines` cuts curves into the chords FreeType's rasteriser
/// cuts them into (`GrayChords`) and both then take the exact area.
final class GlyphOutlineCoverageTests: XCTestCase {
    /// A font file and the characters drawn from it.
    private struct Sample { var script: String; var file: String; var index = 0; var text: String }

    private let samples = [
        Sample(script: "Latin", file: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", text: "Sgo@Ra&%HIkx"),
        Sample(script: "Latin", file: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", text: "Wb@S"),
        Sample(script: "CJK", file: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", text: "永愛鬱あ口田"),
        Sample(script: "Arabic", file: "/usr/share/fonts/truetype/noto/NotoNaskhArabic-Regular.ttf", text: "سلامشكلب"),
    ]
    private let sizes = [16.0, 24, 48, 100, 200]
    /// Sub-pixel origins, multiples of 1/64 px so FreeType's 26.6 translation is exact.
    private let origins: [(Double, Double)] = [(0, 0), (0.25, 0.625), (0.796875, 0.140625)]
    /// The largest difference allowed, levels of 255 (the criterion).
    private let tolerance = 2

    func testOutlinesMatchFreeTypeWithinTwoLevels() throws {
        let library = FontLibrary()
        let outlines = GlyphOutlines()
        // Worst level difference per script and size: the fill polygon, and
        // (printed, not asserted) the curves flattened within 0.0025 px, the
        // polygon before GrayChords, which FreeType's coarser chords stray from.
        var worst: [String: [Double: Int]] = [:], fine: [String: [Double: Int]] = [:]
        var perGlyph: [String] = []
        for sample in samples {
            guard FileManager.default.fileExists(atPath: sample.file) else {
                XCTFail("\(sample.file) is missing (scripts/debian-packages installs it)"); continue
            }
            try library.withLock { () throws in
                let face = try library.face(file: sample.file, index: sample.index)
                for scalar in sample.text.unicodeScalars {
                    let id = UInt32(FT_Get_Char_Index(face.handle, FT_ULong(scalar.value)))
                    XCTAssertNotEqual(id, 0, "\(sample.file) has no glyph for \(scalar)")
                    var glyphWorst = 0
                    for size in sizes {
                        for (ox, oy) in origins {
                            let x = 50 + ox, y = 250 + oy
                            let path = outlines.outline(face, id: id, size: size).transformed(by: .translation(x, y))
                            let filled = PathRasterizer.fill(path, clip: PixelRect(x: 0, y: 0, width: 400, height: 400))
                            let ours: Placed = filled.map { ($0.x, $0.y, $0.mask.width, $0.mask.height, $0.mask.coverage) }
                                ?? (0, 0, 0, 0, [])
                            let theirs = try freeType(face, id: id, size: size, x: x, y: y)
                            XCTAssertGreaterThan(theirs.pixels.reduce(0) { $0 + Int($1) }, 0, "\(scalar) has ink")
                            let diff = Self.worstDifference(ours, theirs)
                            XCTAssertLessThanOrEqual(diff, tolerance, "\(scalar) at \(size) px, origin +(\(ox), \(oy))")
                            glyphWorst = max(glyphWorst, diff)
                            let finePath = outlines.curves(face, id: id, size: size).flattened(tolerance: 0.0025)
                            let fineFilled = PathRasterizer.fill(finePath.transformed(by: .translation(x, y)),
                                                                 clip: PixelRect(x: 0, y: 0, width: 400, height: 400))
                            let fineDiff = Self.worstDifference(
                                fineFilled.map { ($0.x, $0.y, $0.mask.width, $0.mask.height, $0.mask.coverage) } ?? (0, 0, 0, 0, []), theirs)
                            fine[sample.script, default: [:]][size] = max(fine[sample.script]?[size] ?? 0, fineDiff)
                            worst[sample.script, default: [:]][size] = max(worst[sample.script]?[size] ?? 0, diff)
                        }
                    }
                    perGlyph.append("\(scalar) \(glyphWorst)")
                }
            }
        }
        XCTAssertEqual(Set(worst.keys), ["Latin", "CJK", "Arabic"])
        for (title, table) in [("GlyphOutlines (FreeType's chords)", worst), ("curves flattened within 0.0025 px", fine)] {
            print("glyph coverage vs FT_Render_Glyph, worst levels per script and size, \(title):")
            print("  script  " + sizes.map { "\(Int($0)) px".padding(toLength: 8, withPad: " ", startingAt: 0) }.joined())
            for script in ["Latin", "CJK", "Arabic"] {
                print("  " + script.padding(toLength: 8, withPad: " ", startingAt: 0)
                      + sizes.map { "\(table[script]?[$0] ?? -1)".padding(toLength: 8, withPad: " ", startingAt: 0) }.joined())
            }
        }
        print("  per glyph: " + perGlyph.joined(separator: ", "))
    }

    /// Coverage placed on the canvas: (x, y) of its top-left pixel, width, height, bytes.
    private typealias Placed = (x: Int, y: Int, width: Int, height: Int, pixels: [UInt8])

    /// FreeType's coverage of the unhinted outline of `id` at `size` px with
    /// its origin at canvas (`x`, `y`): the outline moved by the fractional
    /// part (y up in FreeType) and rendered (`FT_Render_Glyph`), the bitmap
    /// placed at the whole part.
    private func freeType(_ face: FontFace, id: UInt32, size: Double, x: Double, y: Double) throws -> Placed {
        try face.setSize(size)
        FT_Set_Transform(face.handle, nil, nil)
        XCTAssertEqual(FT_Load_Glyph(face.handle, id, Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)), 0)
        let slot = try XCTUnwrap(face.handle.pointee.glyph)
        // Not FreeType's 4x4-oversampled path for overlapping contours: the plain one.
        XCTAssertEqual(slot.pointee.outline.flags & FT_OUTLINE_OVERLAP, 0)
        let ix = x.rounded(.down), iy = y.rounded(.down)
        FT_Outline_Translate(&slot.pointee.outline, FT_Pos((x - ix) * 64), -FT_Pos((y - iy) * 64))
        XCTAssertEqual(FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL), 0)
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), rows = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        let left = Int(slot.pointee.bitmap_left), top = Int(slot.pointee.bitmap_top)
        guard let buffer = bitmap.buffer, width > 0, rows > 0 else { return (0, 0, 0, 0, []) }
        var pixels = [UInt8](repeating: 0, count: width * rows)
        for row in 0..<rows { for col in 0..<width { pixels[row * width + col] = buffer[row * pitch + col] } }
        return (Int(ix) + left, Int(iy) - top, width, rows, pixels)
    }

    /// The largest per-pixel difference of two placed coverages (0 outside each).
    private static func worstDifference(_ a: Placed, _ b: Placed) -> Int {
        func value(_ p: Placed, _ x: Int, _ y: Int) -> Int {
            guard x >= p.x, y >= p.y, x < p.x + p.width, y < p.y + p.height else { return 0 }
            return Int(p.pixels[(y - p.y) * p.width + x - p.x])
        }
        let x0 = min(a.x, b.x), y0 = min(a.y, b.y)
        let x1 = max(a.x + a.width, b.x + b.width), y1 = max(a.y + a.height, b.y + b.height)
        var worst = 0
        for y in y0..<y1 { for x in x0..<x1 { worst = max(worst, abs(value(a, x, y) - value(b, x, y))) } }
        return worst
    }
}
