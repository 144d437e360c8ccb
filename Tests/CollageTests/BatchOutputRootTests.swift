import Collage
import Foundation
import XCTest
import CollageTestSupport

/// Issue 29: a batch row's output stays inside the folder of `-o` before its
/// first `${` (`OutputRoot`), after following symbolic links.
final class BatchOutputRootTests: XCTestCase, PhotoFolderTest {
    var directory: URL!

    override func setUpWithError() throws {
        try makePhotoFolder()
        try write("work/card.yaml", Self.batchCard.replacingOccurrences(of: "photos/", with: "../photos/"))
        try FileManager.default.createDirectory(at: url("work/out/2026"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: url("elsewhere"), withIntermediateDirectories: true)
        // A link inside the output folder that points out of it.
        try FileManager.default.createSymbolicLink(atPath: url("work/out/link").path, withDestinationPath: url("elsewhere").path)
    }

    func testTheOutputRootIsTheFolderBeforeTheFirstVariable() {
        let cwd = FileManager.default.currentDirectoryPath
        XCTAssertEqual(OutputRoot(template: "out/${id}.jpg").folder, "out")
        XCTAssertEqual(OutputRoot(template: "out/card-${id}/x.jpg").folder, "out")
        XCTAssertEqual(OutputRoot(template: "out/a/${id}.jpg").folder, "out/a")
        XCTAssertEqual(OutputRoot(template: "${id}.jpg").folder, ".")
        XCTAssertEqual(OutputRoot(template: "${dir}/x.jpg").folder, ".")
        XCTAssertEqual(OutputRoot(template: "/srv/cards/${id}.jpg").folder, "/srv/cards")
        XCTAssertEqual(OutputRoot(template: "/${id}.jpg").folder, "/")
        XCTAssertEqual(OutputRoot(template: "a$${b}/${id}.jpg").folder, "a${b}")
        XCTAssertEqual(OutputRoot(template: "${id}.jpg").resolved, URL(fileURLWithPath: cwd).resolvingSymlinksInPath().path)
        let root = OutputRoot(template: url("work/out").path + "/${id}.png")
        XCTAssertNil(root.refusal(of: url("work/out/a.png").path))
        XCTAssertNil(root.refusal(of: url("work/out/2026/a.png").path))
        XCTAssertNil(root.refusal(of: url("work/out/new/folder/a.png").path))
        XCTAssertNotNil(root.refusal(of: url("work/out/../a.png").path))
        XCTAssertNotNil(root.refusal(of: url("work/out/link/a.png").path))
        XCTAssertNotNil(root.refusal(of: "/tmp/a.png"))
        XCTAssertNotNil(root.refusal(of: url("work/out").path))
    }

    /// `..` and a link pointing out each fail their row with a clear error;
    /// the rows that stay inside (a sub-folder per row, and an absolute
    /// value after `out/`, which names a path inside `out`) are written,
    /// and `--report` records every row.
    func testRowsThatEscapeFailAloneAndAreReported() throws {
        let absolute = url("elsewhere/abs").path
        try write("work/rows.csv", "id\nfine\n../escaped\n\(absolute)\nlink/through\n2026/sub\nnew/deeper/x\n")
        let result = try runCollage(["batch", "card.yaml", "--data", "rows.csv", "-o", "out/${id}.png",
                                     "--report", "report.jsonl"], in: url("work"))
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(exists("work/out/fine.png"))
        XCTAssertTrue(exists("work/out/2026/sub.png"))
        XCTAssertTrue(exists("work/out/new/deeper/x.png"))
        XCTAssertFalse(exists("work/escaped.png"))
        XCTAssertFalse(exists("elsewhere/abs.png"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: url("work/out").path + absolute + ".png"))
        XCTAssertFalse(exists("elsewhere/through.png"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: url("elsewhere").path), [])
        let work = url("work").resolvingSymlinksInPath().path
        for (row, output, target) in [(2, "out/../escaped.png", work + "/escaped.png"),
                                      (4, "out/link/through.png", url("elsewhere").resolvingSymlinksInPath().path + "/through.png")] {
            XCTAssertTrue(result.stderr.contains("row \(row) (rows.csv:\(row + 1)): failed (\(output))"), result.stderr)
            XCTAssertTrue(result.stderr.contains("error: the output '\(output)' resolves to '\(target)', outside the output folder 'out'"),
                          "row \(row): \(result.stderr)")
        }
        XCTAssertTrue(result.stderr.contains("batch: 4 of 6 rows written; 2 failed: rows 2, 4 in "), result.stderr)

        let lines = try text("work/report.jsonl").split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        XCTAssertEqual(lines.map { $0["status"] as? String }, ["ok", "failed", "ok", "failed", "ok", "ok"])
        let errors = lines.map { $0["error"] as? [String: Any] }
        XCTAssertEqual(errors.map { $0?["kind"] as? String }, [nil, "pathOutsideRoot", nil, "pathOutsideRoot", nil, nil])
        XCTAssertTrue((errors[1]?["message"] as? String ?? "").contains("outside the output folder 'out'"))

        // --allow-outside restores the old behaviour.
        try write("work/rows.csv", "id\n../escaped\n")
        let allowed = try runCollage(["batch", "card.yaml", "--data", "rows.csv", "-o", "out/${id}.png", "--allow-outside"],
                                     in: url("work"))
        XCTAssertEqual(allowed.status, 0, allowed.stderr)
        XCTAssertTrue(exists("work/escaped.png"))
    }

    /// An output that is itself a link pointing out fails; `${id}.png` has
    /// the working directory as its root, so an absolute value fails too.
    func testALinkedOutputAndAnAbsoluteValueUnderADotRoot() throws {
        try FileManager.default.createSymbolicLink(atPath: url("work/linked.png").path,
                                                   withDestinationPath: url("elsewhere/target.png").path)
        try write("work/rows.csv", "id\nlinked\n\(url("elsewhere/abs").path)\nplain\n")
        let result = try runCollage(["batch", "card.yaml", "--data", "rows.csv", "-o", "${id}.png"], in: url("work"))
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("outside the output folder '.'"), result.stderr)
        XCTAssertTrue(result.stderr.contains("batch: 1 of 3 rows written; 2 failed: rows 1, 2 in "), result.stderr)
        XCTAssertTrue(exists("work/plain.png"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: url("elsewhere").path), [])
    }
}
