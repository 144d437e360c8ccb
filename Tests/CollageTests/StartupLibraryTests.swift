import XCTest

/// What the `collage` process loads before `main`: every shared library
/// costs start-up time on every run, so the heavy ones the reference job
/// never needs stay out (README "Architecture").
final class StartupLibraryTests: XCTestCase {
    func testTheBinaryLoadsNeitherLibheifNorFoundationAtStartUp() throws {
        // LD_TRACE_LOADED_OBJECTS makes the dynamic loader print the libraries
        // it loads, as `ldd` does, and exit before `main`.
        let result = try runCollage(["--version"], environment: ["LD_TRACE_LOADED_OBJECTS": "1"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let libraries = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n")
            .compactMap { $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) }
        XCTAssertTrue(libraries.contains("libswiftCore.so"), "\(libraries)")
        XCTAssertTrue(libraries.contains("libjpeg.so.62"), "\(libraries)")
        // libheif (and its codecs) is opened on the first HEIF file.
        // librsvg (glib, gio, pango, cairo, libxml2) on the first SVG.
        for heavy in ["libheif.so.1", "libde265.so.0", "libx265.so.199", "libaom.so.3", "libdav1d.so.6",
                      "librsvg-2.so.2", "libcairo.so.2", "libpango-1.0.so.0", "libgio-2.0.so.0", "libxml2.so.2"] {
            XCTAssertFalse(libraries.contains(heavy), "\(heavy) is loaded at start-up")
        }
        // FoundationEssentials only: Foundation would bring FoundationInternationalization and its ICU.
        for foundation in ["libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so"] {
            XCTAssertFalse(libraries.contains(foundation), "\(foundation) is loaded at start-up")
        }
    }
}
