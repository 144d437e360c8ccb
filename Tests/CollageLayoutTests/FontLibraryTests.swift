import CollageLayout
import CollageText
import CollageRaster
import CollageSpec
import Glibc
import XCTest
import CollageTestSupport

final class FontLibraryTests: XCTestCase {
    private func temporaryConfiguration(_ body: String) throws -> String {
        let path = "\(NSTemporaryDirectory())collage-fonts-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).conf"
        try "<?xml version=\"1.0\"?>\n<fontconfig>\(body)</fontconfig>\n".write(toFile: path, atomically: true, encoding: .utf8)
        addTeardownBlock { unlink(path) }
        return path
    }

    func testNoFontsIsAFontErrorAtTheOverlay() throws {
        // A configuration that sees no font folder at all.
        let library = FontLibrary()
        try library.useConfiguration(file: try temporaryConfiguration(""))
        let overlay = OverlaySpec.text("Hi", font: FontSpec(family: ["DejaVu Sans"], size: 20),
                                  location: at(7, 3))
        assertDiagnostic(.font, at: at(7, 3)) { () throws(DiagnosticList) in
            try TextBlock.set(overlay, in: r(0, 0, 100, 100), canvas: Size(width: 100, height: 100), library: library)
        }
    }

    func testUnloadableConfigurationIsAnError() {
        let library = FontLibrary()
        XCTAssertThrowsError(try library.useConfiguration(file: "/nonexistent/fonts.conf")) { error in
            XCTAssertEqual(error as? FontError, .configuration("/nonexistent/fonts.conf"))
        }
    }

    func testPinnedConfigurationSeesOnlyThePinnedFonts() throws {
        let library = FontLibrary()
        try library.useConfiguration(file: TestPackage.pinnedFonts.path)
        for (family, expected) in [("sans-serif", "DejaVu Sans"), ("serif", "DejaVu Serif"),
                                   ("monospace", "DejaVu Sans Mono"), ("Noto Sans CJK JP", "Noto Sans CJK JP")] {
            let overlay = OverlaySpec.text("A", font: FontSpec(family: [family], size: 20), location: at(1, 1))
            let block = try TextBlock.set(overlay, in: r(0, 0, 50, 50), canvas: Size(width: 50, height: 50), library: library)
            XCTAssertEqual(block.family, expected, family)
            XCTAssertTrue(block.fontFile.hasPrefix("/usr/share/fonts/truetype/dejavu/")
                          || block.fontFile.hasPrefix("/usr/share/fonts/opentype/noto/"), block.fontFile)
        }
    }
}
