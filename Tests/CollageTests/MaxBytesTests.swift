import CollageCodecs
import Foundation
import XCTest
import CollageTestSupport

/// `--max-bytes SIZE` and `output.maxBytes` through `collage` (issue 35):
/// the file fits, the quality one step higher does not, a larger budget
/// never gives a lower quality, the chosen quality is a warning line (and
/// a field of batch's `--report`), and an impossible budget is an error
/// saying what the lowest quality gives.
final class MaxBytesTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = try TestPackage.temporaryDirectory(self)
        try SyntheticPhotos.writeAll(into: directory)
        let text = """
            version: 1
            canvas: {width: 480, height: 320, background: "#ffffff"}
            photos: [photos/gradient.jpg, photos/quadrants.png, photos/stripes.png, photos/checker.png]
            layout: {kind: auto, gap: 4}
            """
        try Data(text.utf8).write(to: directory.appendingPathComponent("doc.yaml"))
    }

    private func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try Pipeline.run(TestPackage.binary.path, arguments, in: directory)
    }

    private func size(_ name: String) throws -> Int {
        try Data(contentsOf: directory.appendingPathComponent(name)).count
    }

    /// The quality a `--max-bytes` render reports in its warning line.
    private func reportedQuality(_ output: String, format: String = "JPEG") -> Int? {
        guard let range = output.range(of: "\(format) quality ") else { return nil }
        return Int(output[range.upperBound...].prefix { $0.isNumber })
    }

    func testTheFileFitsAndOneQualityStepHigherDoesNot() throws {
        for format in ["jpg", "webp"] {
            XCTAssertEqual(try run(["render", "doc.yaml", "-o", "q80.\(format)", "--quality", "80"]).status, 0)
            let budget = try size("q80.\(format)") + 200
            let result = try run(["render", "doc.yaml", "-o", "fit.\(format)", "--max-bytes", String(budget)])
            XCTAssertEqual(result.status, 0, result.output)
            let name = format == "jpg" ? "JPEG" : "WebP"
            let quality = try XCTUnwrap(reportedQuality(result.output, format: name), result.output)
            XCTAssertTrue(result.output.contains("warning: --max-bytes \(budget): \(name) quality \(quality) gives \(try size("fit.\(format)")) bytes"),
                          result.output)
            XCTAssertLessThanOrEqual(try size("fit.\(format)"), budget)
            XCTAssertGreaterThanOrEqual(quality, 80)
            // The same file as rendering at that quality; one step up is too large.
            XCTAssertEqual(try run(["render", "doc.yaml", "-o", "at.\(format)", "--quality", String(quality)]).status, 0)
            XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("at.\(format)")),
                           try Data(contentsOf: directory.appendingPathComponent("fit.\(format)")))
            if quality < 100 {
                XCTAssertEqual(try run(["render", "doc.yaml", "-o", "up.\(format)", "--quality", String(quality + 1)]).status, 0)
                XCTAssertGreaterThan(try size("up.\(format)"), budget)
            }
        }
    }

    func testALargerBudgetNeverGivesALowerQuality() throws {
        var last = 0
        for budget in ["12K", "20K", "30K", "45K", "80K", "2M"] {
            let result = try run(["render", "doc.yaml", "-o", "b.jpg", "--max-bytes", budget])
            XCTAssertEqual(result.status, 0, result.output)
            let quality = try XCTUnwrap(reportedQuality(result.output), result.output)
            XCTAssertGreaterThanOrEqual(quality, last, budget)
            last = quality
        }
        XCTAssertEqual(last, 100)
    }

    func testAnImpossibleBudgetIsAnErrorNamingTheLowestQualitysSize() throws {
        XCTAssertEqual(try run(["render", "doc.yaml", "-o", "q1.jpg", "--quality", "1"]).status, 0)
        let lowest = try size("q1.jpg")
        let result = try run(["render", "doc.yaml", "-o", "none.jpg", "--max-bytes", "500"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.output.contains("error: cannot encode the output: even quality 1 gives \(lowest) bytes, over --max-bytes 500"),
                      result.output)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("none.jpg").path))
        let png = try run(["render", "doc.yaml", "-o", "none.png", "--max-bytes", "1M"])
        XCTAssertEqual(png.status, 1)
        XCTAssertTrue(png.output.contains("PNG has none"), png.output)
    }

    /// `output.maxBytes` in the document: the warning is located at its value.
    func testTheDocumentsMaxBytesIsLocated() throws {
        let text = try String(contentsOf: directory.appendingPathComponent("doc.yaml"), encoding: .utf8)
            + "\noutput:\n  maxBytes: 30000\n"
        try Data(text.utf8).write(to: directory.appendingPathComponent("budget.yaml"))
        let result = try run(["render", "budget.yaml", "-o", "doc.jpg"])
        XCTAssertEqual(result.status, 0, result.output)
        let quality = try XCTUnwrap(reportedQuality(result.output), result.output)
        XCTAssertTrue(result.output.contains("budget.yaml:6:13: warning: output.maxBytes 30000: JPEG quality \(quality) gives"), result.output)
        XCTAssertLessThanOrEqual(try size("doc.jpg"), 30000)
        let bad = text.replacingOccurrences(of: "30000", with: "0")
        try Data(bad.utf8).write(to: directory.appendingPathComponent("bad.yaml"))
        let refused = try run(["render", "bad.yaml", "-o", "bad.jpg"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.output.contains("bad.yaml:6:13: error: 'maxBytes' must be"), refused.output)
        let png = try run(["render", "budget.yaml", "-o", "doc.png"])
        XCTAssertEqual(png.status, 1)
        XCTAssertTrue(png.output.contains("budget.yaml:6:13: error: 'maxBytes' needs a quality to lower, and PNG has none: write JPEG, WebP or AVIF"),
                      png.output)
        let check = try run(["check", "budget.yaml", "-o", "doc.png"])
        XCTAssertEqual(check.status, 1)
        XCTAssertTrue(check.output.contains("budget.yaml:6:13: error: 'maxBytes' needs a quality to lower"), check.output)
    }

    func testBatchReportsTheChosenQuality() throws {
        try Data("id\na\nb\n".utf8).write(to: directory.appendingPathComponent("rows.csv"))
        let result = try run(["batch", "doc.yaml", "--data", "rows.csv", "-o", "out/${id}.jpg", "--max-bytes", "30K",
                              "--report", "report.jsonl"])
        XCTAssertEqual(result.status, 0, result.output)
        let quality = try XCTUnwrap(reportedQuality(result.output), result.output)
        let report = try String(contentsOf: directory.appendingPathComponent("report.jsonl"), encoding: .utf8)
        let lines = report.split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        for line in lines { XCTAssertTrue(line.contains("\"quality\":\(quality),\"error\":null"), String(line)) }
        XCTAssertLessThanOrEqual(try size("out/a.jpg"), 30 << 10)
    }
}
