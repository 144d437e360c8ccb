import Collage
import Foundation
import XCTest
import CollageTestSupport

/// No file a batch row reads may be replaced by the batch: not by
/// `--report` or `--depfile` (a photo, the background image, a font file of
/// any row), not by another row's output (which row ran first would decide
/// the image), and not the stamps file `.collage-stamps`. Each is refused
/// before anything renders, except a row whose output is named like the
/// stamps file, which fails alone.
final class BatchInputOverwriteTests: XCTestCase, PhotoFolderTest {
    var directory: URL!
    private let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    override func setUpWithError() throws {
        try makePhotoFolder()
    }

    private func writeCard() throws {
        try write("work/card.yaml", """
            version: 1
            canvas: {width: 40, height: 30, background: {image: bg.png}}
            photos: ["${photo}"]
            overlays:
              - text: "${id}"
                font: {file: font.ttf, size: 10}
            """)
        for name in ["p.png", "q.png", "bg.png"] {
            try FileManager.default.copyItem(at: url("photos/quadrants.png"), to: url("work/\(name)"))
        }
    }

    private func bytes(_ name: String) throws -> Data { try Data(contentsOf: url(name)) }

    func testReportAndDepfileMayNotReplaceAnyRowsInput() throws {
        try FileManager.default.createDirectory(at: url("work"), withIntermediateDirectories: true)
        try Data(contentsOf: URL(fileURLWithPath: font)).write(to: url("work/font.ttf"))
        try writeCard()
        try write("work/rows.csv", "id,photo\na,p.png\nb,q.png\n")
        let before = try ["p.png", "q.png", "bg.png", "font.ttf"].map { try bytes("work/\($0)") }
        for flag in ["--report", "--depfile"] {
            // q.png is row 2's photo only: every row's inputs count, not the first row's.
            for (input, shown) in [("p.png", "p.png"), ("q.png", "q.png"), ("bg.png", "bg.png"), ("font.ttf", "font.ttf"),
                                   ("./font.ttf", "font.ttf")] {
                let result = try runCollage(["batch", "card.yaml", "--data", "rows.csv", "-o", "out/${id}.png", flag, input],
                                            in: url("work"))
                XCTAssertEqual(result.status, 64, "\(flag) \(input): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains("error: \(flag) '\(input)' is an input ("), result.stderr)
                XCTAssertTrue(result.stderr.contains("/work/\(shown)')"), result.stderr)
                XCTAssertFalse(exists("work/out"), "nothing rendered: \(flag) \(input)")
            }
        }
        XCTAssertEqual(try ["p.png", "q.png", "bg.png", "font.ttf"].map { try bytes("work/\($0)") }, before)
    }

    func testARowsOutputMayNotBeAnotherRowsInput() throws {
        try FileManager.default.createDirectory(at: url("work"), withIntermediateDirectories: true)
        try Data(contentsOf: URL(fileURLWithPath: font)).write(to: url("work/font.ttf"))
        try writeCard()
        let before = try bytes("work/q.png")
        // Row 1 would write row 2's photo, by its own name and through a link.
        try FileManager.default.createSymbolicLink(atPath: url("work/link.png").path, withDestinationPath: url("work/q.png").path)
        for output in ["q.png", "link.png", "./q.png"] {
            try write("work/rows.csv", "id,photo,out\na,p.png,\(output)\nb,q.png,out/b.png\n")
            let result = try runCollage(["batch", "card.yaml", "--data", "rows.csv", "-o", "${out}"], in: url("work"))
            XCTAssertEqual(result.status, 64, result.stderr)
            XCTAssertTrue(result.stderr.contains("error: row 1: the output '\(output)' is a file row 2 reads ("), result.stderr)
            XCTAssertFalse(exists("work/out/b.png"), "nothing rendered")
            XCTAssertEqual(try bytes("work/q.png"), before)
        }
        // A row whose output is its own photo still fails alone, when it renders.
        try write("work/rows.csv", "id,photo,out\na,p.png,out/a.png\nb,q.png,q.png\n")
        let own = try runCollage(["batch", "card.yaml", "--data", "rows.csv", "-o", "${out}"], in: url("work"))
        XCTAssertEqual(own.status, 1, own.stderr)
        XCTAssertTrue(exists("work/out/a.png"))
        XCTAssertEqual(try bytes("work/q.png"), before)
    }

    func testTheStampsFileNameIsReserved() throws {
        try write("work/card.yaml", Self.batchCard.replacingOccurrences(of: "photos/", with: "../photos/"))
        try write("work/rows.csv", "id\na\n.collage-stamps\n")
        try FileManager.default.createDirectory(at: url("work/out"), withIntermediateDirectories: true)
        let result = try runCollage(["batch", "card.yaml", "--data", "rows.csv", "-o", "out/${id}", "--format", "png",
                                     "--skip-unchanged", "--report", "report.jsonl"], in: url("work"))
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("rows.csv:3:1: error: 'out/.collage-stamps' is named .collage-stamps"), result.stderr)
        XCTAssertTrue(exists("work/out/a"))
        // The stamps file is the stamps, not an image: a second run skips row 1.
        XCTAssertTrue(try text("work/out/.collage-stamps").contains(" a\n"))
        let lines = try text("work/report.jsonl").split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let error = try XCTUnwrap(lines[1]["error"] as? [String: Any])
        XCTAssertEqual(error["kind"] as? String, "invalidValue")
        XCTAssertEqual(error["file"] as? String, "rows.csv")
        XCTAssertEqual(error["line"] as? Int, 3)
        for flag in ["--report", "--depfile"] {
            let refused = try runCollage(["batch", "card.yaml", "--data", "rows.csv", "-o", "out/${id}.png",
                                          flag, "out/.collage-stamps"], in: url("work"))
            XCTAssertEqual(refused.status, 64, refused.stderr)
            XCTAssertTrue(refused.stderr.contains("error: \(flag): 'out/.collage-stamps' is named .collage-stamps"), refused.stderr)
        }
    }

    func testSetTakesOnlyVariableNames() throws {
        try write("work/card.yaml", Self.batchCard.replacingOccurrences(of: "photos/", with: "../photos/"))
        for name in ["1x", "a b", "a-b"] {
            let result = try runCollage(["render", "card.yaml", "-o", "out.png", "--set", "\(name)=3"], in: url("work"))
            XCTAssertEqual(result.status, 64, result.stderr)
            XCTAssertTrue(result.stderr.contains("error: --set '\(name)': a variable name is letters, digits and _"), result.stderr)
        }
        XCTAssertEqual(try runCollage(["render", "card.yaml", "-o", "out.png", "--set", "bg=#ffffff"], in: url("work")).status, 0)
    }
}
