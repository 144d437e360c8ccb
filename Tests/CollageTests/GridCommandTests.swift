import Collage
import CollageCodecs
import CollageRaster
import Foundation
import XCTest
import CollageTestSupport

/// `collage grid`: the document-free shortcut, a `montage` replacement.
final class GridCommandTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = try TestPackage.temporaryDirectory(self)
        try SyntheticPhotos.writeAll(into: directory)
    }

    func decode(_ name: String) throws -> Pixmap {
        try ImageDecoder.decode(path: directory.appendingPathComponent(name).path)
    }

    func cells(_ photos: [String], _ options: PhotoGrid.Options) throws -> (Size, [PixelRect]) {
        let spec = try PhotoGrid.spec(photos: photos, options: options, workingDirectory: directory.path)
        let layout = try CollageRenderer.prepare(spec: spec).layout
        return (layout.canvas, layout.photos.map(\.cell))
    }

    func grid(_ arguments: [String]) throws -> CommandResult {
        try runCollage(["grid"] + arguments, in: directory)
    }

    func testDefaultIsCeilSqrtColumnsOf512PixelCells() throws {
        // Three photos: ⌈√3⌉ = 2 columns, 2 rows of 512 x 512 cells.
        let photos = ["quadrants.png", "stripes.png", "gradient.jpg"].map { "photos/\($0)" }
        let result = try grid(photos + ["-o", "g.png"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try decode("g.png").size, Size(width: 1024, height: 1024))
        let (canvas, frames) = try cells(photos, PhotoGrid.Options())
        XCTAssertEqual(canvas, Size(width: 1024, height: 1024))
        XCTAssertEqual(frames, [PixelRect(x: 0, y: 0, width: 512, height: 512), PixelRect(x: 512, y: 0, width: 512, height: 512),
                                PixelRect(x: 0, y: 512, width: 512, height: 512)])
        // Ten photos: 4 columns, 3 rows.
        XCTAssertEqual(try cells(Array(repeating: "photos/quadrants.png", count: 10), PhotoGrid.Options()).0,
                       Size(width: 2048, height: 1536))
    }

    func testCellGapAndPaddingGiveTheCanvas() throws {
        // 3 columns x 2 rows of 50x40, gap 10, padding 6:
        // width 3·50 + 2·10 + 2·6 = 182, height 2·40 + 10 + 12 = 102.
        let photos = Array(repeating: "photos/quadrants.png", count: 5)
        let result = try grid(photos + ["--columns", "3", "--cell", "50x40", "--gap", "10", "--padding", "6",
                                        "--background", "#0000ff", "-o", "g.png"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let image = try decode("g.png")
        XCTAssertEqual(image.size, Size(width: 182, height: 102))
        var options = PhotoGrid.Options()
        options.columns = 3; options.cell = Size(width: 50, height: 40); options.gap = 10; options.padding = 6
        XCTAssertEqual(try cells(photos, options).1, [
            PixelRect(x: 6, y: 6, width: 50, height: 40), PixelRect(x: 66, y: 6, width: 50, height: 40),
            PixelRect(x: 126, y: 6, width: 50, height: 40),
            PixelRect(x: 6, y: 56, width: 50, height: 40), PixelRect(x: 66, y: 56, width: 50, height: 40)])
        // Padding, gaps and the empty sixth cell are the background.
        let blue = Color(red: 0, green: 0, blue: 255)
        XCTAssertEqual(image[2, 2], blue)
        XCTAssertEqual(image[61, 20], blue)
        XCTAssertEqual(image[150, 80], blue)
        // The first cell's top-left is the quadrants' red.
        XCTAssertEqual(image[8, 8].red, 220, accuracy: 3)
    }

    func testGapIsBetweenCellsOnly() throws {
        let photos = ["photos/quadrants.png", "photos/quadrants.png"]
        let result = try grid(photos + ["--cell", "40x30", "--gap", "10", "-o", "g.png"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let image = try decode("g.png")
        XCTAssertEqual(image.size, Size(width: 90, height: 30))
        XCTAssertEqual(image[0, 0].red, 220, accuracy: 3)        // no edge padding
        XCTAssertEqual(image[45, 15], Color.white)                // the gap
    }

    func testRowsAndColumns() throws {
        let photos = Array(repeating: "photos/quadrants.png", count: 5)
        var options = PhotoGrid.Options()
        options.cell = Size(width: 10, height: 10)
        options.rows = 1
        XCTAssertEqual(try cells(photos, options).0, Size(width: 50, height: 10))
        options.rows = 2
        XCTAssertEqual(try cells(photos, options).0, Size(width: 30, height: 20))
        options.columns = 4; options.rows = 3
        XCTAssertEqual(try cells(photos, options).0, Size(width: 40, height: 30))
        let tooFew = try grid(photos + ["--columns", "2", "--rows", "2", "-o", "g.png"])
        XCTAssertEqual(tooFew.status, 64)
        XCTAssertTrue(tooFew.stderr.contains("--columns 2 --rows 2 make 4 cells for 5 photos"), tooFew.stderr)
    }

    func testSizeSharesTheCanvasAmongCells() throws {
        let photos = ["quadrants.png", "stripes.png", "gradient.jpg"].map { "photos/\($0)" }
        let result = try grid(photos + ["--columns", "2", "--size", "211x110", "--gap", "10", "--padding", "10", "-o", "g.png"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try decode("g.png").size, Size(width: 211, height: 110))
        var options = PhotoGrid.Options()
        options.columns = 2; options.size = Size(width: 211, height: 110); options.gap = 10; options.padding = 10
        // 211 − 20 − 10 = 181 across two columns: 91 and 90.
        XCTAssertEqual(try cells(photos, options).1, [PixelRect(x: 10, y: 10, width: 91, height: 40),
                                                      PixelRect(x: 111, y: 10, width: 90, height: 40),
                                                      PixelRect(x: 10, y: 60, width: 91, height: 40)])
    }

    func testFitContainLetterboxesOnTheBackground() throws {
        // quadrants is 4:3; in a 100x100 cell it is 100x75, 12.5 px bands above and below.
        let result = try grid(["photos/quadrants.png", "--cell", "100x100", "--fit", "contain",
                               "--background", "black", "-o", "g.png"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let image = try decode("g.png")
        XCTAssertEqual(image.size, Size(width: 100, height: 100))
        XCTAssertEqual(image[50, 5], Color(red: 0, green: 0, blue: 0))
        XCTAssertEqual(image[50, 95], Color(red: 0, green: 0, blue: 0))
        XCTAssertEqual(image[20, 20].red, 220, accuracy: 3)
        // cover (the default) fills the cell.
        XCTAssertEqual(try grid(["photos/quadrants.png", "--cell", "100x100", "-o", "c.png"]).status, 0)
        XCTAssertEqual(try decode("c.png")[20, 5].red, 220, accuracy: 3)
    }

    func testLabelsAddABandUnderEachCell() throws {
        // 16 px labels: a band of ⌈1.5 · 16⌉ = 24 px under each 60x40 cell.
        let photos = ["photos/quadrants.png", "photos/stripes.png"]
        let result = try grid(photos + ["--cell", "60x40", "--gap", "4", "--labels", "-o", "g.png"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let image = try decode("g.png")
        XCTAssertEqual(image.size, Size(width: 124, height: 64))
        var options = PhotoGrid.Options()
        options.cell = Size(width: 60, height: 40); options.gap = 4; options.label = "${name}"
        let spec = try PhotoGrid.spec(photos: photos, options: options, workingDirectory: directory.path)
        XCTAssertEqual(spec.overlays.map { $0.text?.text }, ["quadrants.png", "stripes.png"])
        XCTAssertEqual(spec.overlays.map(\.photo), ["photo1", "photo2"])
        XCTAssertEqual(spec.overlays.first?.text?.font.family, ["DejaVu Sans"])
        XCTAssertEqual(spec.overlays.first?.text?.font.size, 16)
        XCTAssertEqual(try cells(photos, options).1, [PixelRect(x: 0, y: 0, width: 60, height: 40),
                                                      PixelRect(x: 64, y: 0, width: 60, height: 40)])
        // Ink in each label band, none in the gap column between them.
        func inked(_ xs: Range<Int>) -> Int {
            var n = 0
            for y in 40..<64 { for x in xs where image[x, y].red < 128 { n += 1 } }
            return n
        }
        XCTAssertGreaterThan(inked(0..<60), 20)
        XCTAssertGreaterThan(inked(64..<124), 20)
        XCTAssertEqual(inked(60..<64), 0)
        // Without labels the canvas has no band.
        XCTAssertEqual(try cells(photos, PhotoGrid.Options()).0, Size(width: 1024, height: 512))
    }

    func testLabelTemplates() throws {
        XCTAssertEqual(try PhotoGridLabel.text("${index}: ${stem} (${name})", path: "a/beach.day.jpg", index: 3),
                       "3: beach.day (beach.day.jpg)")
        XCTAssertEqual(try PhotoGridLabel.text("${stem}", path: ".hidden", index: 1), ".hidden")
        XCTAssertThrowsError(try PhotoGridLabel.text("${nmae}", path: "a.jpg", index: 1)) { error in
            XCTAssertEqual("\(error)", "\(CollageError.usage("--label '${nmae}': unknown variable '${nmae}'; did you mean '${name}'?"))")
        }
        let result = try grid(["photos/quadrants.png", "--cell", "40x40", "--label", "#${index} ${stem}",
                               "--label-size", "10", "-o", "g.png"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try decode("g.png").size, Size(width: 40, height: 55))
        let bad = try grid(["photos/quadrants.png", "--label", "${file}", "-o", "g.png"])
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(bad.stderr.contains("unknown variable '${file}' (the variables are ${name}, ${stem} and ${index})"), bad.stderr)
    }

    func testCanvasLimitsAreTheDocuments() throws {
        let huge = try grid(["photos/quadrants.png", "--size", "32768x32768", "-o", "g.png"])
        XCTAssertEqual(huge.status, 64)
        XCTAssertTrue(huge.stderr.contains("the canvas would be 32768 × 32768 pixels; the most is 32768 a side and 268435456 in area"),
                      huge.stderr)
        XCTAssertEqual(try grid(["photos/quadrants.png", "photos/quadrants.png", "--cell", "20000x100", "-o", "g.png"]).status, 64)
        XCTAssertEqual(try grid(["photos/quadrants.png", "--size", "40000x10", "-o", "g.png"]).status, 64)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("g.png").path))
        // The largest area allowed is accepted by the spec (nothing rendered here).
        var options = PhotoGrid.Options()
        options.size = Size(width: 16384, height: 16384)
        XCTAssertNoThrow(try PhotoGrid.spec(photos: ["photos/quadrants.png"], options: options, workingDirectory: directory.path))
    }

    func testErrorsAndRefusals() throws {
        let missing = try grid(["photos/nope.jpg", "-o", "g.png"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("error: collage grid: photo 'photos/nope.jpg': no such file"), missing.stderr)
        let before = try Data(contentsOf: directory.appendingPathComponent("photos/stripes.png"))
        let overwrite = try grid(["photos/quadrants.png", "photos/stripes.png", "-o", "photos/stripes.png"])
        XCTAssertEqual(overwrite.status, 64)
        XCTAssertTrue(overwrite.stderr.contains("error: the output 'photos/stripes.png' is one of the input photos; choose another output path"), overwrite.stderr)
        XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("photos/stripes.png")), before)
        let both = try grid(["photos/quadrants.png", "--cell", "10x10", "--size", "100x100", "-o", "g.png"])
        XCTAssertEqual(both.status, 64)
        XCTAssertTrue(both.stderr.contains("error: --cell and --size both set the canvas"), both.stderr)
        for bad in [["--size", "big"], ["--cell", "0x10"], ["--columns", "0"], ["--rows", "-1"], ["--padding", "-2"],
                    ["--fit", "fill"], ["--background", "#12"], ["--label-size", "0"]] {
            let result = try grid(["photos/quadrants.png", "-o", "g.png"] + bad)
            XCTAssertEqual(result.status, 64, "\(bad): \(result.stderr)")
        }
        XCTAssertEqual(try grid(["-o", "g.png"]).status, 64)
        XCTAssertEqual(try grid(["photos/quadrants.png"]).status, 64)
        let help = String(decoding: try grid(["--help"]).stdout, as: UTF8.self)
        XCTAssertTrue(help.contains("$ collage grid photos/*.jpg --columns 4 --cell 300x200"), help)
        XCTAssertTrue(help.contains("--gap is the space between cells only; it used to pad"), help)
    }

    func testStdoutAndDepfile() throws {
        let piped = try grid(["photos/quadrants.png", "--cell", "64x48", "-o", "-", "--format", "png"])
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertEqual(Array(piped.stdout.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        let result = try grid(["photos/quadrants.png", "photos/tall.png", "--cell", "32x48", "-o", "g.jpg", "--depfile", "g.d"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try String(contentsOf: directory.appendingPathComponent("g.d"), encoding: .utf8),
                       "g.jpg: \\\n photos/quadrants.png \\\n photos/tall.png\n\nphotos/quadrants.png:\n\nphotos/tall.png:\n")
    }
}
