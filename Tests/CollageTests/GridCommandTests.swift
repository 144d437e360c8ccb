import Collage
import CollageCodecs
import CollageRaster
import Foundation
import XCTest

/// `collage grid`: the document-free shortcut.
final class GridCommandTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = try TestPaths.temporaryDirectory(self)
        try SyntheticPhotos.writeAll(into: directory)
    }

    func decode(_ name: String) throws -> Pixmap {
        try ImageDecoder.decode(path: directory.appendingPathComponent(name).path)
    }

    func testAutoLayoutAtTheDefaultSize() throws {
        // Two photos: the auto layout's two columns of 1024 px each.
        let result = try runCollage(["grid", "photos/quadrants.png", "photos/stripes.png", "-o", "g.png"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let image = try decode("g.png")
        XCTAssertEqual(image.size, Size(width: 2048, height: 2048))
        let spec = try PhotoGrid.spec(photos: ["photos/quadrants.png", "photos/stripes.png"], columns: nil,
                                      width: 2048, height: 2048, gap: 0, workingDirectory: directory.path)
        XCTAssertEqual(spec.layout.kind, .auto)
        let prepared = try CollageRenderer.prepare(spec: spec)
        XCTAssertEqual(prepared.layout.photos.map(\.cell), [PixelRect(x: 0, y: 0, width: 1024, height: 2048),
                                                            PixelRect(x: 1024, y: 0, width: 1024, height: 2048)])
    }

    func testColumnsSizeAndGap() throws {
        let photos = ["quadrants.png", "stripes.png", "gradient.jpg"].map { "photos/\($0)" }
        let result = try runCollage(["grid"] + photos + ["--columns", "2", "--size", "210x110", "--gap", "10", "-o", "g.png"],
                                    in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try decode("g.png").size, Size(width: 210, height: 110))
        let spec = try PhotoGrid.spec(photos: photos, columns: 2, width: 210, height: 110, gap: 10, workingDirectory: directory.path)
        let layout = try CollageRenderer.prepare(spec: spec).layout
        XCTAssertEqual(layout.photos.map(\.cell), [PixelRect(x: 10, y: 10, width: 90, height: 40),
                                                   PixelRect(x: 110, y: 10, width: 90, height: 40),
                                                   PixelRect(x: 10, y: 60, width: 90, height: 40)])
        // The gap is the white background.
        let image = try decode("g.png")
        XCTAssertEqual(image[105, 30], Color.white)
        XCTAssertEqual(image[5, 5], Color.white)
    }

    func testTenPhotosWithoutColumnsUseAFourColumnGrid() throws {
        let photos = Array(repeating: "photos/quadrants.png", count: 10)
        let spec = try PhotoGrid.spec(photos: photos, columns: nil, width: 400, height: 300, gap: 0, workingDirectory: directory.path)
        XCTAssertEqual(spec.layout.kind, .grid(columns: 4, rows: nil))
    }

    func testErrorsAndRefusals() throws {
        let missing = try runCollage(["grid", "photos/nope.jpg", "-o", "g.png"], in: directory)
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("error: collage grid: photo 'photos/nope.jpg': no such file"), missing.stderr)
        let before = try Data(contentsOf: directory.appendingPathComponent("photos/stripes.png"))
        let overwrite = try runCollage(["grid", "photos/quadrants.png", "photos/stripes.png", "-o", "photos/stripes.png"],
                                       in: directory)
        XCTAssertEqual(overwrite.status, 64)
        XCTAssertTrue(overwrite.stderr.contains("error: the output 'photos/stripes.png' is one of the input photos; choose another output path"), overwrite.stderr)
        XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("photos/stripes.png")), before)
        XCTAssertEqual(try runCollage(["grid", "-o", "g.png"], in: directory).status, 64)
        XCTAssertEqual(try runCollage(["grid", "photos/quadrants.png"], in: directory).status, 64)
        XCTAssertEqual(try runCollage(["grid", "photos/quadrants.png", "-o", "g.png", "--size", "big"], in: directory).status, 64)
        XCTAssertEqual(try runCollage(["grid", "photos/quadrants.png", "-o", "g.png", "--columns", "0"], in: directory).status, 64)
        let help = try runCollage(["grid", "--help"])
        XCTAssertTrue(String(decoding: help.stdout, as: UTF8.self).contains("$ collage grid photos/*.jpg --columns 4"))
    }

    func testStdoutAndDepfile() throws {
        let piped = try runCollage(["grid", "photos/quadrants.png", "--size", "64x48", "-o", "-", "--format", "png"], in: directory)
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertEqual(Array(piped.stdout.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        let result = try runCollage(["grid", "photos/quadrants.png", "photos/tall.png", "--size", "64x48", "-o", "g.jpg",
                                     "--depfile", "g.d"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try String(contentsOf: directory.appendingPathComponent("g.d"), encoding: .utf8),
                       "g.jpg: \\\n photos/quadrants.png \\\n photos/tall.png\n\nphotos/quadrants.png:\n\nphotos/tall.png:\n")
    }
}
