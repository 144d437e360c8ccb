import CollageCodecs
import CollageRaster
import Foundation
import XCTest
import CollageTestSupport

/// A sample of the golden cases rendered with `canvas: {compositing: linear}`
/// (issue 36) and compared with `Goldens/NAME.linear.png`: the renders of
/// these cases before `css` became the default, kept byte for byte, so the
/// linear-light mode cannot drift. The sample covers opacity, translucent
/// gradients, shadows, blur, strokes, text edges, blend modes, filters and
/// a vector picture.
final class LinearGoldenTests: XCTestCase {
    static let sample = ["caption-stroke-shadow", "effects-blend", "effects-filters", "free-effects", "gradients",
                         "image-overlay-shadow", "shape-strokes", "shapes", "svg-two-scales", "text-spans", "tilted-prints"]

    /// `document` with `compositing: linear` added to its `canvas` mapping
    /// (flow `canvas: {...}` or a block `canvas:` indented by two spaces).
    static func linear(_ document: String) -> String? {
        if let range = document.range(of: "\ncanvas: {") {
            return document.replacingCharacters(in: range, with: "\ncanvas: {compositing: linear, ")
        }
        if let range = document.range(of: "\ncanvas:\n") {
            return document.replacingCharacters(in: range, with: "\ncanvas:\n  compositing: linear\n")
        }
        return nil
    }

    /// Renders `document` as `NAME.yaml` in `directory` (with the synthetic photos); the decoded PNG.
    private func render(_ name: String, _ document: String, in directory: URL) throws -> Pixmap {
        try Data(document.utf8).write(to: directory.appendingPathComponent("\(name).yaml"))
        let result = try runCollage(["render", "\(name).yaml", "-o", "\(name).png"], in: directory)
        XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
        return try ImageDecoder.decode(path: directory.appendingPathComponent("\(name).png").path)
    }

    private func caseText(_ name: String) throws -> String {
        try String(contentsOf: TestPaths.cases.appendingPathComponent("\(name).yaml"), encoding: .utf8)
    }

    func testSampleStaysByteIdenticalUnderLinear() throws {
        let directory = try TestPackage.temporaryDirectory(self)
        try SyntheticPhotos.writeAll(into: directory)
        for name in Self.sample {
            guard let document = Self.linear(try caseText(name)) else {
                return XCTFail("\(name).yaml: no canvas mapping to add the key to")
            }
            try GoldenImage.assertMatches(try render(name, document, in: directory), golden: "\(name).linear")
        }
    }

    /// Under css the sample differs from its linear golden (the mode is not ignored).
    func testCSSDiffersFromTheLinearGoldens() throws {
        let directory = try TestPackage.temporaryDirectory(self)
        try SyntheticPhotos.writeAll(into: directory)
        for name in ["caption-stroke-shadow", "shapes"] {
            let css = try render(name, try caseText(name), in: directory)
            let linear = try ImageDecoder.decode(path: TestPaths.goldens.appendingPathComponent("\(name).linear.png").path)
            XCTAssertGreaterThan(PixelMetrics.differingPixels(css, linear, tolerance: 1), 500, name)
        }
    }
}
