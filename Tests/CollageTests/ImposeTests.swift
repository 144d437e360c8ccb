import Collage
import CollageCodecs
import CollageRaster
import Foundation
import XCTest
import CollageTestSupport

/// `collage impose` (docs/print.md "Imposition"): items copied pixel for
/// pixel at whole-pixel offsets, crop marks outside them, clear errors.
final class ImposeTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = try TestPackage.temporaryDirectory(self)
        try SyntheticPhotos.writeNumbered(3, into: directory) { "p\($0).png" }
        // A 2x6in booth strip at 50 dpi: 100 x 300 pixels.
        try write("strip.yaml", """
        version: 1
        canvas: {size: 2x6in, dpi: 50, background: "#203040"}
        photos: [photos/p1.png, photos/p2.png, photos/p3.png]
        layout: {kind: grid, columns: 1, gap: 4, padding: 4}
        overlays: [{shape: rect, width: 20, height: 6, anchor: bottom, fill: "#ffcc00"}]
        """)
    }

    func write(_ name: String, _ text: String) throws {
        try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    func decode(_ name: String) throws -> Pixmap {
        try ImageDecoder.decode(path: directory.appendingPathComponent(name).path)
    }

    func region(_ pixmap: Pixmap, _ rect: PixelRect) -> [UInt8] {
        (rect.y..<rect.maxY).flatMap { y in pixmap.pixels[((y * pixmap.width + rect.x) * 4)..<((y * pixmap.width + rect.maxX) * 4)] }
    }

    func testTwoStripsOn4x6inAreEachPixelIdenticalToTheSingleStripRender() throws {
        let render = try runCollage(["render", "strip.yaml", "-o", "strip.png"], in: directory)
        XCTAssertEqual(render.status, 0, render.stderr)
        let strip = try decode("strip.png")
        XCTAssertEqual(strip.size, Size(width: 100, height: 300))
        let result = try runCollage(["impose", "strip.png", "--copies", "2", "--sheet", "4x6in", "-o", "sheet.png"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let sheet = try decode("sheet.png")
        XCTAssertEqual(sheet.size, Size(width: 200, height: 300))   // 4x6in at 50 dpi, portrait
        XCTAssertEqual(region(sheet, PixelRect(x: 0, y: 0, width: 100, height: 300)), strip.pixels)
        XCTAssertEqual(region(sheet, PixelRect(x: 100, y: 0, width: 100, height: 300)), strip.pixels)
        // A document item is rendered first: the same sheet.
        let fromDocument = try runCollage(["impose", "strip.yaml", "--copies", "2", "--sheet", "4x6in", "-o", "sheet2.png"], in: directory)
        XCTAssertEqual(fromDocument.status, 0, fromDocument.stderr)
        XCTAssertEqual(try decode("sheet2.png"), sheet)
        // The sheet records the items' dpi.
        XCTAssertEqual(ImageDensity.dpi(of: Array(try Data(contentsOf: directory.appendingPathComponent("sheet.png")))), 50)
    }

    func testNineUpCardsKeepEachCardsPixelsAndMarksStayOutside() throws {
        try write("card.yaml", """
        version: 1
        canvas: {width: 60, height: 40, dpi: 72, background: "#336699"}
        photos: [photos/p2.png]
        layout: {kind: grid, columns: 1, padding: 3}
        """)
        XCTAssertEqual(try runCollage(["render", "card.yaml", "-o", "card.png"], in: directory).status, 0)
        let card = try decode("card.png")
        // A6 at 72 dpi is 298 x 420; 3x3 cards of 60x40 with a 10-pixel gutter: 200 x 140, centred at (49, 140).
        let result = try runCollage(["impose", "card.png", "--copies", "9", "--grid", "3x3", "--gutter", "10",
                                     "--sheet", "A6", "--marks", "crop", "-o", "cards.png"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let sheet = try decode("cards.png")
        XCTAssertEqual(sheet.size, Size(width: 298, height: 420))
        for row in 0..<3 {
            for column in 0..<3 {
                let cell = PixelRect(x: 49 + column * 70, y: 140 + row * 50, width: 60, height: 40)
                XCTAssertEqual(region(sheet, cell), card.pixels, "card \(column),\(row)")
            }
        }
        // Crop marks: black on the line just left of the first trim (x 48), above the grid and in the gutter between rows,
        // white paper where no trim line runs.
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(sheet.pixels[((y * sheet.width + x) * 4)..<((y * sheet.width + x) * 4 + 4)]) }
        XCTAssertEqual(pixel(48, 10), [0, 0, 0, 255])
        XCTAssertEqual(pixel(48, 185), [0, 0, 0, 255])   // in the gutter between rows 0 and 1 (180..<190)
        XCTAssertEqual(pixel(10, 139), [0, 0, 0, 255])    // on the line just above the first row, in the left margin
        XCTAssertEqual(pixel(30, 30), [255, 255, 255, 255])
        XCTAssertEqual(pixel(114, 10), [255, 255, 255, 255])   // between x 109 and 118: no trim line
    }

    func testBadInputGetsClearErrors() throws {
        XCTAssertEqual(try runCollage(["render", "strip.yaml", "-o", "strip.png"], in: directory).status, 0)
        // More items than a fixed grid holds.
        let many = try runCollage(["impose", "strip.png", "--copies", "3", "--grid", "2x1", "--sheet", "4x6in", "-o", "s.png"], in: directory)
        XCTAssertEqual(many.status, 1)
        XCTAssertTrue(many.stderr.contains("3 items do not fit a 2x1 grid (2 a sheet); use --grid auto"), many.stderr)
        // With auto they fill sheets, named by ${sheet}.
        let auto = try runCollage(["impose", "strip.png", "--copies", "3", "--sheet", "4x6in", "-o", "s-${sheet}.png"], in: directory)
        XCTAssertEqual(auto.status, 0, auto.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent("s-2.png").path))
        // Mismatched dpi.
        let dpi = try runCollage(["impose", "strip.png", "--dpi", "300", "--sheet", "4x6in", "-o", "s.png"], in: directory)
        XCTAssertEqual(dpi.status, 1)
        XCTAssertTrue(dpi.stderr.contains("strip.png is 50 dpi and the sheet is 300 dpi (--dpi)"), dpi.stderr)
        // An item larger than the sheet.
        let large = try runCollage(["impose", "strip.png", "--sheet", "2x2in", "-o", "s.png"], in: directory)
        XCTAssertEqual(large.status, 1)
        XCTAssertTrue(large.stderr.contains("an item of 100x300 pixels is larger than the sheet (100x100 pixels)"), large.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("s.png").path))
        // A sheet that would replace an item.
        let before = try decode("strip.png")
        let replace = try runCollage(["impose", "strip.png", "--sheet", "4x6in", "-o", "strip.png"], in: directory)
        XCTAssertEqual(replace.status, 64)
        XCTAssertTrue(replace.stderr.contains("-o 'strip.png' would replace the item 'strip.png'"), replace.stderr)
        XCTAssertEqual(try decode("strip.png"), before)
    }

    func testTenRowsOnNineUpSheetsGiveTwoSheetsAndTheReportMapsEveryRow() throws {
        try write("badge.yaml", """
        version: 1
        canvas: {width: 60, height: 40, dpi: 72, background: "#${shade}"}
        overlays: [{shape: rect, width: 10, height: 10, anchor: center, fill: "#ffffff"}]
        """)
        let rows = (1...10).map { "b\($0),\(String(format: "%02x%02x%02x", $0 * 20, 40, 255 - $0 * 20))" }
        try ("id,shade\n" + rows.joined(separator: "\n") + "\n").write(to: directory.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("sheets"), withIntermediateDirectories: true)
        let result = try runCollage(["batch", "badge.yaml", "--data", "rows.csv", "-o", "out/${id}.png", "--report", "report.jsonl",
                                     "--impose", "sheets/sheet-${sheet}.png", "--grid", "3x3", "--sheet", "A6", "--marks", "crop"],
                                    in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("batch: 10 outputs on 2 sheets of 3x3"), result.stderr)
        let lines = try String(contentsOf: directory.appendingPathComponent("report.jsonl"), encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.count, 10)
        for (index, line) in lines.enumerated() {
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let sheet = try XCTUnwrap(object["sheet"] as? [String: Any], "row \(index + 1)")
            XCTAssertEqual(object["row"] as? Int, index + 1)
            XCTAssertEqual(sheet["number"] as? Int, index < 9 ? 1 : 2)
            XCTAssertEqual(sheet["path"] as? String, "sheets/sheet-\(index < 9 ? 1 : 2).png")
            XCTAssertEqual(sheet["column"] as? Int, index % 9 % 3 + 1)
            XCTAssertEqual(sheet["row"] as? Int, index % 9 / 3 + 1)
        }
        // Each badge sits pixel for pixel in its cell: A6 at 72 dpi is 298 x 420, the 180 x 120 grid at (59, 150).
        let second = try decode("sheets/sheet-2.png")
        let tenth = try decode("out/b10.png")
        XCTAssertEqual(region(second, PixelRect(x: 59, y: 150, width: 60, height: 40)), tenth.pixels)
        let first = try decode("sheets/sheet-1.png")
        XCTAssertEqual(region(first, PixelRect(x: 179, y: 230, width: 60, height: 40)), try decode("out/b9.png").pixels)
        // The rest of the last sheet is paper: the second cell is white.
        XCTAssertEqual(Set(region(second, PixelRect(x: 119, y: 150, width: 60, height: 40))), [255])
    }

    /// Sharded batches impose their own rows: `${shard}` in SHEET is required
    /// (else two shards would write the same sheets) and is expanded.
    func testShardedBatchImposesPerShard() throws {
        try write("badge.yaml", """
        version: 1
        canvas: {width: 60, height: 40, dpi: 72, background: "#336699"}
        """)
        try "id\nb1\nb2\nb3\n".write(to: directory.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("sheets"), withIntermediateDirectories: true)
        let refused = try runCollage(["batch", "badge.yaml", "--data", "rows.csv", "-o", "out/${id}.png", "--shard", "1/2",
                                      "--impose", "sheets/sheet-${sheet}.png", "--sheet", "A6"], in: directory)
        XCTAssertEqual(refused.status, 64, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("put ${shard} in SHEET"), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out/b1.png").path))
        let noFolder = try runCollage(["batch", "badge.yaml", "--data", "rows.csv", "-o", "out/${id}.png",
                                       "--impose", "nosuch/sheet-${sheet}.png", "--sheet", "A6"], in: directory)
        XCTAssertEqual(noFolder.status, 1, noFolder.stderr)
        XCTAssertTrue(noFolder.stderr.contains("the folder 'nosuch' does not exist; create it first"), noFolder.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out/b1.png").path),
                       "no row is rendered when the sheets cannot be written")
        for shard in ["1/2", "2/2"] {
            let result = try runCollage(["batch", "badge.yaml", "--data", "rows.csv", "-o", "out/${id}.png", "--shard", shard,
                                         "--impose", "sheets/s${shard}-${sheet}.png", "--sheet", "A6"], in: directory)
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        let sheets = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("sheets").path).sorted()
        XCTAssertEqual(sheets, ["s1-1.png", "s2-1.png"])
    }

    /// Sheets never replace what the run reads or writes (through a symlink or a document's photo),
    /// and sizes past any sheet are usage errors, not traps.
    func testSheetsReplaceNoInputAndHugeSizesAreRefused() throws {
        let render = try runCollage(["render", "strip.yaml", "-o", "strip.png"], in: directory)
        XCTAssertEqual(render.status, 0, render.stderr)
        let before = try Data(contentsOf: directory.appendingPathComponent("strip.png"))
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("link.png").path, withDestinationPath: "strip.png")
        let link = try runCollage(["impose", "strip.png", "--sheet", "4x6in", "-o", "link.png"], in: directory)
        XCTAssertEqual(link.status, 64, link.stderr)
        XCTAssertTrue(link.stderr.contains("would replace 'strip.png'"), link.stderr)
        let photo = try runCollage(["impose", "strip.yaml", "--sheet", "4x6in", "-o", "photos/p1.png"], in: directory)
        XCTAssertEqual(photo.status, 64, photo.stderr)
        XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("strip.png")), before)
        for flags in [["--sheet", "1e9x1e9mm"], ["--sheet", "1e6x1e6mm"], ["--sheet", "30000x30000mm"], ["--gutter", "1e308mm"]] {
            let huge = try runCollage(["impose", "strip.png", "-o", "big.png"] + flags, in: directory)
            XCTAssertEqual(huge.status, 64, "\(flags): \(huge.stderr)")
        }
        // 2500 strips two to a 4x6in sheet are 1250 sheets, past the 1000 one run writes.
        let many = try runCollage(["impose", "strip.png", "--copies", "2500", "--sheet", "4x6in", "-o", "many-${sheet}.png"], in: directory)
        XCTAssertEqual(many.status, 64, many.stderr)
        XCTAssertTrue(many.stderr.contains("2500 items fill 1250 sheets of 2; impose writes at most 1000 sheets"), many.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("many-1.png").path))
        let stdout = try runCollage(["impose", "strip.png", "-o", "-"], in: directory)
        XCTAssertEqual(stdout.status, 64, stdout.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("-").path))
        let grid = try runCollage(["impose", "strip.png", "--grid", "99999999999x2", "-o", "big.png"], in: directory)
        XCTAssertEqual(grid.status, 64, grid.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("big.png").path))
        // A row's output is not a sheet either.
        try "id\nana\n".write(to: directory.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("out"), withIntermediateDirectories: true)
        let batch = try runCollage(["batch", "strip.yaml", "--data", "rows.csv", "-o", "out/${id}.png", "--impose", "out/ana.png",
                                    "--sheet", "4x6in"], in: directory)
        XCTAssertEqual(batch.status, 64, batch.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out/ana.png").path))
    }

    func testPlanCentresTheGridAndPlacesRowByRow() throws {
        let plan = try ImpositionPlan(sheet: Size(width: 1000, height: 700), item: Size(width: 300, height: 200), count: 10,
                                      grid: .fixed(columns: 3, rows: 3), gutter: 10, allowMoreSheets: true)
        XCTAssertEqual(plan.sheets(for: 10), 2)
        XCTAssertEqual(plan.cell(column: 0, row: 0), PixelRect(x: 40, y: 40, width: 300, height: 200))
        XCTAssertEqual(plan.cell(column: 2, row: 2), PixelRect(x: 660, y: 460, width: 300, height: 200))
        XCTAssertEqual(plan.position(of: 9).sheet, 1)
        XCTAssertEqual(plan.position(of: 5).column, 2)
        XCTAssertEqual(plan.position(of: 5).row, 1)
        let auto = try ImpositionPlan(sheet: Size(width: 1000, height: 700), item: Size(width: 300, height: 200), count: 1,
                                      grid: .auto, gutter: 0, allowMoreSheets: true)
        XCTAssertEqual([auto.columns, auto.rows], [3, 3])
    }
}
