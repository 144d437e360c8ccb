import Collage
import CollageCodecs
import CollageRaster
import Foundation
import XCTest
import CollageTestSupport

/// `pages:`, `paginate:` and `render -o '${page}'` (docs/print.md "Pages").
final class PagesTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = try TestPackage.temporaryDirectory(self)
        try SyntheticPhotos.writeNumbered(24, into: directory) { String(format: "p%02d.png", $0) }
    }

    /// A document of two pages: photos/p01.png, then `second` as the second page's photo.
    func writeTwoPages(second: String = "photos/p02.png") throws {
        try write("pages.yaml", """
        version: 1
        canvas: {width: 100, height: 80}
        pages:
          - photos: [photos/p01.png]
          - photos: [\(second)]
        """)
    }

    func write(_ name: String, _ text: String) throws {
        try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    func decode(_ name: String) throws -> Pixmap {
        try ImageDecoder.decode(path: directory.appendingPathComponent(name).path)
    }

    func testA24PageBookFromAFolderEqualsSinglePageRenders() throws {
        try write("book.yaml", """
        version: 1
        canvas: {width: 96, height: 64, background: "#102030"}
        photos: ["photos/*.png"]
        paginate: {perPage: 1}
        layout: {kind: grid, columns: 1, padding: 4}
        """)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("book"), withIntermediateDirectories: true)
        let result = try runCollage(["render", "book.yaml", "-o", "book/page-${page}.png"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let written = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("book").path)
        XCTAssertEqual(Set(written), Set((1...24).map { "page-\($0).png" }))
        for page in [1, 2, 13, 24] {
            try write("single.yaml", """
            version: 1
            canvas: {width: 96, height: 64, background: "#102030"}
            photos: ["\(String(format: "photos/p%02d.png", page))"]
            layout: {kind: grid, columns: 1, padding: 4}
            """)
            let single = try runCollage(["render", "single.yaml", "-o", "single.png"], in: directory)
            XCTAssertEqual(single.status, 0, single.stderr)
            XCTAssertEqual(try decode("book/page-\(page).png"), try decode("single.png"), "page \(page)")
        }
        // Pages differ: page 1 is not page 2.
        XCTAssertNotEqual(try decode("book/page-1.png"), try decode("book/page-2.png"))
    }

    func testPaginateSplitsIntoPagesOfPerPageAndTheLastHoldsTheRest() throws {
        try write("book.yaml", """
        version: 1
        canvas: {width: 200, height: 100}
        photos: ["photos/*.png"]
        paginate: {perPage: 5}
        layout: {kind: grid, columns: 5}
        """)
        let result = try runCollage(["layout", "book.yaml", "--json"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let pages = try XCTUnwrap(json["pages"] as? [[String: Any]])
        XCTAssertEqual(pages.count, 5)
        XCTAssertEqual(pages.map { $0["page"] as? Int }, [1, 2, 3, 4, 5])
        XCTAssertEqual(pages.map { ($0["photos"] as? [Any])?.count }, [5, 5, 5, 5, 4])
        let last = try XCTUnwrap(pages[4]["photos"] as? [[String: Any]])
        XCTAssertEqual(last.map { $0["id"] as? String }, ["p21", "p22", "p23", "p24"])
        // The top level is page 1's report, as a single page's is.
        XCTAssertEqual((json["photos"] as? [Any])?.count, 5)
    }

    func testSinglePageLayoutJSONIsUnchanged() throws {
        try write("one.yaml", "version: 1\ncanvas: {width: 64, height: 48}\nphotos: [photos/p01.png]\n")
        let result = try runCollage(["layout", "one.yaml", "--json"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        XCTAssertNil(json["pages"])
        XCTAssertEqual(Array(json.keys).sorted(), ["canvas", "components", "file", "inputs", "overlays", "photos"])
    }

    func testPagesShareCanvasAndVarsAndAPageMayOverrideTheCanvas() throws {
        try write("pages.yaml", """
        version: 1
        vars: {title: Trip}
        canvas: {width: 100, height: 80, background: "#ffffff"}
        pages:
          - photos: [photos/p01.png]
            overlays: [{text: "${title} ${page}", font: {size: 10}}]
          - photos: [photos/p02.png, photos/p03.png]
            layout: {kind: grid, columns: 2}
            canvas: {width: 200}
        """)
        let result = try runCollage(["layout", "pages.yaml", "--json"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let pages = try XCTUnwrap(json["pages"] as? [[String: Any]])
        XCTAssertEqual(pages.count, 2)
        let canvases = pages.map { $0["canvas"] as? [String: Int] }
        XCTAssertEqual(canvases, [["width": 100, "height": 80], ["width": 200, "height": 80]])
        let overlay = try XCTUnwrap((pages[0]["overlays"] as? [[String: Any]])?.first)
        XCTAssertEqual(overlay["text"] as? String, "Trip 1")
        XCTAssertEqual((pages[1]["photos"] as? [[String: Any]])?.map { $0["id"] as? String }, ["p02", "p03"])
    }

    func testPerPageDiagnosticsCarryTheirPage() throws {
        try write("pages.yaml", """
        version: 1
        canvas: {width: 100, height: 80}
        pages:
          - photos: [photos/p01.png]
          - photos: [photos/missing.png]
          - photos: [photos/p02.png]
            layout: {kind: grid, colums: 2}
            overlay: []
        """)
        let result = try runCollage(["check", "pages.yaml", "--diagnostics", "json"], in: directory)
        XCTAssertEqual(result.status, 1, result.stderr)
        let list = try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? [[String: Any]])
        let found = list.map { "\($0["line"] ?? "-"):\($0["column"] ?? "-") \($0["kind"] ?? "") \($0["pages"] ?? "")" }
        XCTAssertEqual(list.count, 4, "\(found)")
        XCTAssertEqual(list[0]["line"] as? Int, 5)
        XCTAssertEqual(list[0]["column"] as? Int, 14)
        XCTAssertEqual(list[0]["pages"] as? [Int], [2])
        XCTAssertTrue((list[0]["notes"] as? [String] ?? []).contains("on page 2"))
        XCTAssertEqual(list[1]["line"] as? Int, 7)
        XCTAssertEqual(list[1]["column"] as? Int, 5)
        XCTAssertEqual(list[1]["kind"] as? String, "missingKey")
        XCTAssertEqual(list[1]["pages"] as? [Int], [3])
        XCTAssertEqual(list[2]["line"] as? Int, 7)
        XCTAssertEqual(list[2]["column"] as? Int, 26)
        XCTAssertEqual(list[2]["kind"] as? String, "unknownKey")
        XCTAssertEqual(list[2]["pages"] as? [Int], [3])
        // An unknown key of a page is its page's alone.
        XCTAssertEqual(list[3]["line"] as? Int, 8)
        XCTAssertEqual(list[3]["column"] as? Int, 5)
        XCTAssertEqual(list[3]["kind"] as? String, "unknownKey")
        XCTAssertEqual(list[3]["pages"] as? [Int], [3])
        // Text diagnostics: located, with the page as a note.
        let text = try runCollage(["check", "pages.yaml"], in: directory)
        XCTAssertTrue(text.stderr.contains("pages.yaml:7:26: error: unknown key 'colums' in 'layout'"), text.stderr)
        XCTAssertTrue(text.stderr.contains("note: on page 3"), text.stderr)
    }

    func testASharedErrorIsReportedOnceWithEveryPage() throws {
        try write("pages.yaml", """
        version: 1
        canvas: {width: 100, heigth: 80}
        pages:
          - photos: [photos/p01.png]
          - photos: [photos/p02.png]
        """)
        let result = try runCollage(["check", "pages.yaml", "--diagnostics", "json"], in: directory)
        XCTAssertEqual(result.status, 1)
        let list = try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? [[String: Any]])
        let typo = try XCTUnwrap(list.first { ($0["message"] as? String)?.contains("heigth") == true })
        XCTAssertEqual(typo["line"] as? Int, 2)
        XCTAssertEqual(typo["column"] as? Int, 22)
        XCTAssertEqual(typo["pages"] as? [Int], [1, 2])
        XCTAssertEqual(list.filter { ($0["message"] as? String)?.contains("heigth") == true }.count, 1)
    }

    func testSeveralPagesToOneRasterFileIsAUsageErrorAndNothingIsWritten() throws {
        try writeTwoPages()
        let result = try runCollage(["render", "pages.yaml", "-o", "out.png"], in: directory)
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.contains("pages.yaml has 2 pages and -o 'out.png' names one file: add ${page} to -o"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.png").path))
        // `${title}` is the document's: render expands only ${page} and ${variant}.
        let unknown = try runCollage(["render", "pages.yaml", "-o", "out-${title}.png"], in: directory)
        XCTAssertEqual(unknown.status, 64)
    }

    func testAPageWithAnErrorLeavesNoPageWritten() throws {
        try writeTwoPages(second: "photos/missing.png")
        let result = try runCollage(["render", "pages.yaml", "-o", "out-${page}.png"], in: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("pages.yaml:5:14: error:"), result.stderr)
        XCTAssertTrue(result.stderr.contains("note: on page 2"), result.stderr)
        XCTAssertTrue(result.stderr.contains("nothing written: every page must render before any is written"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out-1.png").path))
    }

    /// All or nothing: a page that fails while rendering (a photo that cannot be decoded, which the check
    /// before rendering does not read) leaves no page written, and files already at the outputs stay.
    func testAPageThatFailsToRenderLeavesNoPageWritten() throws {
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array("garbage".utf8))
            .write(to: directory.appendingPathComponent("photos/broken.png"))
        try writeTwoPages(second: "photos/broken.png")
        try Data("old".utf8).write(to: directory.appendingPathComponent("out-1.png"))
        let result = try runCollage(["render", "pages.yaml", "-o", "out-${page}.png"], in: directory)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("broken.png"), result.stderr)
        XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("out-1.png")), Data("old".utf8))
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out-2.png").path))
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains("partial") }
        XCTAssertEqual(left, [], "no staged file is left")
        // A page whose folder is missing: nothing written either.
        try writeTwoPages()
        let folders = try runCollage(["render", "pages.yaml", "-o", "r${page}/x.png"], in: directory)
        XCTAssertEqual(folders.status, 1, folders.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("r1").path))
        let written = try runCollage(["render", "pages.yaml", "-o", "out-${page}.png"], in: directory)
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertEqual(try decode("out-1.png").width, 100)
    }

    /// Where one page is rendered, a multi-page document needs the page chosen: from standard input,
    /// as a batch template, and check's -o as render's.
    func testOnePageOutputsNeedThePageChosen() throws {
        try writeTwoPages()
        let text = try Data(contentsOf: directory.appendingPathComponent("pages.yaml"))
        let stdin = try runCollage(["render", "-", "-o", "s-${page}.png"], in: directory, stdin: text)
        XCTAssertEqual(stdin.status, 64, stdin.stderr)
        XCTAssertTrue(stdin.stderr.contains("has 2 pages"), stdin.stderr)
        let chosen = try runCollage(["render", "-", "-o", "s.png", "--set", "page=2"], in: directory, stdin: text)
        XCTAssertEqual(chosen.status, 0, chosen.stderr)
        try "id\na\n".write(to: directory.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
        let batch = try runCollage(["batch", "pages.yaml", "--data", "rows.csv", "-o", "b/${id}.png"], in: directory)
        XCTAssertEqual(batch.status, 64, batch.stderr)
        XCTAssertTrue(batch.stderr.contains("choose the page with --set page=N"), batch.stderr)
        let check = try runCollage(["check", "pages.yaml", "-o", "one.png"], in: directory)
        XCTAssertEqual(check.status, 64, check.stderr)
        XCTAssertEqual(try runCollage(["check", "pages.yaml", "-o", "one-${page}.png"], in: directory).status, 0)
    }

    func testPaginateAndPagesTogetherAndABadPerPageAreErrors() throws {
        try write("both.yaml", """
        version: 1
        canvas: {width: 100, height: 80}
        photos: [photos/p01.png]
        pages: [{photos: [photos/p02.png]}]
        paginate: {perPage: 0}
        """)
        let result = try runCollage(["check", "both.yaml"], in: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("both.yaml:5:1: error: 'paginate' and 'pages' cannot both be given"), result.stderr)
        try write("zero.yaml", "version: 1\ncanvas: {width: 100, height: 80}\nphotos: [photos/p01.png]\npaginate: {perPage: 0}\n")
        let zero = try runCollage(["check", "zero.yaml"], in: directory)
        XCTAssertEqual(zero.status, 1)
        XCTAssertTrue(zero.stderr.contains("zero.yaml:4:21: error: 'perPage' must be from 1 to 10000; found 0"), zero.stderr)
    }
}
