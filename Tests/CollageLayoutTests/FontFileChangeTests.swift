@testable import CollageLayout
@testable import CollageText
import CollageRaster
import CollageSpec
import CText
import Glibc
import XCTest
import CollageTestSupport

/// A document's `font.file` rewritten in place while `watch` or `batch` runs
/// (`cp new.ttf font.ttf`: the same inode, truncated and rewritten) crashed
/// the process: FreeType had mapped the file and faulted past its new end.
/// The face is now read from memory and cached per version of the file.
final class FontFileChangeTests: XCTestCase {
    private let regular = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    private let bold = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

    private func scratchFont(copying source: String) throws -> String {
        let path = "\(NSTemporaryDirectory())collage-font-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).ttf"
        try Data(contentsOf: URL(fileURLWithPath: source)).write(to: URL(fileURLWithPath: path))
        addTeardownBlock { unlink(path) }
        return path
    }

    /// Rewrites `path` in place (O_TRUNC on the same inode), as `cp` does.
    private func rewriteInPlace(_ path: String, with bytes: Data) throws {
        let before = try XCTUnwrap(FileVersion(path: path)).inode
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: bytes)
        try handle.close()
        XCTAssertEqual(FileVersion(path: path)?.inode, before, "rewritten in place, same inode")
    }

    private func overlay(file: String) -> OverlaySpec {
        var font = FontSpec(family: ["DejaVu Sans"], size: 40)
        font.fileInput = InputFile(path: file, src: "font.ttf", key: FontSpec.fileKey, location: at(3, 18))
        return OverlaySpec.text("Hamburgefonts", font: font, location: at(2, 5))
    }

    func testAFaceOpenedFromAFontFileSurvivesTheFileBeingTruncated() throws {
        let file = try scratchFont(copying: regular)
        let library = FontLibrary()
        let face = try library.withLock { () throws(FontError) in try library.face(file: file, index: 0, inMemory: true) }
        try rewriteInPlace(file, with: Data())   // a mapped face would fault on its next read
        try library.withLock { () throws(FontError) in
            try face.setSize(40)
            for scalar in "Hamburgefonts".unicodeScalars {
                let glyph = FT_Get_Char_Index(face.handle, FT_ULong(scalar.value))
                XCTAssertNotEqual(glyph, 0, "\(scalar)")
                XCTAssertEqual(FT_Load_Glyph(face.handle, glyph, FT_Int32(FT_LOAD_NO_HINTING)), 0, "\(scalar)")
                XCTAssertGreaterThan(face.handle.pointee.glyph.pointee.outline.n_points, 0, "\(scalar)")
            }
        }
    }

    func testAFontFileChangedInPlaceIsSetInItsNewFace() throws {
        let file = try scratchFont(copying: regular)
        let boldCopy = try scratchFont(copying: bold)
        let library = FontLibrary()
        try library.useConfiguration(file: TestPackage.pinnedFonts.path)
        let area = r(0, 0, 600, 100), canvas = Size(width: 600, height: 100)
        let before = try TextBlock.set(overlay(file: file), in: area, canvas: canvas, library: library)
        try rewriteInPlace(file, with: try Data(contentsOf: URL(fileURLWithPath: bold)))
        let after = try TextBlock.set(overlay(file: file), in: area, canvas: canvas, library: library)
        let reference = try TextBlock.set(overlay(file: boldCopy), in: area, canvas: canvas, library: library)
        XCTAssertEqual(before.family, "DejaVu Sans")
        XCTAssertEqual(after.family, "DejaVu Sans")
        // Bold is wider: the new face's advances, not the cached run's.
        XCTAssertGreaterThan(after.box.width, before.box.width)
        XCTAssertEqual(after.box, reference.box)
    }

    func testAFontFileThatIsNotAFontIsReportedAtItsFileKey() throws {
        let file = try scratchFont(copying: regular)
        try rewriteInPlace(file, with: Data("not a font".utf8))
        let library = FontLibrary()
        try library.useConfiguration(file: TestPackage.pinnedFonts.path)
        let area = r(0, 0, 100, 100), canvas = Size(width: 100, height: 100)
        for (expected, change) in [("not a font FreeType can read", {}), ("No such file or directory", { unlink(file) })] {
            change()
            assertDiagnostic(.font, at: at(3, 18)) { () throws(DiagnosticList) in
                do throws(DiagnosticList) {
                    return try TextBlock.set(overlay(file: file), in: area, canvas: canvas, library: library)
                } catch {
                    XCTAssertTrue(error.diagnostics.first?.message.contains(expected) ?? false, "\(error)")
                    throw error
                }
            }
        }
    }
}
