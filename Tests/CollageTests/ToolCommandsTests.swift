import CollageCodecs
import CollageRaster
import Foundation
import XCTest
import CollageTestSupport

/// `collage schema`, `collage check` and `collage layout` through the binary.
final class ToolCommandsTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = try TestPackage.temporaryDirectory(self)
        try SyntheticPhotos.writeAll(into: directory)
    }

    func write(_ text: String, as name: String = "doc.yaml") throws {
        try Data(text.utf8).write(to: directory.appendingPathComponent(name))
    }

    /// A 2-column grid: quadrants.png (400x300, cover) and tall.png
    /// (240x480, contain), gap 10, padding 20, and a caption at (30, 40).
    let grid = """
        version: 1
        canvas: {width: 1000, height: 500}
        photos:
          - photos/quadrants.png
          - {src: photos/tall.png, fit: contain, id: tall}
        layout: {kind: grid, columns: 2, gap: 10, padding: 20}
        overlays:
          - {text: "Hi", font: {family: "DejaVu Sans", size: 40}, anchor: topLeft, offset: [30, 40]}
        """

    func testSchemaPrintsTheCommittedFile() throws {
        let result = try runCollage(["schema"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let file = try Data(contentsOf: TestPackage.root.appendingPathComponent("schema/collage.schema.json"))
        XCTAssertEqual(result.stdout, file)
        XCTAssertEqual(try runCollage(["schema", "extra"]).status, 64)
    }

    func testCheckAcceptsAValidDocumentAndReadsOnlyHeaders() throws {
        try write(grid)
        let result = try runCollage(["check", "doc.yaml"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(String(decoding: result.stdout, as: UTF8.self), "doc.yaml: ok\n")
        XCTAssertEqual(result.stderr, "")
    }

    func testCheckFindsAPhotoWhoseHeaderIsUnreadable() throws {
        // Exists (so validation passes) but is no image: only the header probe finds it.
        try Data("not an image".utf8).write(to: directory.appendingPathComponent("photos/fake.jpg"))
        try write("version: 1\nphotos: [photos/fake.jpg]\n")
        let result = try runCollage(["check", "doc.yaml"], in: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("doc.yaml:2:10: error: cannot read photo 'photos/fake.jpg': "), result.stderr)
    }

    func testCheckJSONListsEveryDocumentsDiagnosticsInSourceOrder() throws {
        try write(grid, as: "good.yaml")
        try write("version: 1\ncanvas:\n  widht: 10\n  height: ten\nphotos: [photos/nope.jpg]\n", as: "bad.yaml")
        let result = try runCollage(["check", "--diagnostics", "json", "good.yaml", "bad.yaml", "missing.yaml"],
                                    in: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "")
        let items = try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? [[String: Any]])
        XCTAssertEqual(items.map { $0["file"] as? String }, ["bad.yaml", "bad.yaml", "bad.yaml", "missing.yaml"])
        XCTAssertEqual(items.map { $0["kind"] as? String }, ["unknownKey", "wrongType", "missingFile", "missingFile"])
        XCTAssertEqual(items.map { $0["line"] as? Int }, [3, 4, 5, nil])
        XCTAssertEqual(items.map { $0["column"] as? Int }, [3, 11, 10, nil])
        XCTAssertEqual(items[0]["message"] as? String, "unknown key 'widht' in 'canvas'; did you mean 'width'?")
        XCTAssertEqual(items[0]["severity"] as? String, "error")
        XCTAssertEqual(items[2]["notes"] as? [String], ["looked for \(directory.resolvingSymlinksInPath().path)/photos/nope.jpg"])
        // Keys in the documented order.
        let text = String(decoding: result.stdout, as: UTF8.self)
        let order = ["\"file\"", "\"line\"", "\"column\"", "\"severity\"", "\"kind\"", "\"message\"", "\"notes\""]
            .map { text.range(of: $0)!.lowerBound }
        XCTAssertEqual(order, order.sorted())
    }

    func testStrictTurnsASubstitutedFontIntoAnError() throws {
        try write("""
            version: 1
            photos: [photos/quadrants.png]
            overlays:
              - {text: "x", font: {family: "No Such Family"}}
            """)
        let lenient = try runCollage(["check", "doc.yaml"], in: directory)
        XCTAssertEqual(lenient.status, 0, lenient.stderr)
        XCTAssertTrue(lenient.stderr.hasPrefix("doc.yaml:4:5: warning: no font named 'No Such Family'; using "), lenient.stderr)
        let strict = try runCollage(["check", "--strict", "doc.yaml"], in: directory)
        XCTAssertEqual(strict.status, 1)
        XCTAssertTrue(strict.stderr.hasPrefix("doc.yaml:4:5: error: no font named 'No Such Family'; using "), strict.stderr)
        XCTAssertTrue(strict.stderr.hasSuffix("note: this warning is an error because of --strict\n"), strict.stderr)

        let render = try runCollage(["render", "doc.yaml", "-o", "out.png", "--strict"], in: directory)
        XCTAssertEqual(render.status, 1)
        XCTAssertTrue(render.stderr.hasPrefix("doc.yaml:4:5: error: no font named"), render.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.png").path))
        XCTAssertEqual(try runCollage(["render", "doc.yaml", "-o", "out.png"], in: directory).status, 0)
    }

    func testStrictTurnsADecoderWarningIntoAnErrorBeforeWriting() throws {
        // Three stray bytes before the DQT marker: libjpeg decodes the file and warns.
        var jpeg = try ImageEncoder.encode(SyntheticPhotos.gradient(width: 64, height: 48), as: .jpeg)
        let dqt = try XCTUnwrap((2..<jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDB })
        jpeg.insert(contentsOf: [0, 0, 0], at: dqt)
        try Data(jpeg).write(to: directory.appendingPathComponent("photos/stray.jpg"))
        try write("version: 1\nphotos: [photos/stray.jpg]\n")
        let warning = "doc.yaml:2:10: warning: photo 'photos/stray.jpg': Corrupt JPEG data: 3 extraneous bytes before marker 0xdb\n"
        let lenient = try runCollage(["render", "doc.yaml", "-o", "out.png"], in: directory)
        XCTAssertEqual(lenient.status, 0, lenient.stderr)
        XCTAssertTrue(lenient.stderr.hasPrefix(warning), lenient.stderr)
        try FileManager.default.removeItem(at: directory.appendingPathComponent("out.png"))
        let strict = try runCollage(["render", "doc.yaml", "-o", "out.png", "--strict"], in: directory)
        XCTAssertEqual(strict.status, 1)
        XCTAssertTrue(strict.stderr.hasPrefix(warning.replacingOccurrences(of: "warning:", with: "error:")), strict.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.png").path))
    }

    /// Every node's transform and device-space bounds: a quarter turn about
    /// a 100x60 cell's centre (100, 50) swaps the print's extent.
    func testLayoutJSONGivesTransformsAndRotatedBounds() throws {
        try write("""
            version: 1
            canvas: {width: 300, height: 200}
            photos:
              - {src: photos/quadrants.png, frame: {x: 50, y: 20, width: 100, height: 60}, rotation: 90}
            layout: {kind: free}
            """)
        let result = try runCollage(["layout", "doc.yaml", "--json"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let top = try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let photo = try XCTUnwrap((top["photos"] as? [[String: Any]])?.first)
        XCTAssertEqual(photo["transform"] as? [Double], [0, 1, -1, 0, 100, 50])
        XCTAssertEqual(photo["bounds"] as? [String: Double], ["x": 70, "y": 0, "width": 60, "height": 100])
        // --debug-layout outlines the turned print (yellow) besides the cell.
        let debug = try runCollage(["render", "doc.yaml", "-o", "debug.png", "--debug-layout"], in: directory)
        XCTAssertEqual(debug.status, 0, debug.stderr)
        let image = try ImageDecoder.decode(path: directory.appendingPathComponent("debug.png").path)
        XCTAssertEqual(image[71, 50], Color(red: 255, green: 220, blue: 0))   // DebugOverlay.rotatedColor
    }

    func testLayoutJSONGivesCellsDestinationsCropWindowsAndBoxes() throws {
        try write(grid)
        let result = try runCollage(["layout", "doc.yaml", "--json"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let top = try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        XCTAssertEqual(top["canvas"] as? [String: Int], ["width": 1000, "height": 500])
        let photos = try XCTUnwrap(top["photos"] as? [[String: Any]])
        XCTAssertEqual(photos.map { $0["id"] as? String }, ["quadrants", "tall"])
        // 1000 - 2*20 - 10 = 950 px over two columns: 475 each; 500 - 40 = 460 high.
        XCTAssertEqual(photos[0]["cell"] as? [String: Int], ["x": 20, "y": 20, "width": 475, "height": 460])
        XCTAssertEqual(photos[1]["cell"] as? [String: Int], ["x": 505, "y": 20, "width": 475, "height": 460])
        XCTAssertEqual(photos[0]["destination"] as? [String: Int], ["x": 20, "y": 20, "width": 475, "height": 460])
        // contain: 240x480 scaled by 460/480 is 230x460, centred: x = 505 + 122.5, rounded half away from zero.
        XCTAssertEqual(photos[1]["destination"] as? [String: Int], ["x": 628, "y": 20, "width": 230, "height": 460])
        XCTAssertEqual(photos[1]["orientedSize"] as? [String: Int], ["width": 240, "height": 480])
        // cover: the full 300 px height, 475 * 300 / 460 px wide, centred on 200.
        let crop = try XCTUnwrap(photos[0]["crop"] as? [String: Double])
        XCTAssertEqual(crop["y"], 0)
        XCTAssertEqual(crop["height"], 300)
        XCTAssertEqual(crop["width"]!, 475.0 * 300 / 460, accuracy: 1e-9)
        XCTAssertEqual(crop["x"]!, (400 - 475.0 * 300 / 460) / 2, accuracy: 1e-9)
        XCTAssertEqual(photos[1]["crop"] as? [String: Double], ["x": 0, "y": 0, "width": 240, "height": 480])
        let overlays = try XCTUnwrap(top["overlays"] as? [[String: Any]])
        XCTAssertEqual(overlays.count, 1)
        let box = try XCTUnwrap(overlays[0]["box"] as? [String: Double])
        XCTAssertEqual(box["x"], 30)
        XCTAssertEqual(box["y"], 40)
        XCTAssertGreaterThan(box["width"]!, 40)
        // Deterministic bytes: the same document prints the same JSON.
        XCTAssertEqual(try runCollage(["layout", "doc.yaml", "--json"], in: directory).stdout, result.stdout)
        let text = try runCollage(["layout", "doc.yaml"], in: directory)
        XCTAssertEqual(String(decoding: text.stdout, as: UTF8.self).split(separator: "\n")[2],
                       "photo tall  cell 505,20 475x460  destination 628,20 230x460  crop 0,0 240x480 of 240x480")
    }

    func testDebugLayoutOutlinesCellsAndWindows() throws {
        try write(grid)
        XCTAssertEqual(try runCollage(["render", "doc.yaml", "-o", "plain.png"], in: directory).status, 0)
        let result = try runCollage(["render", "doc.yaml", "-o", "debug.png", "--debug-layout"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let plain = try ImageDecoder.decode(path: directory.appendingPathComponent("plain.png").path)
        let debug = try ImageDecoder.decode(path: directory.appendingPathComponent("debug.png").path)
        func pixel(_ p: Pixmap, _ x: Int, _ y: Int) -> Color { p[x, y] }
        let magenta = Color(red: 255, green: 0, blue: 255), cyan = Color(red: 0, green: 255, blue: 255)
        // The tall photo's cell (505, 20, 475x460): a 2 px magenta band inside its edges.
        XCTAssertEqual(pixel(debug, 550, 20), magenta)
        XCTAssertEqual(pixel(debug, 550, 21), magenta)
        XCTAssertEqual(pixel(debug, 979, 300), magenta)
        XCTAssertEqual(pixel(debug, 700, 22), pixel(plain, 700, 22))
        // Its contain window (628, 20, 230x460): 1 px cyan at the left and right edges.
        XCTAssertEqual(pixel(debug, 628, 300), cyan)
        XCTAssertEqual(pixel(debug, 857, 300), cyan)
        XCTAssertEqual(pixel(debug, 629, 300), pixel(plain, 629, 300))
        // The id label's dark box at the cell's top-left corner (over the letterbox background).
        XCTAssertEqual(plain[510, 28], Color.white)
        // Black at alpha 160 over white on sRGB-encoded values (`compositing: css`): 255 × (1 - 160/255) = 95.
        XCTAssertEqual(debug[510, 28], Color(red: 95, green: 95, blue: 95))
        // Outside every cell nothing changes.
        XCTAssertEqual(pixel(debug, 10, 10), pixel(plain, 10, 10))
        XCTAssertEqual(pixel(debug, 500, 250), pixel(plain, 500, 250))
    }
}
