import Foundation
import XCTest
import CollageTestSupport

/// docs/batch.md's shell recipes, run as written there (read from the file):
/// the GNU parallel line (parallel and jq come from scripts/debian-packages)
/// and the retry of the failed rows from the reports.
final class BatchRecipeTests: XCTestCase, PhotoFolderTest {
    var directory: URL!

    override func setUpWithError() throws {
        try makePhotoFolder()
        // Every row names its photo, so the card's defaults never apply.
        try write("card.yaml", Self.batchCard)
    }

    /// The docs' lines for a recipe: the one starting with `prefix`, or the
    /// first ```sh block after the heading `heading`.
    func recipe(line prefix: String? = nil, after heading: String? = nil) throws -> String {
        let text = try String(contentsOf: TestPackage.root.appendingPathComponent("docs/batch.md"), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        if let prefix { return try XCTUnwrap(lines.first { $0.hasPrefix(prefix) }, "docs/batch.md has no '\(prefix)' line") }
        let start = try XCTUnwrap(lines.firstIndex(of: heading!))
        let open = try XCTUnwrap(lines[start...].firstIndex(of: "```sh")) + 1
        let close = try XCTUnwrap(lines[open...].firstIndex(of: "```"))
        return lines[open..<close].joined(separator: "\n")
    }

    func shell(_ script: String) throws -> (status: Int32, output: String) {
        let binaries = TestPackage.binary.deletingLastPathComponent().path
        let result = try Pipeline.run("/bin/sh", ["-c", "PATH='\(binaries)':\"$PATH\"; " + script], in: directory,
                                      environment: ["HOME": directory.path])
        return (result.status, result.output)
    }

    func reportRows(_ name: String) throws -> [[String: Any]] {
        try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8).split(separator: "\n").map {
            try XCTUnwrap(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    func testParallelRecipeAndRetryOfFailedRows() throws {
        let photos = ["quadrants.png", "stripes.png", "missing.png", "tall.png", "gradient.jpg", "missing2.png", "upright.png"]
        let rows = photos.enumerated().map { "p\($0.offset + 1),\($0.element)" }.joined(separator: "\n")
        try Data(("id,photo\n" + rows + "\n").utf8).write(to: directory.appendingPathComponent("places.csv"))

        let parallel = try recipe(line: "parallel -q collage batch")
        let first = try shell(parallel)
        XCTAssertEqual(first.status, 2, "two shards had a failed row: \(first.output)")
        let written = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("out").path)
        XCTAssertEqual(Set(written), ["p1.jpg", "p2.jpg", "p4.jpg", "p5.jpg", "p7.jpg"])
        var seen: [Int] = []
        for k in 1...4 {
            let report = try reportRows("report-\(k).jsonl")
            let numbers = report.compactMap { $0["row"] as? Int }
            XCTAssertEqual(numbers, (1...7).filter { ($0 - 1) % 4 == k - 1 }, "shard \(k)")
            seen += numbers
            for line in report {
                XCTAssertEqual(line["status"] as? String, [3, 6].contains(line["row"] as? Int ?? 0) ? "failed" : "ok")
            }
        }
        XCTAssertEqual(seen.sorted(), Array(1...7), "every row once")

        // The missing photos arrive; the retry renders those two rows only.
        for name in ["missing.png", "missing2.png"] {
            try FileManager.default.copyItem(at: directory.appendingPathComponent("photos/stripes.png"),
                                             to: directory.appendingPathComponent("photos/" + name))
        }
        let before = try Data(contentsOf: directory.appendingPathComponent("out/p1.jpg"))
        let retry = try shell(try recipe(after: "### Retrying only the failed rows"))
        XCTAssertEqual(retry.status, 0, retry.output)
        let retried = try reportRows("retry.jsonl")
        XCTAssertEqual(retried.map { $0["id"] as? String }, ["p3", "p6"])
        XCTAssertEqual(retried.map { $0["status"] as? String }, ["ok", "ok"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out/p3.jpg").path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out/p6.jpg").path))
        XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("out/p1.jpg")), before)
    }
}
