import CollageLayout
import CollageText
import CollageRaster
import CollageSpec
import XCTest
import CollageTestSupport

/// A location in a pretend document, so tests can compare diagnostic locations.
func at(_ line: Int, _ column: Int) -> SourceLocation {
    SourceLocation(file: "test.yaml", line: line, column: column)
}

func r(_ x: Int, _ y: Int, _ width: Int, _ height: Int) -> PixelRect {
    PixelRect(x: x, y: y, width: width, height: height)
}

/// A spec with `count` photos (ids p0, p1, …) on the given canvas.
func makeSpec(photos count: Int, width: Int?, height: Int?, kind: LayoutKind = .auto,
              gap: Int = 0, padding: Int = 0, fit: Fit = .cover,
              overlays: [OverlaySpec] = []) -> Spec {
    let photos = (0..<count).map { index in
        PhotoSpec(path: "/photos/p\(index).jpg", src: "p\(index).jpg", srcLocation: at(10 + index, 5),
                  id: "p\(index)", fit: fit)
    }
    return Spec(file: "test.yaml",
                canvas: CanvasSpec(width: width, height: height, location: at(2, 1)),
                photos: photos,
                layout: LayoutSpec(kind: kind, gap: gap, padding: padding, location: at(5, 1)),
                overlays: overlays)
}

/// Asserts that `body` throws a `DiagnosticList` whose first diagnostic has
/// this kind and location.
func assertDiagnostic<T>(_ kind: Diagnostic.Kind, at location: SourceLocation,
                         file: StaticString = #filePath, line: UInt = #line,
                         _ body: () throws(DiagnosticList) -> T) {
    do {
        _ = try body()
        XCTFail("expected a \(kind) diagnostic", file: file, line: line)
    } catch {
        XCTAssertEqual(error.diagnostics.first?.kind, kind, "\(error)", file: file, line: line)
        XCTAssertEqual(error.diagnostics.first?.location, location, "\(error)", file: file, line: line)
    }
}

/// The pinned fonts of `Tests/fonts/fonts.conf` (README "Rules": Tests), loaded
/// into the shared library once for the whole test run.
enum PinnedFonts {
    static let load: Void = {
        do {
            try FontLibrary.shared.useConfiguration(file: TestPackage.pinnedFonts.path)
        } catch {
            XCTFail("cannot load the pinned fonts: \(error)")
        }
    }()
}
