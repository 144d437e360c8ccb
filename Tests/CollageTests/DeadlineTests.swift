import Collage
import Foundation
import XCTest
import CollageTestSupport

/// `--timeout` and `DocumentRenderer`'s `timeout` (issue 37): a render over
/// its deadline stops within it, writes nothing, exits 1 (a batch row
/// fails alone), and leaves no helper process behind.
final class DeadlineTests: XCTestCase {
    /// 100x100 with a radius-5 morphology: passes the pre-scan at its own
    /// size, takes librsvg minutes drawn over 2000x2000 or more.
    static let slowSVG = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"100\"><filter id=\"f\">"
        + "<feMorphology radius=\"5\"/></filter><rect width=\"100\" height=\"100\" fill=\"red\" filter=\"url(#f)\"/></svg>"
    static let quickSVG = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"100\"><circle cx=\"50\" cy=\"50\" "
        + "r=\"40\" fill=\"#3366cc\"/></svg>"

    private func folder() throws -> URL {
        let directory = try TestPackage.temporaryDirectory(self)
        try Data(Self.slowSVG.utf8).write(to: directory.appendingPathComponent("slow.svg"))
        try Data(Self.quickSVG.utf8).write(to: directory.appendingPathComponent("quick.svg"))
        try Data(("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"2000\" height=\"2000\"><filter id=\"f\"><feMorphology "
                  + "radius=\"400\"/></filter><rect width=\"2000\" height=\"2000\" filter=\"url(#f)\"/></svg>").utf8)
            .write(to: directory.appendingPathComponent("morph.svg"))
        return directory
    }

    private func write(_ text: String, _ name: String, in directory: URL) throws {
        try Data(text.utf8).write(to: directory.appendingPathComponent(name))
    }

    /// Helper processes (`--collage-helper`) whose parent is this process.
    private func helperChildren() -> [Int32] {
        let me = getpid()
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, Int32(fields[1]) == me else { return false }
            let command = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
            return String(decoding: command, as: UTF8.self).contains("--collage-helper")
        }
    }

    func testRenderStopsAtTheTimeoutWithNothingWritten() throws {
        let directory = try folder()
        for (svg, size) in [("slow.svg", 3000), ("morph.svg", 2000)] {
            try write("version: 1\ncanvas: {width: \(size), height: \(size)}\nphotos:\n  - src: \(svg)\n", "doc.yaml", in: directory)
            let start = Date()
            let result = try runCollage(["render", "doc.yaml", "-o", "out.png", "--timeout", "1"], in: directory)
            let seconds = Date().timeIntervalSince(start)
            XCTAssertEqual(result.status, 1, "\(svg): \(result.stderr)")
            XCTAssertLessThan(seconds, 2, svg)
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains("out.png") }
            XCTAssertEqual(leftovers, [], "\(svg): no output, no temporary file")
            if svg == "slow.svg" {
                XCTAssertTrue(result.stderr.contains("error: the render exceeded --timeout 1 s"), result.stderr)
            }
        }
    }

    func testABatchRowOverItsTimeoutFailsAndTheOthersAreWritten() throws {
        let directory = try folder()
        try write("version: 1\ncanvas: {width: 2000, height: 2000}\nphotos: [\"${photo}\"]\n", "card.yaml", in: directory)
        try write("id,photo\na,quick.svg\nb,slow.svg\nc,quick.svg\n", "rows.csv", in: directory)
        let start = Date()
        let result = try runCollage(["batch", "card.yaml", "--data", "rows.csv", "-o", "out/${id}.jpg", "--timeout", "2",
                                     "--report", "report.jsonl"], in: directory)
        XCTAssertLessThan(Date().timeIntervalSince(start), 20)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("error: the render exceeded --timeout 2 s"), result.stderr)
        let written = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("out").path).sorted()
        XCTAssertEqual(written, ["a.jpg", "c.jpg"])
        let report = try String(contentsOf: directory.appendingPathComponent("report.jsonl"), encoding: .utf8)
        let failed = report.split(separator: "\n").filter { $0.contains("\"timedOut\"") }
        XCTAssertEqual(failed.count, 1, report)
        XCTAssertTrue(failed.first?.contains("b.jpg") ?? false, report)
    }

    func testDocumentRendererThrowsTimedOutAndLeavesNoHelper() throws {
        let directory = try folder()
        let renderer = DocumentRenderer(configuration: .init(timeout: 1, helper: TestPackage.binary.path))
        let document = "version: 1\ncanvas: {width: 3000, height: 3000}\nphotos:\n  - src: slow.svg\n"
        let start = Date()
        XCTAssertThrowsError(try renderer.render(.text(document, baseDirectory: directory.path), format: .png)) { error in
            guard case CollageError.timedOut(let seconds) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(seconds, 1)
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 2)
        XCTAssertEqual(helperChildren(), [], "the helper was killed and reaped")
        // And without a deadline passed, the same renderer draws an SVG through its helper.
        let quick = "version: 1\ncanvas: {width: 200, height: 200}\nphotos:\n  - src: quick.svg\n"
        let helped = try renderer.render(.text(quick, baseDirectory: directory.path), format: .png)
        let alone = try DocumentRenderer().render(.text(quick, baseDirectory: directory.path), format: .png)
        XCTAssertEqual(helped.bytes, alone.bytes)
        XCTAssertEqual(helperChildren(), [])
    }

    func testWatchReportsATimedOutRenderAndRendersTheNextChange() throws {
        let directory = try folder()
        try write("version: 1\ncanvas: {width: 3000, height: 3000}\nphotos:\n  - src: slow.svg\n", "doc.yaml", in: directory)
        let log = directory.appendingPathComponent("watch.log")
        let process = try startWatch("doc.yaml", output: "out.png", in: directory, log: log, extra: ["--timeout", "1"])
        defer { if process.isRunning { process.terminate(); process.waitUntilExit() } }
        func logText() -> String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
        XCTAssertTrue(waitUntil(20) { logText().contains("error: the render exceeded --timeout 1 s") }, logText())
        XCTAssertTrue(waitUntil(5) { logText().contains("not updated") }, logText())
        XCTAssertTrue(process.isRunning)
        let output = directory.appendingPathComponent("out.png").path
        XCTAssertFalse(FileManager.default.fileExists(atPath: output))
        try write("version: 1\ncanvas: {width: 200, height: 200}\nphotos:\n  - src: quick.svg\n", "doc.yaml", in: directory)
        XCTAssertTrue(waitUntil(20) { FileManager.default.fileExists(atPath: output) }, logText())
    }

    func testEveryRenderingCommandDocumentsTimeoutWithAnExample() throws {
        for command in ["render", "convert", "grid", "batch", "watch"] {
            let help = String(decoding: try runCollage([command, "--help"]).stdout, as: UTF8.self)
            XCTAssertTrue(help.contains("--timeout SECONDS"), command)
            XCTAssertTrue(help.split(separator: "\n").contains { $0.contains("$ collage \(command)") && $0.contains("--timeout") },
                          "\(command): an example with --timeout")
        }
        // Above 0, at most a year (31536000 s, stated in the message), decimal only (not 0x10).
        for value in ["0", "-1", "abc", "1e9", "31536001", "0x10", "0x1p3", "nan", "inf"] {
            let bad = try runCollage(["render", "doc.yaml", "-o", "out.png", "--timeout", value])
            XCTAssertEqual(bad.status, 64, value)
            XCTAssertTrue(bad.stderr.contains("--timeout takes a number of seconds above 0 and at most 31536000 (a year)"
                                              + ", such as 10 or 2.5, not '\(value)'"), bad.stderr)
        }
    }
}
